import { fixtures } from '../support/fixtures';
import { type TestApp, startTestApp } from '../support/test-app';

/** Issue 22: the learner's AI avatar layout beside the player, remembered per learner. */
describe('avatar layout picker (issue 22)', () => {
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  describe('without an avatar renderer', () => {
    let t: TestApp;
    let reader: string;
    beforeAll(async () => {
      t = await startTestApp();
      reader = (await fixtures(t).user('learner')).token;
    });
    afterAll(async () => {
      await t.close();
    });

    it('offers the spec layouts, only voice-only enabled, and says why', async () => {
      const { body } = await t.http.get('/api/v2/learner/avatar-layout').set(as(reader)).expect(200);
      expect(body.layout).toBe('VOICE_ONLY');
      expect(body.layouts).toEqual([
        { code: 'VOICE_ONLY', enabled: true },
        { code: 'CAMERA_LEFT', enabled: false },
        { code: 'CAMERA_RIGHT', enabled: false },
        { code: 'SMALL_CAMERA_LEFT', enabled: false },
        { code: 'SMALL_CAMERA_RIGHT', enabled: false },
      ]);
      expect(body.reason).toMatch(/AVATAR_RENDER_URL/);
    });

    it('refuses a disabled or unknown layout and a missing one with 400 naming layout; asks a session', async () => {
      const disabled = await t.http.put('/api/v2/learner/avatar-layout').set(as(reader)).send({ layout: 'CAMERA_LEFT' }).expect(400);
      expect(JSON.stringify(disabled.body)).toMatch(/layout.*AVATAR_RENDER_URL|AVATAR_RENDER_URL.*layout/);
      const unknown = await t.http.put('/api/v2/learner/avatar-layout').set(as(reader)).send({ layout: 'FULL_SCREEN' }).expect(400);
      expect(unknown.body.errors[0].field).toBe('layout');
      const missing = await t.http.put('/api/v2/learner/avatar-layout').set(as(reader)).send({}).expect(400);
      expect(missing.body.errors[0].field).toBe('layout');
      await t.http.get('/api/v2/learner/avatar-layout').expect(401);
      await t.http.put('/api/v2/learner/avatar-layout').send({ layout: 'VOICE_ONLY' }).expect(401);
    });
  });

  describe('with an avatar renderer', () => {
    let t: TestApp;
    let reader: string;
    let author: string;
    beforeAll(async () => {
      t = await startTestApp({ env: { AVATAR_RENDER_URL: 'http://avatar-renderer.invalid' } });
      [reader, author] = (await fixtures(t).people('learner', 'author')).map((p) => p.token);
    });
    afterAll(async () => {
      await t.close();
    });

    it("remembers each learner's own layout, and choosing it again records nothing new", async () => {
      const chosen = await t.http.put('/api/v2/learner/avatar-layout').set(as(reader)).send({ layout: 'SMALL_CAMERA_RIGHT' }).expect(200);
      expect(chosen.body).toMatchObject({ layout: 'SMALL_CAMERA_RIGHT', reason: null });
      expect(chosen.body.layouts.every((l: { enabled: boolean }) => l.enabled)).toBe(true);
      expect((await t.http.get('/api/v2/learner/avatar-layout').set(as(reader)).expect(200)).body.layout).toBe('SMALL_CAMERA_RIGHT');
      // Another learner keeps the default.
      expect((await t.http.get('/api/v2/learner/avatar-layout').set(as(author)).expect(200)).body.layout).toBe('VOICE_ONLY');
      const before = await t.adapters.eventStore.headPosition();
      await t.http.put('/api/v2/learner/avatar-layout').set(as(reader)).send({ layout: 'SMALL_CAMERA_RIGHT' }).expect(200);
      expect(await t.adapters.eventStore.headPosition()).toBe(before);
    });
  });
});
