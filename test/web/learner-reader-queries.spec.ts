import { MutationObserver, QueryClient } from '@tanstack/react-query';
import type { Card, GridPage } from '../../web/learner/src/cards/cardsApi';
import { speachListKeys } from '../../web/learner/src/cards/useSpeachCards';
import { EmbedError } from '../../web/learner/src/embed/embedApi';
import { embedRetry } from '../../web/learner/src/embed/useEmbed';
import type { Engagement } from '../../web/learner/src/engagement/engagementApi';
import { bookmarkOptions, engagementKeys, followOptions, rateOptions } from '../../web/learner/src/engagement/useEngagement';
import { type Path, pathsApi } from '../../web/learner/src/paths/pathsApi';
import { pathChangeOptions, pathKeys } from '../../web/learner/src/paths/usePaths';
import { mergeProgress, speachKeys } from '../../web/learner/src/speach/speach-keys';
import type { ReadResponse } from '../../web/learner/src/speach/types';
import { applyWorkflow, workflowKeys } from '../../web/learner/src/workflow/workflow-cache';

/** The network boundary: each call answers the next scripted response, once the test lets it through. */
function stubFetch() {
  const calls: { url: string; method: string }[] = [];
  const pending: { release: (status: number, body: unknown) => void }[] = [];
  global.fetch = jest.fn((url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET' });
    return new Promise<Response>((resolve) =>
      pending.push({ release: (status, body) => resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })) }),
    );
  }) as typeof fetch;
  return {
    calls,
    /** Answers the oldest call still waiting. */
    answer: async (status: number, body: unknown) => {
      for (let i = 0; pending.length === 0 && i < 100; i++) await new Promise((resolve) => setImmediate(resolve));
      pending.shift()!.release(status, body);
    },
  };
}

const summary = (over: Partial<Engagement> = {}): Engagement => ({
  speachID: 's1',
  rating: { average: 4, count: 2, mine: null, editable: true },
  isFollowed: false,
  isFavori: false,
  canFollow: true,
  commentsEnabled: true,
  commentCount: 0,
  ...over,
});
const card = (id: string, isFavori = false) => ({ id, isFavori, title: id }) as unknown as Card;
const GRID = { sort: 'LAST_MAJ', name: '', onlyState: 'NONE', asc: false } as const;
const flush = () => new Promise((resolve) => setImmediate(resolve));
const realFetch = global.fetch;

