/** What the digest needs of a notification to tell rapid repeats apart. */
export interface Batchable {
  speachId: string | null;
  actorId: string | null;
  data?: Record<string, unknown> | null;
  date: string;
}

/** Repeats of one actor on one subject closer than this to the next one make one line of the digest. */
export const BATCH_WINDOW_MS = 60 * 60_000;

/**
 * What a notification's data may name or say: two notifications that differ in any of it are about
 * different things (another path, another user told about, another comment's text) and keep a line each.
 */
const DISTINCT_FIELDS = ['pathId', 'topicId', 'conversationId', 'userId', 'learnerId', 'reportId', 'daysBefore', 'content', 'message', 'comment'] as const;

function subjectKey(n: Batchable): string {
  const data = n.data ?? {};
  return JSON.stringify([n.speachId, n.actorId, ...DISTINCT_FIELDS.map((key) => data[key] ?? null)]);
}

/**
 * Issue 19: rapid edits are batched. Notifications of one type (the caller groups by type), newest
 * first, fold into one line when the same actor did the same thing to the same subject within
 * BATCH_WINDOW_MS of the previous repeat (a speach published again and again while its author fixes
 * it, co-editors changed in a row): the line keeps the newest and counts the others. Notifications
 * that say something different (two comments) keep a line each. Answers the lines, newest first.
 */
export function batchRapidRepeats<N extends Batchable>(newestFirst: N[]): { newest: N; count: number }[] {
  const lines: { newest: N; count: number; oldestAt: number }[] = [];
  const open = new Map<string, (typeof lines)[number]>();
  for (const n of newestFirst) {
    const key = subjectKey(n);
    const at = Date.parse(n.date);
    const line = open.get(key);
    if (line && line.oldestAt - at <= BATCH_WINDOW_MS) {
      line.count++;
      line.oldestAt = at;
      continue;
    }
    const fresh = { newest: n, count: 1, oldestAt: at };
    lines.push(fresh);
    open.set(key, fresh);
  }
  return lines.map(({ newest, count }) => ({ newest, count }));
}
