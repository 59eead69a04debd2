import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../web/learner/src/api/client';
import { shouldRetry } from '../../web/learner/src/api/query-client';
import type { Card, GridPage, SearchPage } from '../../web/learner/src/cards/cardsApi';
import { markEverywhere, speachListKeys } from '../../web/learner/src/cards/useSpeachCards';

const card = (id: string, isFavori = false) => ({ id, isFavori, title: id }) as unknown as Card;
const GRID = { sort: 'LAST_MAJ', name: '', onlyState: 'NONE', asc: false } as const;

describe('learner data layer (TanStack Query, issue 17)', () => {
  it('retries server and network failures twice, never a client error', () => {
    expect(shouldRetry(0, new ApiError(500, 'down'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'down'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'gone'))).toBe(false);
    expect(shouldRetry(0, new ApiError(400, 'bad'))).toBe(false);
  });

  it('a bookmark flips the speach in every cached list (slider, paged grid, search) and the lists can be put back', () => {
    const client = new QueryClient();
    const sliderKey = [...speachListKeys.grid('/api/v2/home/slider/new', GRID), 'first'];
    const gridKey = speachListKeys.grid('/api/v2/catalogue', GRID);
    const searchKey = speachListKeys.search('safety', 'RELEVANT', '');
    client.setQueryData<GridPage>(sliderKey, { result: [card('a'), card('b')], total: 2 });
    client.setQueryData(gridKey, {
      pages: [
        { result: [card('c')], total: 2 },
        { result: [card('a')], total: 2 },
      ],
      pageParams: [0, 1],
    });
    client.setQueryData(searchKey, { pages: [{ results: [card('a')], totalNumberOfSpeachesFound: 1, availableLanguages: [] }], pageParams: [0] });

    const before = markEverywhere(client, 'a', true);

    expect(client.getQueryData<GridPage>(sliderKey)!.result.map((c) => [c.id, c.isFavori])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    const grid = client.getQueryData<{ pages: GridPage[] }>(gridKey)!;
    expect(grid.pages.flatMap((p) => p.result).map((c) => [c.id, c.isFavori])).toEqual([
      ['c', false],
      ['a', true],
    ]);
    expect(client.getQueryData<{ pages: SearchPage[] }>(searchKey)!.pages[0].results[0].isFavori).toBe(true);

    before.forEach(([key, data]) => client.setQueryData(key, data));
    expect(client.getQueryData<GridPage>(sliderKey)!.result[0].isFavori).toBe(false);
    expect(client.getQueryData<{ pages: SearchPage[] }>(searchKey)!.pages[0].results[0].isFavori).toBe(false);
    client.clear();
  });
});
