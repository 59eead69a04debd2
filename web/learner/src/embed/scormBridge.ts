import type { QuizResult } from '../speach/types';

/** What the embed player tells the SCO wrapper of a lite package (backend/scorm/sco/lite-js.ts reads it). */
export interface ScormProgress {
  type: 'speach:progress';
  location: string;
  suspendData: string;
  progress: number;
  completed: boolean;
  score: { raw: number; max: number } | null;
  success: 'passed' | 'failed' | 'unknown';
}

/** cmi.suspend_data holds at most 64,000 characters (SCORM 2004 4th Ed.): read ids go first to be cut. */
export const SUSPEND_MAX = 64_000;

export function scormProgress(contentIds: string[], quizIds: string[], read: string[], results: Record<string, QuizResult>, location: string): ScormProgress {
  const done = contentIds.filter((id) => read.includes(id) || results[id]);
  const answered = quizIds.filter((id) => results[id]);
  const raw = answered.reduce((sum, id) => sum + results[id].score, 0);
  const max = quizIds.length ? answered.reduce((sum, id) => sum + results[id].max, 0) : 0;
  const success = quizIds.length === 0 || answered.length < quizIds.length ? 'unknown' : answered.every((id) => results[id].passed) ? 'passed' : 'failed';
  const quiz = Object.fromEntries(answered.map((id) => [id, [results[id].score, results[id].max, results[id].passed ? 1 : 0]]));
  let readIds = done;
  let suspendData = JSON.stringify({ r: readIds, q: quiz });
  while (suspendData.length > SUSPEND_MAX && readIds.length > 0) {
    readIds = readIds.slice(0, Math.floor(readIds.length / 2));
    suspendData = JSON.stringify({ r: readIds, q: quiz });
  }
  return {
    type: 'speach:progress',
    location,
    suspendData,
    progress: contentIds.length ? done.length / contentIds.length : 1,
    completed: contentIds.length > 0 && done.length === contentIds.length,
    score: max > 0 ? { raw, max } : null,
    success,
  };
}
