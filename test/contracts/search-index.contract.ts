import type { SearchIndex, SearchRequest, SearchViewer } from '../../backend/infrastructure/search/search-index.port';
import type { SpeachSearchDocument } from '../../projections/speach-search.projection';
import { FAR_FUTURE, NOW, SearchCorpus, at } from './search-corpus';

/** An adapter with its storage: the contract writes the projection's documents as the read store would. */
export interface SearchIndexUnderTest {
  index: SearchIndex;
  /** Inserts or replaces documents (the projection's writes). */
  write(docs: SpeachSearchDocument[]): Promise<void>;
  close(): Promise<void>;
}

const reader: SearchViewer = { userId: 'u-reader', groupIds: ['g-other'], now: NOW };
const alice: SearchViewer = { userId: 'u-alice', groupIds: [], now: NOW };
const operator: SearchViewer = { userId: 'u-op', groupIds: ['g-ops'], now: NOW };
const PAGED = 12;

/** The SearchIndex contract: every adapter answers the same searches the same way. */
export function searchIndexContract(name: string, open: () => Promise<SearchIndexUnderTest>) {
  describe(`SearchIndex contract: ${name}`, () => {
    let subject: SearchIndexUnderTest;
    let corpus: SearchCorpus;
    const search = (term: string, more: Partial<SearchRequest> = {}) => subject.index.search({ term, viewer: reader, page: 0, pageSize: 50, ...more });
    const ids = async (term: string, more: Partial<SearchRequest> = {}) => (await search(term, more)).ids;
    const sync = async () => subject.write(await corpus.documents());

    beforeAll(async () => {
      subject = await open();
      corpus = new SearchCorpus();
      await corpus.speach('js-title', 'JavaScript basics', '<p>Closures and promises.</p>', { description: 'A first course' });
      await corpus.speach('js-body', 'Web development', '<p>Pages use <b>javascript</b> and style sheets.</p>', { language: 'en-GB' });
      await corpus.speach('ecole', 'École de la sécurité', '<p>Règles de prudence.</p>', { language: 'fr-FR', tags: 'chantier' });
      await corpus.speach('restricted-user', 'Restricted javascript for Alice', '<p>Private notes.</p>');
      await corpus.apply('restricted-user', 'SpeachVisibilityChanged', { visibility: 'RESTREINT', accessCodeHash: null });
      await corpus.apply('restricted-user', 'SpeachAffectedUsersChanged', { userIds: ['u-alice'] });
      await corpus.speach('restricted-group', 'Restricted javascript for operators', '<p>Plant notes.</p>');
      await corpus.apply('restricted-group', 'SpeachVisibilityChanged', { visibility: 'RESTREINT', accessCodeHash: null });
      await corpus.apply('restricted-group', 'SpeachAffectedGroupsChanged', { groupIds: ['g-ops'] });
      await corpus.speach('draft', 'Javascript draft', '<p>Never published quokka.</p>');
      await corpus.speach('unpublished', 'Javascript withdrawn', '<p>Withdrawn quokka.</p>');
      await corpus.speach('future', 'Javascript later', '<p>Scheduled quokka.</p>');
      await corpus.speach('archived', 'Javascript archived', '<p>Archived quokka.</p>');
      await corpus.speach('template', 'Javascript template', '<p>Template quokka.</p>', { isTemplate: true });
      await corpus.speach('private', 'Javascript private', '<p>Private quokka.</p>');
      await corpus.apply('private', 'SpeachVisibilityChanged', { visibility: 'PRIVE', accessCodeHash: 'hash' });
      await corpus.speach('edited', 'Ladder safety', '<p>Alpha rungs.</p>', { description: 'Heights' });
      await corpus.speach('stacking', 'Stacking', '<p>Store the ladders flat.</p>');
      for (const id of [
        'js-title',
        'js-body',
        'ecole',
        'restricted-user',
        'restricted-group',
        'unpublished',
        'archived',
        'template',
        'private',
        'edited',
        'stacking',
      ])
        await corpus.publish(id);
      await corpus.publish('future', 1, FAR_FUTURE);
      await corpus.apply('unpublished', 'SpeachUnpublished');
      await corpus.apply('archived', 'SpeachArchived');
      // A draft edit after publication: readers search the published text only.
      await corpus.apply('edited', 'ChapterContentSet', { chapterId: 'edited-c1', content: { type: 'HTML', html: '<p>Omega rungs.</p>' } });
      for (let i = 0; i < PAGED; i++) {
        const id = `paged-${String(i).padStart(2, '0')}`;
        // Titles in the reverse order of creation, so TITRE and RECENT orders differ.
        await corpus.speach(id, `Zebra course ${String.fromCharCode(90 - i)}`, '<p>Stripes.</p>');
        await corpus.publish(id);
      }
      await sync();
    });
    afterAll(async () => {
      await subject.close();
    });

    it('ranks a title match above a chapter-text match', async () => {
      expect(await ids('javascript', { sort: 'RELEVANT' })).toEqual(['js-title', 'js-body']);
      expect(await ids('JAVASCRIPT')).toEqual(['js-title', 'js-body']);
      // `ladders` is both a word `ladder` starts and a close word of it: it counts once.
      expect(await ids('ladder')).toEqual(['edited', 'stacking']);
    });

    it('finds a misspelt word through the close words of the vocabulary', async () => {
      expect(await ids('javscript')).toEqual(expect.arrayContaining(['js-title', 'js-body']));
      expect(await ids('javasrcipt')).toEqual(expect.arrayContaining(['js-title', 'js-body']));
      expect(await ids('promisse')).toEqual(['js-title']);
      // A wrong, a dropped or an extra first letter.
      expect(await ids('kavascript')).toEqual(expect.arrayContaining(['js-title', 'js-body']));
      expect(await ids('avascript')).toEqual(expect.arrayContaining(['js-title', 'js-body']));
      expect(await ids('xjavascript')).toEqual(expect.arrayContaining(['js-title', 'js-body']));
      expect(await ids('cosures')).toEqual(['js-title']);
      // Too short to correct: a three-letter word is matched as typed.
      expect(await ids('zbr')).toEqual([]);
      // Unknown words spend the query's corrections: a misspelling after three of them stays as typed.
      expect(await ids('qwertz asdfgh yxcvbn javscript')).toEqual([]);
      expect(await ids('qwertz asdfgh javscript')).toEqual(expect.arrayContaining(['js-title', 'js-body']));
    });

    it('matches the last word as a prefix', async () => {
      expect(await ids('jav')).toEqual(expect.arrayContaining(['js-title', 'js-body']));
      expect((await ids('jav')).length).toBe(2);
      expect(await ids('javascript clos')).toEqual(['js-title']);
      expect(await ids('stri')).toHaveLength(PAGED);
    });

    it('requires every word, and falls back to any word when no speach has them all', async () => {
      expect(await ids('javascript closures')).toEqual(['js-title']);
      expect(await ids('javascript sheets')).toEqual(['js-body']);
      expect(await ids('closures sheets')).toEqual(expect.arrayContaining(['js-title', 'js-body']));
    });

    it('searches descriptions and tags', async () => {
      expect(await ids('first course')).toEqual(['js-title']);
      expect(await ids('chantier')).toEqual(['ecole']);
    });

    it('filters by language and lists the languages of every match', async () => {
      const all = await search('javascript');
      expect(all.availableLanguages).toEqual(['en-GB', 'en-US']);
      const british = await search('javascript', { languageId: 'en-GB' });
      expect(british).toEqual({ ids: ['js-body'], total: 1, availableLanguages: ['en-GB', 'en-US'] });
      expect(await search('javascript', { languageId: 'de-DE' })).toEqual({ ids: [], total: 0, availableLanguages: ['en-GB', 'en-US'] });
    });

    it('folds accents and case both ways', async () => {
      expect(await ids('ecole')).toEqual(['ecole']);
      expect(await ids('ÉCOLE securite')).toEqual(['ecole']);
      expect(await ids('regles')).toEqual(['ecole']);
      expect(await ids('Sécurité')).toEqual(['ecole']);
    });

    it('finds restricted speaches for their users and groups only', async () => {
      expect(await ids('restricted')).toEqual([]);
      expect(await ids('restricted', { viewer: alice })).toEqual(['restricted-user']);
      expect(await ids('restricted', { viewer: operator })).toEqual(['restricted-group']);
      expect((await search('', { viewer: alice })).total).toBe((await search('')).total + 1);
    });

    it('never finds drafts, withdrawn, scheduled, archived, template or private speaches', async () => {
      for (const viewer of [reader, alice, operator]) {
        expect(await ids('quokka', { viewer })).toEqual([]);
        expect((await search('', { viewer, pageSize: 100 })).ids).not.toEqual(expect.arrayContaining(['draft']));
      }
      expect(await ids('quokka', { viewer: { ...reader, now: FAR_FUTURE } })).toEqual(['future']);
    });

    it('searches the published text, not a later draft', async () => {
      expect(await ids('alpha')).toEqual(['edited']);
      expect(await ids('omega')).toEqual([]);
    });

    it('lists everything findable without a term, most recently updated first, and pages through it', async () => {
      const everything = await search('', { pageSize: 100 });
      expect(everything.total).toBe(everything.ids.length);
      expect(everything.ids).toEqual(expect.arrayContaining(['js-title', 'js-body', 'ecole', 'edited', 'paged-00']));
      expect(everything.ids).toHaveLength(5 + PAGED);
      // The paged speaches were made last, the newest first.
      expect(everything.ids.slice(0, PAGED)).toEqual(Array.from({ length: PAGED }, (_, i) => `paged-${String(PAGED - 1 - i).padStart(2, '0')}`));
      const pages = [];
      for (let page = 0; page < 4; page++) pages.push(...(await search('', { page, pageSize: 5 })).ids);
      expect(pages).toEqual(everything.ids);
      expect((await search('', { page: 9, pageSize: 5 })).ids).toEqual([]);
    });

    it('sorts by title and by update on a term too', async () => {
      const titles = await search('zebra', { sort: 'TITRE', pageSize: 5 });
      expect(titles.total).toBe(PAGED);
      expect(titles.ids).toEqual(['paged-11', 'paged-10', 'paged-09', 'paged-08', 'paged-07']);
      expect((await search('zebra', { sort: 'TITRE', pageSize: 5, page: 2 })).ids).toEqual(['paged-01', 'paged-00']);
      expect((await search('zebra', { sort: 'RECENT', pageSize: 3 })).ids).toEqual(['paged-11', 'paged-10', 'paged-09']);
      // Equal relevance: the most recently updated first.
      expect((await search('zebra', { sort: 'RELEVANT', pageSize: 3 })).ids).toEqual(['paged-11', 'paged-10', 'paged-09']);
      expect((await search('', { sort: 'TITRE', pageSize: 2 })).ids).toEqual(['ecole', 'js-title']);
    });

    it('takes hostile input without an error and with sensible results', async () => {
      const hostile = [
        '"',
        '""',
        '"javascript',
        "'",
        '*',
        '**',
        'java*',
        '^javascript',
        'NEAR(javascript basics)',
        'javascript AND',
        'AND',
        'OR',
        'NOT',
        '(((',
        ')',
        '-javascript',
        '+javascript',
        'title:javascript',
        '{title}: javascript',
        '<script>alert(1)</script>',
        '\\',
        '$^+?{}|[a-z',
        '😀',
        '😀javascript😀',
        '\u0000',
        '\u200b',
        "'; DROP TABLE speach_search; --",
        '中文',
        'x'.repeat(10_000),
      ];
      for (const term of hostile) {
        const answer = await search(term);
        expect(answer).toEqual({ ids: expect.any(Array), total: expect.any(Number), availableLanguages: expect.any(Array) });
        expect(answer.total).toBeGreaterThanOrEqual(answer.ids.length);
      }
      for (const term of [
        '"javascript"',
        'NEAR(javascript',
        '-javascript',
        'javascript AND',
        '<b>javascript</b>',
        '😀javascript😀',
        `javascript ${'x'.repeat(10_000)}`,
      ]) {
        expect(await ids(term)).toEqual(['js-title', 'js-body']);
      }
    });

    it('follows the documents as they change', async () => {
      await corpus.apply('js-body', 'SpeachDetailsChanged', { title: 'Frontend javascript' }, at(900));
      await corpus.apply('js-title', 'SpeachArchived', {}, at(901));
      await corpus.apply('ecole', 'SpeachVisibilityChanged', { visibility: 'RESTREINT', accessCodeHash: null }, at(902));
      await corpus.apply('ecole', 'SpeachAffectedUsersChanged', { userIds: ['u-reader'] }, at(903));
      await sync();
      expect(await ids('javascript')).toEqual(['js-body']);
      expect(await ids('frontend')).toEqual(['js-body']);
      expect(await ids('closures')).toEqual([]);
      expect(await ids('ecole')).toEqual(['ecole']);
      expect(await ids('ecole', { viewer: alice })).toEqual([]);
      await corpus.apply('js-title', 'SpeachRestored', {}, at(904));
      await sync();
      expect(await ids('closures')).toEqual(['js-title']);
    });
  });
}
