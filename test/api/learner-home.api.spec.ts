import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue #5 (home, search, account grids): search edge cases, the assigned and due-date grids, the card duplicate. */
describe('Learner home API (issue #5)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let readerId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const search = (token: string, query: Record<string, string | number>) => t.http.get('/api/v2/speach/search').query(query).set(as(token));

  /** A speach by the demo author with one HTML chapter, published by the admin (the validation workflow is on). */
  async function published(title: string, html: string, extra: { description?: string; tags?: string } = {}) {
    const { id } = (
      await t.http
        .post('/api/v2/recorder/speach')
        .set(as(author))
        .send({ title, language: 'en-US', description: extra.description ?? '' })
        .expect(201)
    ).body;
    if (extra.tags) await t.http.put(`/api/v2/recorder/speach/${id}/details`).set(as(author)).send({ tags: extra.tags }).expect(200);
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Part one' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return id as string;
  }

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
    readerId = (await t.http.get('/api/auth/me').set(as(reader))).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/v2/speach/search', () => {
    it('finds words of the published chapter text, not of a later draft', async () => {
      const id = await published('Ladder work', '<p>Always keep three points of <b>contact</b> with the quadrilateral frame.</p>');
      const found = await search(reader, { term: 'quadrilateral' }).expect(200);
      expect(found.body.results.map((c: { id: string }) => c.id)).toEqual([id]);
      // A draft edit is not searchable until it is published.
      const tree = (await t.http.get('/api/v2/speach/draftSpeach').query({ speachID: id }).set(as(author)).expect(200)).body;
      await t.http
        .put(`/api/v2/recorder/speach/${id}/chapters/${tree.chapters[0].chapterId}/content`)
        .set(as(author))
        .send({ type: 'HTML', html: '<p>Scaffolding rhombohedral</p>' })
        .expect(200);
      expect((await search(reader, { term: 'rhombohedral' }).expect(200)).body.totalNumberOfSpeachesFound).toBe(0);
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
      expect((await search(reader, { term: 'rhombohedral' }).expect(200)).body.results.map((c: { id: string }) => c.id)).toEqual([id]);
    });

    it('ranks a title match above a chapter-text match, and tolerates typos and prefixes', async () => {
      const inTitle = await published('Zygomorphic flowers', '<p>Petals.</p>');
      const inText = await published('Botany basics', '<p>Some zygomorphic shapes appear in orchids.</p>');
      const ranked = (await search(reader, { term: 'zygomorphic', tri: 'RELEVANT' }).expect(200)).body.results.map((c: { id: string }) => c.id);
      expect(ranked).toEqual([inTitle, inText]);
      const typo = (await search(reader, { term: 'zygomorfic' }).expect(200)).body.results.map((c: { id: string }) => c.id);
      expect(typo).toEqual(expect.arrayContaining([inTitle, inText]));
      const prefix = (await search(reader, { term: 'zygomo' }).expect(200)).body.results.map((c: { id: string }) => c.id);
      expect(prefix).toEqual(expect.arrayContaining([inTitle, inText]));
    });

    it('searches descriptions and tags too', async () => {
      const id = await published('Night shifts', '<p>Rest.</p>', { description: 'Circadian rhythm tips', tags: 'sleepiness vigilance' });
      expect((await search(reader, { term: 'circadian' }).expect(200)).body.results[0].id).toBe(id);
      expect((await search(reader, { term: 'sleepiness' }).expect(200)).body.results[0].id).toBe(id);
    });

    it('takes regex characters, HTML and a 10 kB term without breaking', async () => {
      for (const term of ['.*', '(', '[a-z', '\\', '$^+?{}|', '<script>alert(1)</script>', '<b>phishing</b>', "'; DROP TABLE speaches; --"]) {
        const response = await search(reader, { term }).expect(200);
        expect(response.body).toEqual(expect.objectContaining({ results: expect.any(Array), totalNumberOfSpeachesFound: expect.any(Number) }));
      }
      // Markup around a real word still finds it.
      await published('Phishing awareness', '<p>Check the sender before you click.</p>');
      expect((await search(reader, { term: '<b>phishing</b>' }).expect(200)).body.results[0].title).toBe('Phishing awareness');
      const huge = `phishing ${'x'.repeat(10 * 1024)}`;
      const response = await search(reader, { term: huge }).expect(200);
      expect(response.body.results[0].title).toBe('Phishing awareness');
    });

    it('sorts RECENT without a term, answers 400 on a bad sort or language, 401 anonymous', async () => {
      const recent = (await search(reader, {}).expect(200)).body.results as { lastUpdatedTimestamp: number }[];
      const stamps = recent.map((c) => c.lastUpdatedTimestamp);
      expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
      const bad = await search(reader, { tri: 'LOUDEST' }).expect(400);
      expect(bad.body.errors[0].field).toBe('tri');
      expect((await search(reader, { languageId: 'xx-XX' }).expect(400)).body.errors[0].field).toBe('languageId');
      expect((await search(reader, { page: -1 }).expect(400)).body.errors[0].field).toBe('page');
      await t.http.get('/api/v2/speach/search').query({ term: 'phishing' }).expect(401);
    });
  });

  describe('account grids', () => {
    let assigned: string;
    let dueDated: string;

    beforeAll(async () => {
      assigned = await published('Assigned quayside rota', '<p>Exits.</p>');
      dueDated = await published('Due-dated compliance', '<p>Rules.</p>');
      for (const id of [assigned, dueDated]) {
        await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
        await t.http
          .put('/api/v2/admin/speach/updateAffectedUsers')
          .set(as(admin))
          .send({ speachID: id, users: [readerId] })
          .expect(200);
      }
      await t.http.put(`/api/v2/recorder/speach/${dueDated}/badge`).set(as(author)).send({ badge: 'AVANCEMENT' }).expect(200);
      await t.http.put('/api/v2/speach/setDueDate').set(as(author)).send({ speachID: dueDated, dueDate: '2099-01-01' }).expect(200);
    });

    it('speachAssigned lists live speaches assigned to me, in the {result,total} shape', async () => {
      const grid = await t.http.get('/api/v2/my/speachAssigned').query({ page: 0, sort: 'TITLE', asc: 'true' }).set(as(reader)).expect(200);
      const ids = grid.body.result.map((c: { id: string }) => c.id);
      expect(ids).toEqual(expect.arrayContaining([assigned, dueDated]));
      expect(ids.indexOf(assigned)).toBeLessThan(ids.indexOf(dueDated)); // TITLE ascending
      expect(grid.body.total).toBe(ids.length);
      const before = ids.length;
      const named = await t.http.get('/api/v2/my/speachAssigned').query({ name: 'QUAYSIDE' }).set(as(reader)).expect(200);
      expect(named.body.result.map((c: { id: string }) => c.id)).toEqual([assigned]);
      // Someone else has nothing assigned; an unpublished speach leaves the list.
      expect((await t.http.get('/api/v2/my/speachAssigned').set(as(author)).expect(200)).body.total).toBe(0);
      await t.http.post(`/api/v2/recorder/speach/${assigned}/unpublish`).set(as(author)).send({}).expect(200);
      const after = (await t.http.get('/api/v2/my/speachAssigned').set(as(reader)).expect(200)).body;
      expect(after.total).toBe(before - 1);
      expect(after.result.map((c: { id: string }) => c.id)).not.toContain(assigned);
      await t.http.post(`/api/v2/recorder/speach/${assigned}/publish`).set(as(admin)).send({}).expect(200);
    });

    it('speachWithDueDate lists my assigned speaches with a due date, and the author’s own', async () => {
      const mine = await t.http.get('/api/v2/my/speachWithDueDate').set(as(reader)).expect(200);
      const rows = mine.body.result.map((c: { id: string; metadata: { dueDate: string | null } }) => [c.id, c.metadata.dueDate?.slice(0, 10)]);
      expect(rows).toContainEqual([dueDated, '2099-01-01']);
      expect(rows.map((r: unknown[]) => r[0])).not.toContain(assigned); // assigned, but without a due date
      expect(rows.every((r: unknown[]) => typeof r[1] === 'string')).toBe(true);
      expect(mine.body.total).toBe(rows.length);
      const authors = await t.http.get('/api/v2/my/speachWithDueDate').set(as(author)).expect(200);
      expect(authors.body.result.map((c: { id: string }) => c.id)).toContain(dueDated);
    });

    it('validates grid parameters (400 naming the field) and refuses anonymous calls (401)', async () => {
      expect((await t.http.get('/api/v2/my/speachAssigned').query({ sort: 'COLOUR' }).set(as(reader)).expect(400)).body.errors[0].field).toBe('sort');
      expect((await t.http.get('/api/v2/my/speachWithDueDate').query({ onlyState: 'MAYBE' }).set(as(reader)).expect(400)).body.errors[0].field).toBe(
        'onlyState',
      );
      expect((await t.http.get('/api/v2/my/speachAssigned').query({ asc: 'sometimes' }).set(as(reader)).expect(400)).body.errors[0].field).toBe('asc');
      expect(
        (
          await t.http
            .get('/api/v2/my/speachAssigned')
            .query({ name: 'x'.repeat(201) })
            .set(as(reader))
            .expect(400)
        ).body.errors[0].field,
      ).toBe('name');
      // Regex characters in the name filter are plain text.
      for (const name of ['.*', '(', '[a-z', '\\', '$^+?{}|']) {
        expect((await t.http.get('/api/v2/my/speachAssigned').query({ name }).set(as(reader)).expect(200)).body.total).toBe(0);
      }
      await t.http.get('/api/v2/my/speachAssigned').expect(401);
      await t.http.get('/api/v2/my/speachWithDueDate').expect(401);
    });
  });

  describe('PUT /api/v2/speach/duplicate', () => {
    it('lets an author duplicate a speach they edit, and refuses a reader (403) and another’s speach (403)', async () => {
      const id = await published('Original for copy', '<p>Body.</p>');
      const copy = await t.http.put('/api/v2/speach/duplicate').query({ speachId: id }).set(as(author)).expect(200);
      expect(copy.body).toEqual(expect.objectContaining({ title: 'Original for copy (copy)', state: 'NON_PUBLIE', canEdit: true, chapterCount: 1 }));
      expect(copy.body.id).not.toBe(id);
      await t.http.put('/api/v2/speach/duplicate').query({ speachId: id }).set(as(reader)).expect(403);
      const approver = (await fixtures(t).user('approver')).token;
      await t.http.put('/api/v2/speach/duplicate').query({ speachId: id }).set(as(approver)).expect(403);
      expect((await t.http.put('/api/v2/speach/duplicate').set(as(author)).expect(400)).body.errors[0].field).toBe('speachId');
      await t.http.put('/api/v2/speach/duplicate').query({ speachId: 'nope' }).set(as(author)).expect(404);
    });
  });
});
