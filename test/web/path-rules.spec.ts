import {
  PATH_DESCRIPTION_MAX,
  PATH_TITLE_MAX,
  canPublish,
  contentTab,
  detailsError,
  dateInputValue,
  dueDay,
  editorAddress,
  formatPercent,
  moveItem,
  orderParameter,
  pathAddress,
  pluralForm,
  removalVariant,
} from '../../web/learner/src/paths/path-rules';

describe('learning path editor rules (spec §2, §5, §9)', () => {
  it('opens the tab the address asks for, else AVAILABLE while the path is empty and SELECTED once it has speaches', () => {
    expect(contentTab('SELECTED', 0)).toBe('SELECTED');
    expect(contentTab('AVAILABLE', 3)).toBe('AVAILABLE');
    expect(contentTab(null, 0)).toBe('AVAILABLE');
    expect(contentTab('bogus', 0)).toBe('AVAILABLE');
    expect(contentTab(null, 2)).toBe('SELECTED');
  });

  it('moves one speach to a new place, keeping the others in order, and clamps the target', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('sends the order as the speach ids joined by ";"', () => {
    expect(orderParameter(['s1', 's2', 's3'])).toBe('s1;s2;s3');
  });

  it('warns that removal cannot be undone only when the editor cannot view the speach', () => {
    expect(removalVariant(true)).toBe('plain');
    expect(removalVariant(false)).toBe('warning');
  });

  it('needs at least one speach to publish', () => {
    expect(canPublish(0)).toBe(false);
    expect(canPublish(1)).toBe(true);
  });

  it('requires a title of at most 100 characters and a description of at most 1000', () => {
    expect(detailsError('title', '  ')).toBe('required');
    expect(detailsError('title', 'x'.repeat(PATH_TITLE_MAX))).toBeNull();
    expect(detailsError('title', 'x'.repeat(PATH_TITLE_MAX + 1))).toBe('tooLong');
    expect(detailsError('description', '')).toBeNull();
    expect(detailsError('description', 'x'.repeat(PATH_DESCRIPTION_MAX))).toBeNull();
    expect(detailsError('description', 'x'.repeat(PATH_DESCRIPTION_MAX + 1))).toBe('tooLong');
  });

  it('builds the learner page and editor addresses', () => {
    expect(pathAddress('p-1', 'Sécurité & qualité')).toBe('/p/p-1/securite-qualite');
    expect(editorAddress('p-1', 'AVAILABLE')).toBe('/recorder/editionparcour/p-1?selectedTab=AVAILABLE');
  });
});

describe('learner path page rules', () => {
  it('formats progress as a whole percentage in the UI language', () => {
    expect(formatPercent('en', 66.6)).toBe('67%');
    expect(formatPercent('fr', 50).replace(/\s/g, ' ')).toBe('50 %');
    expect(formatPercent('en', 140)).toBe('100%');
  });

  it('shows a stored due date (end of its day, UTC) as that calendar day', () => {
    expect(dateInputValue('2026-05-10T23:59:59.999Z')).toBe('2026-05-10');
    expect(dateInputValue(null)).toBe('');
    const day = dueDay('2026-05-10T23:59:59.999Z');
    expect([day.getFullYear(), day.getMonth() + 1, day.getDate()]).toEqual([2026, 5, 10]);
  });

  it('picks plural forms with Intl.PluralRules (French counts 0 as singular)', () => {
    expect(pluralForm('en', 1)).toBe('one');
    expect(pluralForm('en', 0)).toBe('other');
    expect(pluralForm('fr', 0)).toBe('one');
    expect(pluralForm('de', 3)).toBe('other');
  });
});
