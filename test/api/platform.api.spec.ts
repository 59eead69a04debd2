import { allProjections } from '../../projections';
import type { ProjectionDefinition } from '../../projections/projection';
import { POSITION_HEADER } from '../../backend/infrastructure/http/read-your-writes.interceptor';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

describe('Platform: health, read-your-writes, projection rebuild', () => {
  describe('with healthy projections', () => {
    let t: TestApp;
    let admin: string;
    let reader: string;
    beforeAll(async () => {
      t = await startTestApp();
      [admin, reader] = (await fixtures(t).people('admin', 'learner')).map((p) => p.token);
    });
    afterAll(async () => {
      await t.close();
    });

    it('GET /api/health answers every projection live with no lag, without a session', async () => {
      const response = await t.http.get('/api/health').expect(200);
      const head = await t.adapters.eventStore.headPosition();
      expect(response.body).toMatchObject({
        status: 'ok',
        eventStore: { adapter: 'memory', ok: true, headPosition: head },
        readStore: { adapter: 'memory', ok: true },
      });
      expect(response.body.projections.map((p: { name: string }) => p.name).sort()).toEqual(allProjections.map((p) => p.name).sort());
      for (const projection of response.body.projections) expect(projection).toMatchObject({ state: 'live', lag: 0, position: head });
    });

    it('answers a command only once its events are in the read models, with their position', async () => {
      const created = await t.http
        .post('/api/rest/categories')
        .set({ authorization: `Bearer ${admin}` })
        .send({ name: 'Fresh' })
        .expect(201);
      const position = Number(created.headers[POSITION_HEADER]);
      expect(position).toBe(await t.adapters.eventStore.headPosition());
      const list = await t.http
        .get('/api/rest/categories')
        .query({ filter: '{"q":"Fresh"}' })
        .set({ authorization: `Bearer ${admin}` })
        .expect(200);
      expect(list.body.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
      expect(list.headers[POSITION_HEADER]).toBeUndefined();
    });

    it('carries the correlation id of the request into the events it causes', async () => {
      await t.http
        .post('/api/rest/categories')
        .set({ authorization: `Bearer ${admin}`, 'x-correlation-id': 'corr-test-1' })
        .send({ name: 'Correlated' })
        .expect(201);
      const [last] = (await t.adapters.eventStore.readAll()).slice(-1);
      expect(last.metadata).toMatchObject({ correlationId: 'corr-test-1', userId: expect.any(String) });
    });

    it('POST /api/admin/projections/rebuild replays a projection to the same content; admins only', async () => {
      const before = await t.http
        .get('/api/rest/users')
        .query({ range: '[0,99]' })
        .set({ authorization: `Bearer ${admin}` })
        .expect(200);
      const rebuilt = await t.http
        .post('/api/admin/projections/rebuild')
        .query({ name: 'users' })
        .set({ authorization: `Bearer ${admin}` })
        .expect(200);
      expect(rebuilt.body.find((p: { name: string }) => p.name === 'users')).toMatchObject({ state: 'live' });
      const after = await t.http
        .get('/api/rest/users')
        .query({ range: '[0,99]' })
        .set({ authorization: `Bearer ${admin}` })
        .expect(200);
      expect(after.body).toEqual(before.body);
      await t.http
        .post('/api/admin/projections/rebuild')
        .query({ name: 'nope' })
        .set({ authorization: `Bearer ${admin}` })
        .expect(404);
      await t.http
        .post('/api/admin/projections/rebuild')
        .set({ authorization: `Bearer ${reader}` })
        .expect(403);
    });
  });

  describe('with a projection whose handler throws', () => {
    let t: TestApp;
    const broken: ProjectionDefinition = {
      name: 'broken',
      version: 1,
      collections: [{ name: 'broken' }],
      handlers: {
        CategoryCreated: () => {
          throw new Error('cannot project categories');
        },
      },
    };
    beforeAll(async () => {
      // A read-your-writes wait that counted the failed projection would hang for the whole bound: the test's own timeout catches it.
      t = await startTestApp({ projections: [...allProjections, broken], env: { READ_YOUR_WRITES_TIMEOUT_MS: '600000' } });
      // The first category stops the broken projection.
      await fixtures(t).category();
    });
    afterAll(async () => {
      await t.close();
    });

    it('stops that projection only, and /api/health answers 503 naming it and the event position', async () => {
      const response = await t.http.get('/api/health').expect(503);
      expect(response.body.status).toBe('degraded');
      const failed = response.body.projections.find((p: { name: string }) => p.name === 'broken');
      expect(failed).toMatchObject({
        state: 'failed',
        error: { message: 'cannot project categories', eventType: 'CategoryCreated', position: expect.any(Number) },
      });
      expect(failed.lag).toBeGreaterThan(0);
      expect(response.body.projections.filter((p: { state: string }) => p.state === 'live').length).toBe(allProjections.length);
      // The rest of the product keeps working.
      await t.login('admin@example.com');
    });

    it('answers a write at once with its position: the wait skips the projection stopped on its error', async () => {
      const admin = await t.login('admin@example.com');
      const created = await t.http
        .post('/api/rest/categories')
        .set({ authorization: `Bearer ${admin}` })
        .send({ name: 'Despite the broken one' })
        .expect(201);
      expect(Number(created.headers[POSITION_HEADER])).toBe(await t.adapters.eventStore.headPosition());
      const list = await t.http
        .get('/api/rest/categories')
        .query({ filter: '{"q":"Despite"}' })
        .set({ authorization: `Bearer ${admin}` })
        .expect(200);
      expect(list.body.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
    });
  });
});
