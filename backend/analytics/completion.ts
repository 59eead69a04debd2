/**
 * Completion, defined once (issue 17): of the distinct learners who started a speach (read or answered at
 * least one of its current chapters), the share who finished it (every current chapter), and per chapter the
 * share who read that chapter. Every figure has the same denominator, so no share goes above 100 % and the
 * learners tile is the count the chapter rows divide by.
 */
export interface SpeachCompletion {
  started: number;
  finished: number;
  /** finished / started, rounded to a whole percent; 0 when nobody started. */
  percent: number;
  chapters: { chapterId: string; readers: number; percent: number }[];
}

const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

export function speachCompletion(chapterIds: readonly string[], learners: readonly { readChapterIds: readonly string[] }[]): SpeachCompletion {
  const current = new Set(chapterIds);
  const readers = new Map(chapterIds.map((id) => [id, 0]));
  let started = 0;
  let finished = 0;
  for (const learner of learners) {
    const read = new Set(learner.readChapterIds.filter((id) => current.has(id)));
    if (read.size === 0) continue;
    started += 1;
    if (read.size === current.size) finished += 1;
    for (const id of read) readers.set(id, (readers.get(id) ?? 0) + 1);
  }
  return {
    started,
    finished,
    percent: share(finished, started),
    chapters: chapterIds.map((chapterId) => ({ chapterId, readers: readers.get(chapterId) ?? 0, percent: share(readers.get(chapterId) ?? 0, started) })),
  };
}
