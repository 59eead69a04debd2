import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../backend/app';
import { loadConfig } from '../../backend/config/app-config';
import { UserRegistrationService } from '../../backend/identity/user-registration.service';
import { POSITION_HEADER } from '../../backend/infrastructure/http/read-your-writes.interceptor';
import { IDEMPOTENCY_STORE, type IdempotencyStore } from '../../backend/infrastructure/http/idempotency/idempotency-store';
import { DEMO_PASSWORD, type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 16 item 11: a state-changing call retried with the same Idempotency-Key runs once and answers the same. */
describe('Idempotency-Key', () => {
  let t: TestApp;
  let author: string;
  let authorId: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const createSpeach = (key: string, title: string, token = author) =>
    t.http.post('/api/v2/recorder/speach').set(as(token)).set('idempotency-key', key).send({ title, language: 'en-US' });
  const speachStreams = async () => (await t.adapters.eventStore.readAll()).filter((e) => e.type === 'SpeachCreated').length;

  beforeAll(async () => {
    t = await startTestApp();
    // The accounts this suite signs in with, made by the suite (the demo seed is off).
    const made = fixtures(t, { admin: { email: 'admin@example.com', roles: ['ADMIN', 'FORMATEUR'] } });
    await made.admin();
    await made.user('author', { email: 'author@example.com', roles: ['FORMATEUR', 'AI_EDITOR'] });
    await made.user('learner', { email: 'reader@example.com' });
    author = await t.login('author@example.com');
    authorId = (await t.http.get('/api/auth/me').set(as(author))).body.id;
    reader = await t.login('reader@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs the first request and answers a retry with the same status, body and headers, without running it again', async () => {
    const before = await speachStreams();
    const first = await createSpeach('create-1', 'Ladder safety').expect(201);
    const retry = await createSpeach('create-1', 'Ladder safety').expect(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.headers[POSITION_HEADER]).toBe(first.headers[POSITION_HEADER]);
    expect(await speachStreams()).toBe(before + 1);
  });

  it('makes concurrent duplicates wait for the first and share its answer', async () => {
    const before = await speachStreams();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createSpeach('create-burst', 'Crane signals')));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await speachStreams()).toBe(before + 1);
  });

  it('keeps keys per user: the same key of another user is another request', async () => {
    const mine = await createSpeach('shared-key', 'Mine').expect(201);
    const admin = await t.login('admin@example.com');
    const theirs = await createSpeach('shared-key', 'Mine', admin).expect(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key reused for a different request with 422 naming the header', async () => {
    await createSpeach('create-2', 'Hot work permits').expect(201);
    const other = await createSpeach('create-2', 'Something else').expect(422);
    expect(other.body).toEqual({
      message: 'This Idempotency-Key was used for another request.',
      errors: [{ field: 'Idempotency-Key', reason: 'already used for a different request' }],
    });
  });

  it('frees the key of a failed request: it appended nothing, so the retry runs', async () => {
    const before = await t.adapters.eventStore.headPosition();
    const bad = await t.http.post('/api/v2/recorder/speach').set(as(author)).set('idempotency-key', 'bad-1').send({ title: '', language: 'en-US' }).expect(400);
    const again = await t.http
      .post('/api/v2/recorder/speach')
      .set(as(author))
      .set('idempotency-key', 'bad-1')
      .send({ title: '', language: 'en-US' })
      .expect(400);
    expect(again.body).toEqual(bad.body);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.adapters.eventStore.headPosition()).toBe(before);
    const forbidden = await t.http
      .post('/api/v2/recorder/speach')
      .set(as(reader))
      .set('idempotency-key', 'bad-2')
      .send({ title: 'Not an author', language: 'en-US' });
    expect(forbidden.status).toBe(403);
  });

  it('answers 400 naming the header for a malformed key', async () => {
    const long = await createSpeach('k'.repeat(256), 'Too long a key').expect(400);
    expect(long.body.errors).toEqual([{ field: 'Idempotency-Key', reason: 'Idempotency-Key must be 1 to 255 visible ASCII characters' }]);
    await createSpeach('has space', 'Bad key').expect(400);
  });

  it("covers the spec's state-changing GETs: a retried toggleFavori toggles once", async () => {
    const created = await createSpeach('fav-speach', 'Bookmarked twice').expect(201);
    const toggle = () => t.http.get('/favori.FavoriController/toggleFavori').query({ idCour: created.body.id }).set(as(author)).set('idempotency-key', 'fav-1');
    const first = await toggle();
    const retry = await toggle();
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const toggles = (await t.adapters.eventStore.readAll()).filter(
      (e) => /Bookmark/.test(e.type) && (e.data as { speachId?: string }).speachId === created.body.id,
    );
    expect(toggles).toHaveLength(1);
  });

  describe('after a crash between the append and the answer', () => {
    const scope = (key: string) => createHash('sha256').update(`${authorId}\0${key}`).digest('hex');

    /** What a process that stopped after appending (or before) leaves behind: a record without its answer. */
    async function loseAnswer(key: string, appended: boolean) {
      const store = t.app.get<IdempotencyStore>(IDEMPOTENCY_STORE);
      const record = (await store.find(scope(key), 0))!;
      await store.begin(scope(key), { ...record, outcome: null, startPosition: appended ? record.startPosition : await t.adapters.eventStore.headPosition() });
    }

    it('answers 409 instead of running a request whose events are stored', async () => {
      const before = await speachStreams();
      await createSpeach('crash-1', 'Lockout tagout').expect(201);
      await loseAnswer('crash-1', true);
      const retry = await createSpeach('crash-1', 'Lockout tagout').expect(409);
      expect(retry.body.message).toBe('This request was carried out, but its answer was lost; reload to see its effect.');
      expect(await speachStreams()).toBe(before + 1);
    });

    it('runs a request that stopped before appending anything', async () => {
      await createSpeach('crash-2', 'Confined spaces').expect(201);
      await loseAnswer('crash-2', false);
      const before = await speachStreams();
      await createSpeach('crash-2', 'Confined spaces').expect(201);
      expect(await speachStreams()).toBe(before + 1);
    });
  });

  it('answers a retry after a restart from DATA_DIR (the embedded default)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'idem-app-'));
    const config = loadConfig({ DATA_DIR: dataDir, DEMO_PASSWORD, LOG_LEVEL: 'silent', READ_MODEL_SNAPSHOTS: 'off' });
    const boot = async () => {
      const app = await createApp(config, { seed: false });
      await app.getHttpAdapter().getInstance().ready();
      return app;
    };
    try {
      let app = await boot();
      let http = request(app.getHttpServer());
      await app.get(UserRegistrationService).register({
        email: 'author@example.com',
        firstName: 'Ada',
        lastName: 'Author',
        roles: ['FORMATEUR'],
        source: 'admin',
        password: DEMO_PASSWORD,
        mustChangePassword: false,
      });
      const token = (await http.post('/api/auth/login').send({ email: 'author@example.com', password: DEMO_PASSWORD }).expect(200)).body.token;
      const first = await http
        .post('/api/v2/recorder/speach')
        .set(as(token))
        .set('idempotency-key', 'across-restart')
        .send({ title: 'Scaffolds', language: 'en-US' })
        .expect(201);
      await app.close();
      app = await boot();
      http = request(app.getHttpServer());
      const retry = await http
        .post('/api/v2/recorder/speach')
        .set(as(token))
        .set('idempotency-key', 'across-restart')
        .send({ title: 'Scaffolds', language: 'en-US' })
        .expect(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(first.body);
      await app.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
