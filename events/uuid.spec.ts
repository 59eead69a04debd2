import { uuidv7 } from './uuid';

describe('uuidv7', () => {
  it('gives distinct ids in creation order, with the version and variant bits of RFC 9562', () => {
    const ids = Array.from({ length: 10_000 }, () => uuidv7());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 300)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps the order within one millisecond and carries that millisecond', () => {
    const ms = Date.now() + 86_400_000; // ahead of every id made before: a past time would keep the last one (monotonic)
    const ids = Array.from({ length: 500 }, () => uuidv7(ms));
    expect([...ids].sort()).toEqual(ids);
    expect(parseInt(ids[0].replace(/-/g, '').slice(0, 12), 16)).toBe(ms);
  });
});
