import { BATCH_WINDOW_MS, batchRapidRepeats } from './digest-batch';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 16, 12) - minutes * 60_000).toISOString();
const n = (id: string, minutesAgo: number, over: Partial<{ speachId: string | null; actorId: string | null; data: Record<string, unknown> }> = {}) => ({
  id,
  speachId: 's1',
  actorId: 'ann',
  data: {},
  date: at(minutesAgo),
  ...over,
});
const lines = (list: ReturnType<typeof n>[]) => batchRapidRepeats(list).map((line) => [line.newest.id, line.count]);

describe('digest: rapid repeats batched (issue 19)', () => {
  it('folds a burst of one actor on one subject into one line that keeps the newest and counts them all', () => {
    expect(lines([n('a', 0), n('b', 5), n('c', 50)])).toEqual([['a', 3]]);
  });

  it('starts a new line after a pause longer than the window, measured from the previous repeat', () => {
    const window = BATCH_WINDOW_MS / 60_000;
    expect(lines([n('a', 0), n('b', window), n('c', 2 * window), n('d', 3 * window + 1)])).toEqual([
      ['a', 3],
      ['d', 1],
    ]);
  });

  it('keeps apart other actors, other speaches, other paths or conversations, and other users told about', () => {
    expect(
      lines([
        n('a', 0),
        n('b', 1, { actorId: 'bob' }),
        n('c', 2, { speachId: 's2' }),
        n('d', 3, { speachId: null, data: { pathId: 'p1' } }),
        n('e', 4, { speachId: null, data: { pathId: 'p2' } }),
        n('f', 5, { speachId: null, actorId: null, data: { userId: 'u1' } }),
        n('g', 6, { speachId: null, actorId: null, data: { userId: 'u2' } }),
        n('h', 7),
      ]),
    ).toEqual([
      ['a', 2],
      ['b', 1],
      ['c', 1],
      ['d', 1],
      ['e', 1],
      ['f', 1],
      ['g', 1],
    ]);
  });

  it('keeps a line for each different text: two comments of one reader are two things said', () => {
    expect(
      lines([
        n('a', 0, { data: { content: 'Second remark' } }),
        n('b', 2, { data: { content: 'First remark' } }),
        n('c', 3, { data: { content: 'First remark' } }),
      ]),
    ).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('answers nothing for nothing', () => {
    expect(batchRapidRepeats([])).toEqual([]);
  });
});
