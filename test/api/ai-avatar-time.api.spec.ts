import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 22: AI avatar accounting per organisation (spec §7 updateTimeAIAvatar, addTime; §9 one-hour unit). */
describe('AI avatar time (issue 22)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let chapterId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestApp({ env: { AI_AVATAR_INCLUDED_SECONDS: '1800' } });
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Avatar talk', language: 'en-US' }).expect(201)).body;
    chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Intro' }).expect(201)).body.chapterId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds reported seconds to the organisation usage, shown with the limit and percentage; an hour added raises the limit', async () => {
    const used = await t.http
      .put('/api/v2/recorder/updateTimeAIAvatar')
      .set(as(author))
      .send({ weetID: 'w1', chapitreId: chapterId, seconds: 90.5 })
      .expect(200);
    expect(used.body).toMatchObject({ usedSeconds: 90.5, limitSeconds: 1800, remainingSeconds: 1709.5, percentage: 5 });
    await t.http.put('/api/v2/recorder/updateTimeAIAvatar').set(as(author)).send({ weetID: 'w2', chapitreId: chapterId, seconds: 270 }).expect(200);
    const added = await t.http.put('/api/v2/administration/ai/addTime').set(as(admin)).send({ time: 3600 }).expect(200);
    expect(added.body).toBe(5400);
    const panel = await t.http.get('/api/v2/administration/ai/avatarUsage').set(as(admin)).expect(200);
    expect(panel.body).toMatchObject({ usedSeconds: 360.5, limitSeconds: 5400, percentage: 6.7 });
    expect(Object.values(panel.body.byMonth)).toEqual([360.5]);
  });

  it('answers 400 naming the field: seconds out of range, a chapter id missing, a time other than one hour', async () => {
    const zero = await t.http.put('/api/v2/recorder/updateTimeAIAvatar').set(as(author)).send({ weetID: 'w', chapitreId: chapterId, seconds: 0 }).expect(400);
    expect(zero.body.errors[0].field).toBe('seconds');
    const missing = await t.http.put('/api/v2/recorder/updateTimeAIAvatar').set(as(author)).send({ weetID: 'w', seconds: 10 }).expect(400);
    expect(missing.body.errors[0].field).toBe('chapitreId');
    const time = await t.http.put('/api/v2/administration/ai/addTime').set(as(admin)).send({ time: 7200 }).expect(400);
    expect(time.body.errors[0]).toEqual({ field: 'time', reason: 'time must be 3600 (one hour, the billing unit)' });
    expect((await t.http.put('/api/v2/administration/ai/addTime').set(as(admin)).send({}).expect(400)).body.errors[0].field).toBe('time');
  });

  it('answers 403 to a reader and to a non-admin adding time, 404 for an unknown chapter', async () => {
    await t.http.put('/api/v2/recorder/updateTimeAIAvatar').set(as(reader)).send({ weetID: 'w', chapitreId: chapterId, seconds: 10 }).expect(403);
    await t.http.put('/api/v2/administration/ai/addTime').set(as(author)).send({ time: 3600 }).expect(403);
    await t.http.get('/api/v2/administration/ai/avatarUsage').set(as(author)).expect(403);
    await t.http.put('/api/v2/recorder/updateTimeAIAvatar').set(as(author)).send({ weetID: 'w', chapitreId: 'nope', seconds: 10 }).expect(404);
  });

  it('exposes the avatar enums; without a rendering service only the voice-only layout and no avatar are enabled, saying why', async () => {
    const { body } = await t.http.get('/api/v2/recorder/aiAvatar/options').set(as(author)).expect(200);
    expect(body.renderingAvailable).toBe(false);
    expect(body.reason).toMatch(/AVATAR_RENDER_URL/);
    expect(body.avatars).toEqual([
      { code: 'MEG-FORMAL', enabled: false },
      { code: 'LORI-GRACEFUL', enabled: false },
      { code: 'MAX-CASUAL', enabled: false },
      { code: 'NO_AVATAR', enabled: true },
    ]);
    expect(body.layouts.filter((l: { enabled: boolean }) => l.enabled).map((l: { code: string }) => l.code)).toEqual(['VOICE_ONLY']);
    expect(body.backgrounds).toHaveLength(13);
    expect(body.voices.length).toBeGreaterThanOrEqual(20);
    await t.http.get('/api/v2/recorder/aiAvatar/options').set(as(reader)).expect(403);
  });
});
