import { WrittenIds } from './written-ids';

describe('WrittenIds', () => {
  it('knows every id written to a tracked collection, through the growth of its table, and answers absent for the others', () => {
    const ids = new WrittenIds();
    ids.track('notifications');
    for (let i = 0; i < 5000; i++) ids.add('notifications', `event-${i}:NEW_LEARNER:user-${i % 97}`);
    for (let i = 0; i < 5000; i++) expect(ids.absent('notifications', `event-${i}:NEW_LEARNER:user-${i % 97}`)).toBe(false);
    let absent = 0;
    for (let i = 5000; i < 10000; i++) if (ids.absent('notifications', `event-${i}:NEW_LEARNER:user-${i % 97}`)) absent++;
    // 32-bit hashes: a collision (answered "maybe", i.e. asked to the store) is a rare exception.
    expect(absent).toBeGreaterThanOrEqual(4995);
  });

  it('never answers absent for a collection it does not track, or no longer tracks', () => {
    const ids = new WrittenIds();
    expect(ids.absent('users', 'u1')).toBe(false);
    ids.track('users');
    expect(ids.absent('users', 'u1')).toBe(true);
    ids.untrack('users');
    expect(ids.absent('users', 'u1')).toBe(false);
    ids.track('users');
    ids.clear();
    expect(ids.absent('users', 'u1')).toBe(false);
  });
});
