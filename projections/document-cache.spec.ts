import { DocumentCache } from './document-cache';

describe('DocumentCache', () => {
  it('answers what it was told, absent documents included, and nothing else', () => {
    const cache = new DocumentCache(10);
    cache.remember('speaches', 'a', { _id: 'a', _position: 3 });
    cache.remember('speaches', 'gone', null);
    expect(cache.get('speaches', 'a')).toEqual({ _id: 'a', _position: 3 });
    expect(cache.get('speaches', 'gone')).toBeNull();
    expect(cache.get('speaches', 'unknown')).toBeUndefined();
    expect(cache.get('users', 'a')).toBeUndefined();
  });

  it('evicts the least recently used documents first when full', () => {
    const cache = new DocumentCache(10);
    for (let i = 0; i < 10; i++) cache.remember('c', String(i), { _id: String(i) });
    cache.get('c', '0'); // used again: now the most recent
    cache.remember('c', 'new', { _id: 'new' });
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.get('c', '0')).toEqual({ _id: '0' });
    expect(cache.get('c', '1')).toBeUndefined();
    expect(cache.get('c', 'new')).toEqual({ _id: 'new' });
  });

  it('shrinks to a smaller capacity once live, and keeps to it', () => {
    const cache = new DocumentCache(100);
    for (let i = 0; i < 90; i++) cache.remember('c', `d${i}`, { _id: `d${i}` });
    expect(cache.size).toBeGreaterThan(10);
    cache.shrinkTo(10);
    expect(cache.size).toBeLessThanOrEqual(10);
    for (let i = 0; i < 50; i++) cache.remember('c', `e${i}`, { _id: `e${i}` });
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.get('c', 'e49')).toEqual({ _id: 'e49' });
    // A larger capacity is not taken back.
    cache.shrinkTo(1_000);
    for (let i = 0; i < 50; i++) cache.remember('c', `f${i}`, { _id: `f${i}` });
    expect(cache.size).toBeLessThanOrEqual(10);
  });

  it('forgets whole collections (a reset, a switch, a failed commit) and keeps the others', () => {
    const cache = new DocumentCache(10);
    cache.remember('speaches', 'a', { _id: 'a' });
    cache.remember('speach_versions', 'a', { _id: 'a' });
    cache.remember('users', 'u', { _id: 'u' });
    cache.forget(['speaches']);
    expect(cache.get('speaches', 'a')).toBeUndefined();
    expect(cache.get('speach_versions', 'a')).toEqual({ _id: 'a' });
    expect(cache.get('users', 'u')).toEqual({ _id: 'u' });
  });
});

describe('DocumentCache of collections filled from empty', () => {
  it('answers absent for the ids never written, and remembers what was written even once evicted', () => {
    const cache = new DocumentCache(4);
    cache.fillingFromEmpty(['notifications']);
    expect(cache.get('notifications', 'n1')).toBeNull();
    for (let i = 0; i < 10; i++) cache.remember('notifications', `n${i}`, { _id: `n${i}` });
    // Evicted from the generations: unknown (ask the store), never "absent".
    expect(cache.get('notifications', 'n0')).toBeUndefined();
    expect(cache.get('notifications', 'n9')).toEqual({ _id: 'n9' });
    expect(cache.get('notifications', 'never')).toBeNull();
    expect(cache.get('users', 'never')).toBeUndefined();
  });

  it('asks the store again once the fill is over, forgotten (a failed commit) or cleared', () => {
    const cache = new DocumentCache(10);
    cache.fillingFromEmpty(['a', 'b', 'c']);
    cache.filled(['a']);
    cache.forget(['b']);
    expect(cache.get('a', 'x')).toBeUndefined();
    expect(cache.get('b', 'x')).toBeUndefined();
    expect(cache.get('c', 'x')).toBeNull();
    cache.clear();
    expect(cache.get('c', 'x')).toBeUndefined();
  });
});
