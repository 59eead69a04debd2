import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '../../backend/infrastructure/read-store/sqlite-read-store';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Ids and instants differ between two apps given the same world; everything else must not. */
function normalised(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, 'TIME')
      .replace(/\b1\d{12}\b/g, '0'),
  );
}

describe('The product on the SQLite read store answers like on the in-memory one', () => {
  let dir: string;
  let memory: TestApp;
  let sqlite: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'read-models-api-'));
    memory = await startTestApp();
    sqlite = await startTestApp({ readStore: new SqliteReadStore(join(dir, 'read-models.sqlite')) });
    for (const app of [memory, sqlite]) await sameWorld(app);
  }, 180_000);
  afterAll(async () => {
    await memory?.close();
    await sqlite?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The same users and speaches in each app, made in the same order: drafts, published ones and archived ones. */
  async function sameWorld(app: TestApp) {
    const fx = fixtures(app);
    const [, author, other] = await fx.people('admin', 'author', 'author', 'approver', 'learner', 'auditor');
    for (const [owner, title] of [
      [author, 'Zinc plating'],
      [other, 'Assembly line'],
      [author, 'Boiler checks'],
    ] as const)
      await fx.draft(owner, { title, chapters: ['Safety', 'Steps'] });
    for (const [owner, title] of [
      [other, 'Forklift driving'],
      [author, 'Clean room'],
    ] as const)
      await fx.published(owner, { title });
    for (const [owner, title] of [
      [author, 'Old welding'],
      [other, 'Retired press'],
    ] as const) {
      const { id } = await fx.published(owner, { title });
      await app.http.delete('/user/speach/delete').query({ id }).set(owner.auth).expect(200);
    }
  }

  async function both(path: string, query: Record<string, string>) {
    const answers = [];
    for (const app of [memory, sqlite]) {
      const admin = await fixtures(app).admin();
      const response = await app.http.get(path).query(query).set(admin.auth).expect(200);
      answers.push({ body: normalised(response.body), range: response.headers['content-range'] });
    }
    return answers;
  }

  it('GET /api/health: every projection live on the sqlite adapter', async () => {
    const response = await sqlite.http.get('/api/health').expect(200);
    expect(response.body.readStore).toEqual({ adapter: 'sqlite', ok: true });
    for (const projection of response.body.projections) expect(projection).toMatchObject({ state: 'live', lag: 0 });
  });

  it.each([
    ['the admin speach list by title', '/api/v2/admin/speach', { sort: 'TITLE', asc: 'true', size: '50' }, 'Zinc plating'],
    ['the admin speach list of archived speaches', '/api/v2/admin/speach', { sort: 'TITLE', asc: 'false', state: 'ARCHIVE' }, 'Retired press'],
    ['the back office users by last name', '/api/rest/users', { sort: '["lastName","ASC"]', range: '[0,99]' }, 'auditor@'],
    ['the back office users filtered', '/api/rest/users', { sort: '["email","DESC"]', range: '[0,9]', filter: '{"q":"a"}' }, 'admin@example.com'],
  ])('%s', async (_name, path, query, made) => {
    const [fromMemory, fromSqlite] = await both(path, query);
    // Something to compare: the list holds what the world made, not an empty page on both sides.
    expect(JSON.stringify(fromMemory.body)).toContain(made);
    expect(fromSqlite).toEqual(fromMemory);
  });
});
