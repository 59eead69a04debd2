import type { CompletedSpeach } from '../../events';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import {
  LEARNER_PROGRESS,
  type ProgressDocument,
  SPEACH_VERSIONS,
  SPEACHES,
  type SpeachDocument,
  type SpeachVersionDocument,
  liveVersion,
  readingOrder,
} from '../speach';

import type { SpeachInPath } from './path.view';

export type { SpeachInPath } from './path.view';

export interface PathProgress {
  speaches: SpeachInPath[];
  percent: number;
  completed: boolean;
  /** The speach to continue with: the first open one not completed. */
  next: SpeachInPath | null;
}

/**
 * A learner's progress on a path, from the chapters they read (the speaches' `learner_progress` read
 * model) against each speach's live version. The page, the lists and the completion policy all ask
 * this one function, so a certificate is issued exactly when the page shows 100 %. During a
 * recertification cycle (`since`), only chapters read from its start count: an old read renews nothing.
 */
export async function pathProgress(
  store: ReadStore,
  userId: string,
  speachIds: string[],
  sequential: boolean,
  now: string,
  since: string | null = null,
): Promise<PathProgress> {
  const docs = new Map((await store.collection<SpeachDocument>(SPEACHES).findByIds(speachIds)).map((d) => [d._id, d]));
  // An archived speach leaves the learner's path; one unpublished for now is listed, not required.
  const present = speachIds.filter((id) => docs.has(id) && !docs.get(id)!.archived);
  const versionOf = (doc: SpeachDocument) => liveVersion(doc, now)?.version ?? doc.versions[doc.versions.length - 1]?.version ?? null;
  const versionIds = present.map((id) => `${id}:${versionOf(docs.get(id)!)}`);
  const versions = new Map((await store.collection<SpeachVersionDocument>(SPEACH_VERSIONS).findByIds(versionIds)).map((v) => [v.speachId, v]));
  const progress = new Map(
    (await store.collection<ProgressDocument>(LEARNER_PROGRESS).findByIds(present.map((id) => `${userId}:${id}`))).map((p) => [p.speachId, p]),
  );
  let blocked = false;
  const speaches: SpeachInPath[] = present.map((id) => {
    const doc = docs.get(id)!;
    const version = versionOf(doc);
    const nodes = versions.get(id)?.chapters ?? readingOrder(doc.draft);
    const own = progress.get(id);
    const read = new Set((own?.readChapterIds ?? []).filter((chapterId) => since === null || (own?.readAt?.[chapterId] ?? '') >= since));
    const readChapters = nodes.filter((n) => read.has(n.chapterId)).length;
    const completed = nodes.length > 0 && readChapters === nodes.length;
    const item: SpeachInPath = {
      speachId: id,
      title: versions.get(id)?.title ?? doc.title,
      img: doc.img,
      version,
      live: liveVersion(doc, now) !== null,
      totalChapters: nodes.length,
      readChapters,
      percent: nodes.length ? Math.round((readChapters / nodes.length) * 100) : 0,
      completed,
      lastChapterId: progress.get(id)?.lastChapterId ?? null,
      locked: sequential && blocked,
    };
    if (!completed && item.live) blocked = true;
    return item;
  });
  const required = speaches.filter((s) => s.live || s.completed);
  const percent = required.length ? Math.round(required.reduce((sum, s) => sum + s.percent, 0) / required.length) : 0;
  return {
    speaches,
    percent,
    completed: required.length > 0 && required.every((s) => s.completed),
    next: speaches.find((s) => s.live && !s.completed && !s.locked) ?? null,
  };
}

export function completedSpeaches(progress: PathProgress): CompletedSpeach[] {
  return progress.speaches.map((s) => ({ speachId: s.speachId, title: s.title, version: s.version }));
}
