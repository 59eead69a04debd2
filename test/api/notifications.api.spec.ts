import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

interface Notification {
  key: string;
  typeNotification: string;
  read: boolean;
  speach: { speachID: string; title: string } | null;
  sourceUser: { firstName: string } | null;
  commentaire: { content: string; rating: number | null } | null;
}

/** Issue #5 item 6: spec §7 notification calls (docs/engagement-api.md). */
describe('Notifications API', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let readerId: string;
  let readerFirstName: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function draft(title: string) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'en-US' }).expect(201)).body;
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Intro' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Hello</p>' }).expect(200);
    return id as string;
  }
  const publish = (id: string) => t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
  const list = async (token: string, query: Record<string, unknown> = {}) =>
    (
      await t.http
        .get('/api/v2/notifications')
        .query({ dataType: 'json', ...query })
        .set(as(token))
        .expect(200)
    ).body as Notification[];
  const unread = async (token: string) => (await t.http.get('/api/v2/notifications/countUnread').set(as(token)).expect(200)).body.size as number;

  beforeAll(async () => {
    t = await startTestApp();
    const [a, w, r] = await fixtures(t).people('admin', 'author', 'learner');
    [admin, author, reader] = [a.token, w.token, r.token];
    readerId = r.id;
    readerFirstName = r.firstName;
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells the author of a comment on their speach, with the comment, its writer and rating', async () => {
    const id = await draft('Comment me');
    await publish(id);
    const before = await unread(author);
    await t.http.put(`/api/v2/speach/${id}/rating`).set(as(reader)).send({ rating: 4 }).expect(200);
    await t.http.post(`/api/v2/speach/${id}/comments`).set(as(reader)).send({ text: 'Great <b>job</b>' }).expect(201);
    expect(await unread(author)).toBe(before + 1);
    const [latest] = await list(author, { page: 0, size: 10 });
    expect(latest).toEqual(
      expect.objectContaining({
        typeNotification: 'NEW_COMMENT',
        read: false,
        speach: expect.objectContaining({ speachID: id, title: 'Comment me' }),
        sourceUser: expect.objectContaining({ firstName: readerFirstName }),
        commentaire: { content: 'Great <b>job</b>', rating: 4 },
      }),
    );
    // The writer is not told of their own comment.
    expect((await list(reader)).some((n) => n.typeNotification === 'NEW_COMMENT' && n.speach?.speachID === id)).toBe(false);
  });

  it('tells the author of a bookmark, and assigned users once the speach is published', async () => {
    const id = await draft('Assigned later');
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
    await t.http
      .put('/api/v2/admin/speach/updateAffectedUsers')
      .set(as(admin))
      .send({ speachID: id, users: [readerId] })
      .expect(200);
    const assigned = () => list(reader, { type: 'NEW_ASSIGNMENT', size: 50 }).then((all) => all.filter((n) => n.speach?.speachID === id));
    expect(await assigned()).toHaveLength(0);
    await publish(id);
    expect(await assigned()).toHaveLength(1);
    await t.http.get('/favori.FavoriController/toggleFavori').query({ idCour: id }).set(as(reader)).expect(200);
    const favourites = (await list(author, { type: 'FAVORITE_ADDED' })).filter((n) => n.speach?.speachID === id);
    expect(favourites).toHaveLength(1);
  });

  it('counts with a type filter; lists page by page, 10 by default', async () => {
    const all = (await t.http.get('/api/v2/notifications/count').query({ dataType: 'json' }).set(as(author)).expect(200)).body.size;
    const comments = (await t.http.get('/api/v2/notifications/count').query({ type: 'NEW_COMMENT' }).set(as(author)).expect(200)).body.size;
    expect(all).toBeGreaterThanOrEqual(comments);
    expect(comments).toBeGreaterThanOrEqual(1);
    expect((await list(author)).length).toBeLessThanOrEqual(10);
    expect((await list(author, { type: 'NEW_COMMENT', size: 50 })).every((n) => n.typeNotification === 'NEW_COMMENT')).toBe(true);
    const first = await list(author, { size: 1, page: 0 });
    const second = await list(author, { size: 1, page: 1 });
    if (all > 1) expect(second[0].key).not.toBe(first[0].key);
  });

  it('acquit marks everything read and resets the unread count', async () => {
    expect(await unread(author)).toBeGreaterThan(0);
    const answer = (await t.http.post('/api/v2/notifications/acquit').set(as(author)).expect(200)).body;
    expect(answer).toEqual({ size: 0 });
    expect(await unread(author)).toBe(0);
    expect((await list(author)).every((n) => n.read)).toBe(true);
    // Nothing unread: nothing more to record.
    await t.http.post('/api/v2/notifications/acquit').set(as(author)).expect(200);
  });

  it('a deactivated type is not notified; activating it again notifies new events', async () => {
    const id = await draft('Quiet please');
    await publish(id);
    const deactivated = (await t.http.get('/api/v2/notifications/parameters/desactivate').query({ type: 'NEW_COMMENT' }).set(as(author)).expect(200)).body;
    expect(deactivated).toEqual({ id: 'NEW_COMMENT', typeNotification: 'NEW_COMMENT', activate: false, category: 'TRAINER' });
    const before = await unread(author);
    await t.http.post(`/api/v2/speach/${id}/comments`).set(as(reader)).send({ text: 'muted' }).expect(201);
    expect(await unread(author)).toBe(before);
    const params = (await t.http.get('/api/v2/notifications/parameters').set(as(author)).expect(200)).body;
    expect(params.params).toEqual(expect.arrayContaining([{ id: 'NEW_COMMENT', typeNotification: 'NEW_COMMENT', activate: false, category: 'TRAINER' }]));
    await t.http.get('/api/v2/notifications/parameters/activate').query({ type: 'NEW_COMMENT' }).set(as(author)).expect(200);
    await t.http.post(`/api/v2/speach/${id}/comments`).set(as(reader)).send({ text: 'heard' }).expect(201);
    expect(await unread(author)).toBe(before + 1);
    expect((await list(author, { type: 'NEW_COMMENT' }))[0].commentaire?.content).toBe('heard');
  });

  it('lists the types and parameters a role may set, and the mail frequency', async () => {
    const readerTypes: string[] = (await t.http.get('/api/v2/notifications/parameters/types').set(as(reader)).expect(200)).body;
    expect(readerTypes).toEqual(expect.arrayContaining(['NEW_ASSIGNMENT', 'BADGE_OBTAINED']));
    expect(readerTypes).not.toContain('NEW_COMMENT');
    expect(readerTypes).not.toContain('NEW_USER');
    const adminTypes: string[] = (await t.http.get('/api/v2/notifications/parameters/types').set(as(admin)).expect(200)).body;
    expect(adminTypes).toEqual(expect.arrayContaining(['NEW_USER', 'NEW_COMMENT', 'NEW_ASSIGNMENT']));
    const params = (await t.http.get('/api/v2/notifications/parameters').set(as(reader)).expect(200)).body;
    expect(params.frequencyNotification).toBe('HEBDOMADAIRE');
    expect(params.params.every((p: { activate: boolean }) => p.activate)).toBe(true);
    expect((await t.http.get('/api/v2/notifications/parameters/frequency').query({ frequency: 'MENSUEL' }).set(as(reader)).expect(200)).body).toEqual({
      frequencyNotification: 'MENSUEL',
    });
    expect((await t.http.get('/api/v2/notifications/parameters').set(as(reader)).expect(200)).body.frequencyNotification).toBe('MENSUEL');
  });

  it('answers 400 naming the field on an unknown type, frequency or bad paging', async () => {
    const type = await t.http.get('/api/v2/notifications/parameters/activate').query({ type: 'NOPE' }).set(as(reader)).expect(400);
    expect(type.body).toEqual({ message: 'unknown type', errors: [{ field: 'type', reason: 'unknown type' }] });
    await t.http.get('/api/v2/notifications/parameters/desactivate').set(as(reader)).expect(400);
    const frequency = await t.http.get('/api/v2/notifications/parameters/frequency').query({ frequency: 'HOURLY' }).set(as(reader)).expect(400);
    expect(frequency.body.errors[0].field).toBe('frequency');
    await t.http.get('/api/v2/notifications').query({ size: 0 }).set(as(reader)).expect(400);
    await t.http.get('/api/v2/notifications').query({ page: -1 }).set(as(reader)).expect(400);
    await t.http.get('/api/v2/notifications').query({ type: 'NOPE' }).set(as(reader)).expect(400);
    await t.http.get('/api/v2/notifications/count').query({ type: 'NOPE' }).set(as(reader)).expect(400);
  });

  it('answers 401 to anonymous calls', async () => {
    for (const path of [
      '',
      '/count',
      '/countUnread',
      '/parameters',
      '/parameters/types',
      '/parameters/activate?type=NEW_COMMENT',
      '/parameters/desactivate?type=NEW_COMMENT',
      '/parameters/frequency?frequency=NONE',
    ]) {
      await t.http.get(`/api/v2/notifications${path}`).expect(401);
    }
    await t.http.post('/api/v2/notifications/acquit').expect(401);
  });

  it('only ever shows a user their own notifications', async () => {
    const mine = await list(reader, { size: 50 });
    const authorKeys = new Set((await list(author, { size: 50 })).map((n) => n.key));
    expect(mine.some((n) => authorKeys.has(n.key))).toBe(false);
  });
});

// Seeded on purpose: this checks the demo itself, the notifications its seed leaves for the demo accounts.
describe('Notifications API: the demo seed', () => {
  let t: TestApp;
  let author: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const list = async (token: string, query: Record<string, unknown> = {}) =>
    (
      await t.http
        .get('/api/v2/notifications')
        .query({ dataType: 'json', ...query })
        .set(as(token))
        .expect(200)
    ).body as Notification[];
  const unread = async (token: string) => (await t.http.get('/api/v2/notifications/countUnread').set(as(token)).expect(200)).body.size as number;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    [author, reader] = await Promise.all(['author', 'reader'].map((who) => t.login(`${who}@example.com`)));
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo seed leaves unread notifications for the author and the reader', async () => {
    expect(await unread(author)).toBeGreaterThanOrEqual(3);
    expect(await unread(reader)).toBeGreaterThanOrEqual(1);
    const types = (await list(author, { size: 50 })).map((n) => n.typeNotification);
    expect(types).toEqual(expect.arrayContaining(['NEW_COMMENT', 'FAVORITE_ADDED']));
    expect((await list(reader)).map((n) => n.typeNotification)).toContain('NEW_ASSIGNMENT');
  });
});
