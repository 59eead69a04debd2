import { DirtyRegistry, differs, leavesEditor } from '../../web/learner/src/speach/unsaved/dirty-state';

describe('editor save model: one indicator fed by every panel (issue 17)', () => {
  it('says "saved" until a panel reports an edit, and again once every edited panel is clean', () => {
    const registry = new DirtyRegistry();
    expect(registry.status()).toBe('saved');
    expect(registry.hasUnsaved()).toBe(false);

    registry.mark('details', true);
    registry.mark('content', true);
    expect(registry.status()).toBe('unsaved');
    expect(registry.dirtySources()).toEqual(['content', 'details']);

    registry.mark('details', false);
    expect(registry.status()).toBe('unsaved');
    expect(registry.hasUnsaved()).toBe(true);

    registry.mark('content', false);
    expect(registry.status()).toBe('saved');
    expect(registry.hasUnsaved()).toBe(false);
  });

  it('shows "saving" while any save is in flight, even with edits pending elsewhere, and ends each save once', () => {
    const registry = new DirtyRegistry();
    registry.mark('details', true);
    const first = registry.beginSave();
    const second = registry.beginSave();
    expect(registry.status()).toBe('saving');

    first();
    first(); // a second call must not end the other save
    expect(registry.status()).toBe('saving');
    expect(registry.hasUnsaved()).toBe(true);

    second();
    expect(registry.status()).toBe('unsaved');
    registry.mark('details', false);
    expect(registry.status()).toBe('saved');
  });

  it('notifies listeners only when a report changes something, and stops after unsubscribe', () => {
    const registry = new DirtyRegistry();
    const seen: string[] = [];
    const stop = registry.subscribe(() => seen.push(registry.status()));

    expect(registry.mark('cover', true)).toBe(true);
    expect(registry.mark('cover', true)).toBe(false);
    expect(registry.mark('details', false)).toBe(false);
    const end = registry.beginSave();
    end();
    expect(seen).toEqual(['unsaved', 'saving', 'unsaved']);

    stop();
    registry.mark('cover', false);
    expect(seen).toHaveLength(3);
    expect(registry.status()).toBe('saved');
  });

  it('compares form values as they would be stored: trimmed, absent equal to empty', () => {
    expect(differs({ title: 'Safety ', img: '' }, { title: 'Safety', img: null })).toBe(false);
    expect(differs({ title: 'Safety', tags: 'a' }, { title: 'Safety' })).toBe(true);
    expect(differs({ language: 'fr' }, { language: 'en' })).toBe(true);
    expect(differs({ questions: [{ q: 1 }] }, { questions: [{ q: 1 }] })).toBe(false);
    expect(differs({ questions: [{ q: 1 }] }, { questions: [{ q: 2 }] })).toBe(true);
  });

  it('warns only for a move to another page, not for a change of the chapter in the query', () => {
    expect(leavesEditor({ pathname: '/recorder/edit/s1' }, { pathname: '/' })).toBe(true);
    expect(leavesEditor({ pathname: '/recorder/edit/s1' }, { pathname: '/list-versions/s1' })).toBe(true);
    expect(leavesEditor({ pathname: '/recorder/edit/s1' }, { pathname: '/recorder/edit/s1' })).toBe(false);
  });
});
