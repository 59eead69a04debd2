import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

interface PathView {
  pathId: string;
  title: string;
  description: string;
  version: number;
  state: string;
  isOwner: boolean;
  user: { userID: string };
  items: { id: string; canView: boolean }[];
  assignment: { groups: { id: string; name: string; dueDate: string | null }[]; users: { userID: string; dueDate: string | null }[] };
}

describe('Learning paths API (issue 18)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let otherAuthor: string;
  let reader: string;
  let approver: string;
  let ids: Record<string, string>;
  let readerGroupId: string;
  let otherGroupId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function publishedSpeach(title: string, chapters = 1, publication: { at?: string } = {}) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body as { id: string };
    const chapterIds: string[] = [];
    for (let i = 0; i < chapters; i++) {
      const chapterId = (
        await t.http
          .post(`/api/v2/recorder/speach/${id}/chapters`)
          .set(as(author))
          .send({ title: `Part ${i + 1}`, parentId: null })
          .expect(201)
      ).body.chapterId as string;
      await t.http
        .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
        .set(as(author))
        .send({ type: 'HTML', html: `<p>${title} ${i}</p>` })
        .expect(200);
      chapterIds.push(chapterId);
    }
    // An administrator publishes directly, outside any validation workflow.
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send(publication).expect(200);
    return { id, chapterIds };
  }

  const save = (token: string, path: Record<string, unknown> | string, headers: Record<string, string> = {}) =>
    t.http
      .put('/api/v2/learningPath')
      .set({ ...as(token), ...headers })
      .send({ path: typeof path === 'string' ? path : JSON.stringify(path) });
  const create = async (title = 'Onboarding', extra: Record<string, unknown> = {}) => (await save(author, { title, ...extra }).expect(200)).body as PathView;
  const put = (token: string, url: string, query: Record<string, unknown> = {}) => t.http.put(url).query(query).set(as(token));
  const fields = (body: { errors?: { field: string }[] }) => [...new Set((body.errors ?? []).map((e) => e.field))];

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    const adminUser = await fx.admin();
    readerGroupId = await fx.group({ name: 'Sales' });
    otherGroupId = await fx.group({ name: 'Engineering' });
    const authorUser = await fx.user('author');
    const otherAuthorUser = await fx.user('author');
    const readerUser = await fx.user('learner', { groupIds: [readerGroupId] });
    const approverUser = await fx.user('approver');
    // A member of the other group, so an assignment to it tells someone.
    await fx.user('learner', { groupIds: [otherGroupId] });
    [admin, author, otherAuthor, reader, approver] = [adminUser, authorUser, otherAuthorUser, readerUser, approverUser].map((p) => p.token);
    ids = Object.fromEntries([adminUser, authorUser, readerUser].map((p) => [p.email, p.id]));
  });
  afterAll(async () => {
    await t.close();
  });

  describe('PUT /api/v2/learningPath (create and save details)', () => {
    it('creates a path owned by the author and answers the whole path of spec §3', async () => {
      const path = await create('Onboarding', { description: 'Week one', sequential: true });
      expect(path).toEqual(
        expect.objectContaining({
          pathId: expect.any(String),
          title: 'Onboarding',
          description: 'Week one',
          image: null,
          items: [],
          assignment: { groups: [], users: [] },
          sequential: true,
          state: 'NON_PUBLIE',
          isOwner: true,
          canEdit: true,
          version: 0,
        }),
      );
      expect(path.user).toEqual({ userID: ids['author@example.com'], firstName: 'Bruno', lastName: 'Garcia' });
    });

    it('saves details with the version it read; a stale version is a 409', async () => {
      const path = await create();
      const saved = (await save(author, { pathId: path.pathId, title: 'Onboarding 2', description: 'New', version: 0 }).expect(200)).body as PathView;
      expect(saved).toEqual(expect.objectContaining({ pathId: path.pathId, title: 'Onboarding 2', description: 'New', version: 1 }));
      await save(author, { pathId: path.pathId, title: 'Lost update', version: 0 }).expect(409);
      await save(author, { pathId: path.pathId, title: 'Lost update' }, { 'if-match': '0' }).expect(409);
      expect((await t.http.get(`/api/v2/learningPath/${path.pathId}`).set(as(author)).expect(200)).body.title).toBe('Onboarding 2');
    });

    it('answers 400 naming the field for a bad body, title or description', async () => {
      expect(fields((await t.http.put('/api/v2/learningPath').set(as(author)).send({}).expect(400)).body)).toEqual(['path']);
      expect(fields((await save(author, 'not json').expect(400)).body)).toEqual(['path']);
      expect(fields((await save(author, '[1]').expect(400)).body)).toEqual(['path']);
      expect(fields((await save(author, { description: 'no title' }).expect(400)).body)).toEqual(['title']);
      expect(fields((await save(author, { title: 'x'.repeat(101) }).expect(400)).body)).toEqual(['title']);
      expect(fields((await save(author, { title: 'ok', description: 'd'.repeat(1001) }).expect(400)).body)).toEqual(['description']);
      expect(fields((await save(author, { title: 'ok', recertificationMonths: -2 }).expect(400)).body)).toEqual(['recertificationMonths']);
      expect(fields((await save(author, { title: 'ok', sequential: 'yes' }).expect(400)).body)).toEqual(['path.sequential']);
      expect(fields((await save(author, { title: 'ok', version: 'latest' }).expect(400)).body)).toEqual(['path.version']);
    });

    it('refuses users without the author role (403), another author on a path they do not own (403), and an unknown path (404)', async () => {
      await save(reader, { title: 'Mine' }).expect(403);
      await save(approver, { title: 'Mine' }).expect(403);
      const path = await create();
      await save(otherAuthor, { pathId: path.pathId, title: 'Taken' }).expect(403);
      await save(author, { pathId: 'nope', title: 'Ghost' }).expect(404);
      const byAdmin = (await save(admin, { pathId: path.pathId, title: 'Edited by admin' }).expect(200)).body;
      expect(byAdmin).toEqual(expect.objectContaining({ title: 'Edited by admin', isOwner: false, canEdit: true }));
    });
  });

  describe('GET /api/v2/learningPath/{pathId} and getAllGroups', () => {
    it('answers the path to its owner and administrators only', async () => {
      const path = await create('Visible');
      expect((await t.http.get(`/api/v2/learningPath/${path.pathId}`).set(as(admin)).expect(200)).body).toEqual(
        expect.objectContaining({ pathId: path.pathId, isOwner: false }),
      );
      await t.http.get(`/api/v2/learningPath/${path.pathId}`).set(as(reader)).expect(403);
      await t.http.get(`/api/v2/learningPath/${path.pathId}`).set(as(otherAuthor)).expect(403);
      await t.http.get('/api/v2/learningPath/unknown-path').set(as(author)).expect(404);
    });

    it('lists every group, and for a path marks the assigned ones', async () => {
      const groups = (await t.http.get('/api/v2/learningPath/getAllGroups').set(as(author)).expect(200)).body;
      expect(groups.map((g: { name: string }) => g.name)).toEqual(expect.arrayContaining(['Sales', 'Engineering']));
      await t.http.get('/api/v2/learningPath/getAllGroups').set(as(reader)).expect(403);
      const path = await create('Groups');
      await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: otherGroupId, add: true }).expect(200);
      const marked = (await t.http.get(`/api/v2/learningPath/${path.pathId}/getAllGroups`).set(as(author)).expect(200)).body as {
        id: string;
        selected: boolean;
      }[];
      expect(marked.filter((g) => g.selected).map((g) => g.id)).toEqual([otherGroupId]);
      await t.http.get('/api/v2/learningPath/unknown/getAllGroups').set(as(author)).expect(404);
    });
  });

  describe('content: addSpeach, removeSpeach, recordOrder, getSpeaches', () => {
    let one: { id: string };
    let two: { id: string };
    beforeAll(async () => {
      one = await publishedSpeach('Path content one');
      two = await publishedSpeach('Path content two');
    });

    it('adds speaches at the end and answers the path with its items as speach cards', async () => {
      const path = await create('Content');
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${one.id}`).expect(200);
      const after = (await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${two.id}`, { version: 1 }).expect(200)).body as PathView;
      expect(after.items.map((i) => i.id)).toEqual([one.id, two.id]);
      expect(after.items[0]).toEqual(expect.objectContaining({ speachID: one.id, title: 'Path content one', canView: true }));
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${one.id}`).expect(409);
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${two.id}`, { version: 0 }).expect(409);
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${two.id}`, { version: 'x' }).expect(400)).body)).toEqual(['version']);
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/unknown`).expect(404);
      await put(author, `/api/v2/learningPath/unknown/addSpeach/${one.id}`).expect(404);
      await put(reader, `/api/v2/learningPath/${path.pathId}/addSpeach/${one.id}`).expect(403);
    });

    it('refuses a speach the editor cannot view (403) but lets them remove it once there', async () => {
      const restricted = await publishedSpeach('Restricted to others');
      await t.http.put(`/api/v2/recorder/speach/${restricted.id}/visibility`).set(as(admin)).send({ visibility: 'RESTREINT' }).expect(200);
      const adminPath = (await save(admin, { title: 'Admin path' }).expect(200)).body as PathView;
      await put(admin, `/api/v2/learningPath/${adminPath.pathId}/addSpeach/${restricted.id}`).expect(200);
      const otherPath = (await save(otherAuthor, { title: 'Other author path' }).expect(200)).body as PathView;
      await put(otherAuthor, `/api/v2/learningPath/${otherPath.pathId}/addSpeach/${restricted.id}`).expect(403);
      // Removal never asks whether the speach can still be viewed (spec §5, the warning variant).
      const removed = (await put(admin, `/api/v2/learningPath/${adminPath.pathId}/removeSpeach/${restricted.id}`).expect(200)).body as PathView;
      expect(removed.items).toEqual([]);
    });

    it('removes a speach; one not in the path is a 404; others are refused', async () => {
      const path = await create('Removal');
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${one.id}`).expect(200);
      await put(reader, `/api/v2/learningPath/${path.pathId}/removeSpeach/${one.id}`).expect(403);
      await put(author, `/api/v2/learningPath/${path.pathId}/removeSpeach/${one.id}`, { version: 0 }).expect(409);
      expect(((await put(author, `/api/v2/learningPath/${path.pathId}/removeSpeach/${one.id}`).expect(200)).body as PathView).items).toEqual([]);
      await put(author, `/api/v2/learningPath/${path.pathId}/removeSpeach/${one.id}`).expect(404);
      await put(author, `/api/v2/learningPath/unknown/removeSpeach/${one.id}`).expect(404);
    });

    it('records a new order given as ids joined by ";" only when it is a permutation', async () => {
      const path = await create('Order');
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${one.id}`).expect(200);
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${two.id}`).expect(200);
      const reordered = (await put(author, `/api/v2/learningPath/${path.pathId}/recordOrder`, { order: `${two.id};${one.id}` }).expect(200)).body as PathView;
      expect(reordered.items.map((i) => i.id)).toEqual([two.id, one.id]);
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/recordOrder`).expect(400)).body)).toEqual(['order']);
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/recordOrder`, { order: one.id }).expect(400)).body)).toEqual(['order']);
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/recordOrder`, { order: `${one.id};${one.id}` }).expect(400)).body)).toEqual([
        'order',
      ]);
      await put(author, `/api/v2/learningPath/${path.pathId}/recordOrder`, { order: `${one.id};${two.id}`, version: 1 }).expect(409);
      await put(reader, `/api/v2/learningPath/${path.pathId}/recordOrder`, { order: `${one.id};${two.id}` }).expect(403);
      await put(author, '/api/v2/learningPath/unknown/recordOrder', { order: `${one.id};${two.id}` }).expect(404);
    });

    it('lists the selected speaches in order and the available ones (published by default, filterable by name, paged)', async () => {
      const path = await create('Lists');
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${one.id}`).expect(200);
      const selected = (await t.http.get(`/api/v2/learningPath/${path.pathId}/getSpeaches`).query({ selected: true }).set(as(author)).expect(200)).body;
      expect(selected).toEqual({ result: [expect.objectContaining({ id: one.id })], total: 1 });
      const available = (
        await t.http.get(`/api/v2/learningPath/${path.pathId}/getSpeaches`).query({ selected: false, name: 'path content' }).set(as(author)).expect(200)
      ).body;
      expect(available.result.map((c: { id: string }) => c.id)).toEqual([two.id]);
      expect(available.total).toBe(1);
      const all = (await t.http.get(`/api/v2/learningPath/${path.pathId}/getSpeaches`).query({ selected: false }).set(as(author)).expect(200)).body;
      expect(all.result.length).toBeLessThanOrEqual(20);
      expect(all.result.every((c: { state: string }) => c.state === 'PUBLIE')).toBe(true);
      expect(all.result.map((c: { id: string }) => c.id)).not.toContain(one.id);
      const drafts = (
        await t.http.get(`/api/v2/learningPath/${path.pathId}/getSpeaches`).query({ selected: false, onlyState: 'NON_PUBLIE' }).set(as(author)).expect(200)
      ).body;
      expect(drafts.result.every((c: { state: string }) => c.state === 'NON_PUBLIE')).toBe(true);
      expect(
        fields((await t.http.get(`/api/v2/learningPath/${path.pathId}/getSpeaches`).query({ selected: 'maybe' }).set(as(author)).expect(400)).body),
      ).toEqual(['selected']);
      expect(
        fields((await t.http.get(`/api/v2/learningPath/${path.pathId}/getSpeaches`).query({ onlyState: 'ALL' }).set(as(author)).expect(400)).body),
      ).toEqual(['onlyState']);
      await t.http.get(`/api/v2/learningPath/${path.pathId}/getSpeaches`).set(as(reader)).expect(403);
      await t.http.get('/api/v2/learningPath/unknown/getSpeaches').set(as(author)).expect(404);
    });
  });

  it("counts an administrator's available speaches as the pages list them: live ones only, the path's own left out", async () => {
    const path = await create('Catalogue count');
    const inPath = await publishedSpeach('Catalogue count in path');
    await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${inPath.id}`).expect(200);
    const { id: scheduled } = await publishedSpeach('Catalogue count later', 1, { at: new Date(Date.now() + 86_400_000).toISOString() });
    for (let i = 0; i < 21; i++) await publishedSpeach(`Catalogue count ${i}`);
    const listed: string[] = [];
    let total = -1;
    for (let page = 0; total < 0 || listed.length < total; page++) {
      const body = (await t.http.get(`/api/v2/learningPath/${path.pathId}/getSpeaches`).query({ selected: false, page }).set(as(admin)).expect(200)).body;
      if (body.result.length === 0) break;
      total = body.total;
      listed.push(...body.result.map((c: { id: string }) => c.id));
    }
    expect(total).toBeGreaterThan(20);
    expect(listed).toHaveLength(total);
    expect(new Set(listed).size).toBe(total);
    expect(listed).not.toContain(inPath.id);
    expect(listed).not.toContain(scheduled);
  });

  describe('assignment: changeGroup and changeUser', () => {
    it('assigns and unassigns a group with a due date', async () => {
      const path = await create('Assign groups');
      const assigned = (
        await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: readerGroupId, add: true, dueDate: '2027-01-31' }).expect(200)
      ).body as PathView;
      expect(assigned.assignment.groups).toEqual([
        expect.objectContaining({ id: readerGroupId, name: expect.any(String), dueDate: '2027-01-31T23:59:59.999Z' }),
      ]);
      const removed = (await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: readerGroupId, add: false }).expect(200))
        .body as PathView;
      expect(removed.assignment.groups).toEqual([]);
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { add: true }).expect(400)).body)).toEqual(['groupId']);
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: readerGroupId, add: 'maybe' }).expect(400)).body)).toEqual(
        ['add'],
      );
      expect(
        fields((await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: readerGroupId, add: true, dueDate: 'soon' }).expect(400)).body),
      ).toEqual(['dueDate']);
      await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: 'unknown', add: true }).expect(404);
      await put(author, '/api/v2/learningPath/unknown/changeGroup', { groupId: readerGroupId, add: true }).expect(404);
      await put(reader, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: readerGroupId, add: true }).expect(403);
      await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: readerGroupId, add: true, version: 0 }).expect(409);
    });

    it('assigns and unassigns a user', async () => {
      const path = await create('Assign users');
      const assigned = (await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId: ids['reader@example.com'], add: true }).expect(200))
        .body as PathView;
      expect(assigned.assignment.users).toEqual([
        expect.objectContaining({ userID: ids['reader@example.com'], firstName: 'David', lastName: 'Dupont', dueDate: null }),
      ]);
      expect(
        ((await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId: ids['reader@example.com'], add: false }).expect(200)).body as PathView)
          .assignment.users,
      ).toEqual([]);
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { add: true }).expect(400)).body)).toEqual(['userId']);
      await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId: 'unknown', add: true }).expect(404);
      await put(otherAuthor, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId: ids['reader@example.com'], add: true }).expect(403);
      await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId: ids['reader@example.com'], add: true, version: 0 }).expect(409);
    });

    it('gives a user their own due date, and answers 400 naming add or dueDate, 404 for an unknown path', async () => {
      const path = await create('Due per user');
      const userId = ids['reader@example.com'];
      const assigned = (await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId, add: true, dueDate: '2027-03-15' }).expect(200))
        .body as PathView;
      expect(assigned.assignment.users).toEqual([expect.objectContaining({ userID: userId, dueDate: '2027-03-15T23:59:59.999Z' })]);
      // A group's due date is its own: the user's stays as it was.
      const both = (
        await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: readerGroupId, add: true, dueDate: '2027-06-30' }).expect(200)
      ).body as PathView;
      expect(both.assignment.users[0].dueDate).toBe('2027-03-15T23:59:59.999Z');
      expect(both.assignment.groups[0].dueDate).toBe('2027-06-30T23:59:59.999Z');
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId, add: 'maybe' }).expect(400)).body)).toEqual(['add']);
      expect(
        fields((await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId, add: true, dueDate: '31/12/2027' }).expect(400)).body),
      ).toEqual(['dueDate']);
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId, add: true, version: 'x' }).expect(400)).body)).toEqual([
        'version',
      ]);
      await put(author, '/api/v2/learningPath/unknown/changeUser', { userId, add: true }).expect(404);
      const after = (await t.http.get(`/api/v2/learningPath/${path.pathId}`).set(as(author)).expect(200)).body as PathView;
      expect(after.version).toBe(both.version);
    });
  });

  describe('the remaining 400s of the content calls', () => {
    it('removeSpeach and publish answer 400 naming version when it is not a number, and change nothing', async () => {
      const speach = await publishedSpeach('Bad version speach');
      const path = await create('Bad versions');
      const added = (await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${speach.id}`).expect(200)).body as PathView;
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/removeSpeach/${speach.id}`, { version: 'old' }).expect(400)).body)).toEqual([
        'version',
      ]);
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/publish`, { version: '1.5' }).expect(400)).body)).toEqual(['version']);
      const after = (await t.http.get(`/api/v2/learningPath/${path.pathId}`).set(as(author)).expect(200)).body as PathView;
      expect(after).toEqual(expect.objectContaining({ version: added.version, state: 'NON_PUBLIE' }));
      expect(after.items.map((i) => i.id)).toEqual([speach.id]);
    });
  });

  describe('publication', () => {
    it('needs at least one speach, publishes once, and tells the assignees and the administrators', async () => {
      const speach = await publishedSpeach('Published path speach');
      const path = await create('To publish');
      expect(fields((await put(author, `/api/v2/learningPath/${path.pathId}/publish`).expect(400)).body)).toEqual(['items']);
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${speach.id}`).expect(200);
      await put(author, `/api/v2/learningPath/${path.pathId}/changeUser`, { userId: ids['reader@example.com'], add: true }).expect(200);
      await put(reader, `/api/v2/learningPath/${path.pathId}/publish`).expect(403);
      await put(author, `/api/v2/learningPath/${path.pathId}/publish`, { version: 0 }).expect(409);
      await put(author, '/api/v2/learningPath/unknown/publish').expect(404);
      const published = (await put(author, `/api/v2/learningPath/${path.pathId}/publish`).expect(200)).body as PathView;
      expect(published).toEqual(expect.objectContaining({ state: 'PUBLIE', published: true }));
      await put(author, `/api/v2/learningPath/${path.pathId}/publish`).expect(409);

      const notifications = t.adapters.readStore.collection<{ _id: string; userId: string; type: string; data: Record<string, unknown> }>('notifications');
      const told = await notifications.find({ type: 'NEW_ASSIGNMENT', 'data.pathId': path.pathId });
      expect(told.map((n) => n.userId)).toEqual([ids['reader@example.com']]);
      expect(told[0].data).toEqual(expect.objectContaining({ pathTitle: 'To publish' }));
      const admins = await notifications.find({ type: 'NEW_PATH_PUBLISHED', 'data.pathId': path.pathId });
      expect(admins.map((n) => n.userId)).toContain(ids['admin@example.com']);

      // An assignment to the published path is told at once, to each member of the group.
      await put(author, `/api/v2/learningPath/${path.pathId}/changeGroup`, { groupId: otherGroupId, add: true }).expect(200);
      expect((await notifications.find({ type: 'NEW_ASSIGNMENT', 'data.pathId': path.pathId })).length).toBeGreaterThan(1);
    });

    it('unpublishes and archives; an archived path takes no more changes', async () => {
      const speach = await publishedSpeach('Archive path speach');
      const path = await create('To archive');
      await put(author, `/api/v2/learningPath/${path.pathId}/addSpeach/${speach.id}`).expect(200);
      await put(author, `/api/v2/learningPath/${path.pathId}/publish`).expect(200);
      expect((await put(author, `/api/v2/learningPath/${path.pathId}/unpublish`).expect(200)).body.state).toBe('NON_PUBLIE');
      await put(reader, `/api/v2/learningPath/${path.pathId}/archive`).expect(403);
      expect((await put(admin, `/api/v2/learningPath/${path.pathId}/archive`).expect(200)).body).toEqual(
        expect.objectContaining({ state: 'ARCHIVE', canEdit: false }),
      );
      await save(author, { pathId: path.pathId, title: 'Too late' }).expect(409);
    });
  });
});

describe('Learning paths of the demo organisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Seeded: this test is about the demo's own learning paths.
    t = await startTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has two published paths: a sequential one, and one assigned to a group with a due date', async () => {
    const list = (
      await t.http
        .get('/api/v2/admin/learningPath')
        .query({ state: 'PUBLIE', title: 'e' })
        .set({ authorization: `Bearer ${await t.login('admin@example.com')}` })
        .expect(200)
    ).body.result as {
      title: string;
      sequential: boolean;
      assignment: { groups: { dueDate: string | null }[] };
    }[];
    const essentials = list.find((p) => p.title === 'New starter essentials');
    const refresher = list.find((p) => p.title === 'Team refresher');
    expect(essentials).toEqual(expect.objectContaining({ sequential: true }));
    expect(refresher?.assignment.groups).toEqual([expect.objectContaining({ dueDate: expect.any(String) })]);
    const mine = (
      await t.http
        .get('/api/v2/my/learningPaths')
        .set({ authorization: `Bearer ${await t.login('reader@example.com')}` })
        .expect(200)
    ).body.result.map((p: { title: string }) => p.title);
    expect(mine).toEqual(expect.arrayContaining(['New starter essentials', 'Team refresher']));
  });
});