describe('learner reading screens on TanStack Query (issue 17)', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  });
  afterEach(() => {
    client.clear();
    global.fetch = realFetch;
  });

  describe('engagement bar', () => {
    const key = engagementKeys.summary('s1');

    it('shows a follow at once and puts it back when the server refuses it', async () => {
      const net = stubFetch();
      client.setQueryData(key, summary());
      const follow = new MutationObserver(client, followOptions(client, 's1'));

      const done = follow.mutate(true).catch(() => undefined);
      await flush();
      expect(client.getQueryData<Engagement>(key)!.isFollowed).toBe(true);
      expect(net.calls).toEqual([{ url: '/api/v2/speach/s1/follow', method: 'PUT' }]);

      await net.answer(500, { message: 'down' });
      await done;
      expect(client.getQueryData<Engagement>(key)!.isFollowed).toBe(false);
    });

    it('keeps the bar the server answers to a follow', async () => {
      const net = stubFetch();
      client.setQueryData(key, summary());
      const follow = new MutationObserver(client, followOptions(client, 's1'));

      const done = follow.mutate(true);
      await net.answer(200, summary({ isFollowed: true, commentCount: 3 }));
      await done;
      expect(client.getQueryData<Engagement>(key)).toMatchObject({ isFollowed: true, commentCount: 3 });
    });

    it('flips the bookmark on the bar and on every cached card at once, and puts both back on failure', async () => {
      const net = stubFetch();
      const sliderKey = [...speachListKeys.grid('/api/v2/home/slider/new', GRID), 'first'];
      client.setQueryData(key, summary());
      client.setQueryData<GridPage>(sliderKey, { result: [card('s1'), card('s2')], total: 2 });
      const bookmark = new MutationObserver(client, bookmarkOptions(client, 's1'));

      const done = bookmark.mutate(false).catch(() => undefined);
      await flush();
      expect(client.getQueryData<Engagement>(key)!.isFavori).toBe(true);
      expect(client.getQueryData<GridPage>(sliderKey)!.result.map((c) => c.isFavori)).toEqual([true, false]);
      expect(net.calls[0].url).toBe('/favori.FavoriController/toggleFavori?idCour=s1');

      await net.answer(503, { message: 'down' });
      await done;
      expect(client.getQueryData<Engagement>(key)!.isFavori).toBe(false);
      expect(client.getQueryData<GridPage>(sliderKey)!.result.map((c) => c.isFavori)).toEqual([false, false]);
      // The lists are read again after any toggle, failed or not.
      expect(client.getQueryState(sliderKey)!.isInvalidated).toBe(true);
    });

    it('shows the chosen star at once, keeps the answered average and marks the card lists stale', async () => {
      const net = stubFetch();
      const gridKey = speachListKeys.grid('/api/v2/catalogue', GRID);
      client.setQueryData(key, summary());
      client.setQueryData(gridKey, { pages: [{ result: [card('s1')], total: 1 }], pageParams: [0] });
      const rate = new MutationObserver(client, rateOptions(client, 's1'));

      const done = rate.mutate(5);
      await flush();
      expect(client.getQueryData<Engagement>(key)!.rating).toEqual({ average: 4, count: 2, mine: 5, editable: true });

      await net.answer(200, summary({ rating: { average: 4.3, count: 3, mine: 5, editable: true } }));
      await done;
      expect(client.getQueryData<Engagement>(key)!.rating.average).toBe(4.3);
      expect(client.getQueryState(gridKey)!.isInvalidated).toBe(true);
    });

    it('puts the previous rating back when the rating is refused', async () => {
      const net = stubFetch();
      client.setQueryData(key, summary({ rating: { average: 4, count: 2, mine: 2, editable: true } }));
      const rate = new MutationObserver(client, rateOptions(client, 's1'));

      const done = rate.mutate(5).catch(() => undefined);
      await flush();
      expect(client.getQueryData<Engagement>(key)!.rating.mine).toBe(5);
      await net.answer(400, { message: 'bad', errors: [{ field: 'rating', reason: 'out of range' }] });
      await done;
      expect(client.getQueryData<Engagement>(key)!.rating.mine).toBe(2);
    });
  });

  describe('learning path editor', () => {
    const path = (over: Partial<Path> = {}) => ({ pathId: 'p1', version: 3, items: [card('a'), card('b')], ...over }) as unknown as Path;

    it('moves a reordered speach at once and puts the order back when the server refuses it', async () => {
      const net = stubFetch();
      client.setQueryData(pathKeys.edit('p1'), path());
      const change = new MutationObserver(client, pathChangeOptions(client, 'p1'));

      const reordered = path({ items: [card('b'), card('a')] });
      const done = change.mutate({ action: () => pathsApi.recordOrder(path(), 'b;a'), optimistic: reordered }).catch(() => undefined);
      await flush();
      expect(client.getQueryData<Path>(pathKeys.edit('p1'))!.items.map((i) => i.id)).toEqual(['b', 'a']);

      await net.answer(500, { message: 'down' });
      await done;
      expect(client.getQueryData<Path>(pathKeys.edit('p1'))!.items.map((i) => i.id)).toEqual(['a', 'b']);
    });

    it('reads the path again after a 409 (someone else changed it)', async () => {
      const net = stubFetch();
      client.setQueryData(pathKeys.edit('p1'), path());
      const change = new MutationObserver(client, pathChangeOptions(client, 'p1'));

      const done = change.mutate({ action: () => pathsApi.publish(path()) }).catch(() => undefined);
      await net.answer(409, { message: 'stale' });
      await done;
      expect(client.getQueryState(pathKeys.edit('p1'))!.isInvalidated).toBe(true);
    });

    it("shows the answered path and invalidates the learner's progress, the speaches to add and the path lists, not the groups", async () => {
      const net = stubFetch();
      client.setQueryData(pathKeys.edit('p1'), path());
      for (const key of [pathKeys.progress('p1'), pathKeys.available('p1', '', 'a;b'), pathKeys.assigned, pathKeys.groups('p1'), pathKeys.progress('p2')])
        client.setQueryData(key, {});
      const change = new MutationObserver(client, pathChangeOptions(client, 'p1'));

      const done = change.mutate({ action: () => pathsApi.publish(path()) });
      await net.answer(200, path({ version: 4, state: 'PUBLIE' }));
      await done;
      expect(client.getQueryData<Path>(pathKeys.edit('p1'))).toMatchObject({ version: 4, state: 'PUBLIE' });
      const stale = (key: readonly unknown[]) => client.getQueryState(key)!.isInvalidated;
      expect([pathKeys.progress('p1'), pathKeys.available('p1', '', 'a;b'), pathKeys.assigned].map(stale)).toEqual([true, true, true]);
      expect([pathKeys.groups('p1'), pathKeys.progress('p2')].map(stale)).toEqual([false, false]);
    });
  });

  it('puts the progress a mark-read answers into the cached reading, keeping its chapters', () => {
    const key = speachKeys.reading('s1', 's1', { mode: 'published' });
    const chapters = [{ chapterId: 'c1', title: 'One' }];
    client.setQueryData(key, {
      speach: { title: 'S' },
      chapters,
      progress: { readChapterIds: [], lastChapterId: null, quizResults: { q: 1 } },
    } as unknown as ReadResponse);

    mergeProgress(client, key, { readChapterIds: ['c1'], lastChapterId: 'c1' });

    const data = client.getQueryData<ReadResponse>(key)!;
    expect(data.chapters).toBe(chapters);
    expect(data.progress).toEqual({ readChapterIds: ['c1'], lastChapterId: 'c1', quizResults: { q: 1 } });
  });

  it("spreads a workflow decision to the validator's and the author's views and marks the speach and the lists stale", () => {
    const listKey = [...speachListKeys.all, 'badge', 'WFTOVALIDATE'];
    client.setQueryData(workflowKeys.validator('s1'), { workflow: { state: 'AWAITING_VALIDATION' }, speach: { title: 'S' } });
    client.setQueryData(speachKeys.card('s1'), {});
    client.setQueryData(listKey, 1);
    client.setQueryData(speachKeys.card('s2'), {});

    applyWorkflow(client, 's1', { state: 'COMPLETED' });

    expect(client.getQueryData(workflowKeys.validator('s1'))).toEqual({ workflow: { state: 'COMPLETED' }, speach: { title: 'S' } });
    expect(client.getQueryData(workflowKeys.author('s1'))).toEqual({ state: 'COMPLETED' });
    expect(client.getQueryState(speachKeys.card('s1'))!.isInvalidated).toBe(true);
    expect(client.getQueryState(listKey)!.isInvalidated).toBe(true);
    expect(client.getQueryState(speachKeys.card('s2'))!.isInvalidated).toBe(false);
  });

  it('never retries a refused embed token, retries a server failure twice', () => {
    expect(embedRetry(0, new EmbedError(401, 'token'))).toBe(false);
    expect(embedRetry(0, new EmbedError(404, 'gone'))).toBe(false);
    expect(embedRetry(0, new EmbedError(502, 'down'))).toBe(true);
    expect(embedRetry(2, new EmbedError(502, 'down'))).toBe(false);
  });
});
