import { type ExpectedRevision, WrongExpectedRevisionError } from './event-store.port';

/** Throws unless a stream whose last revision is `current` (-1: no stream) satisfies `expected`. */
export function checkExpectedRevision(streamId: string, expected: ExpectedRevision, current: number): void {
  if (expected === 'any') return;
  const ok = expected === 'no_stream' ? current === -1 : expected === current;
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, current === -1 ? 'no_stream' : current);
}
