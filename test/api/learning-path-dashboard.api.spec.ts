import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

interface Point {
  startDate: string;
  endDate: string;
  value: number;
}

/** Issue 18: paths published and path completions over time on the admin dashboard. */
describe('Dashboard path statistics API (issue 18)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let readerId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const today = async (metric: string, cumulative = false) =>
    (
      (
        await t.http
          .get('/api/v2/dashboard/time-series')
          .query({ metric, period: 'ONE_MONTH', cumulative: String(cumulative) })
          .set(as(admin))
          .expect(200)
      ).body as Point[]
    ).at(-1)!.value;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
    readerId = (await t.http.get('/api/auth/me').set(as(reader))).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts a path when first published and each completion, today', async () => {
    const [published, total, completions] = [await today('PATH_PUBLICATION'), await today('PATH_PUBLICATION', true), await today('PATH_COMPLETION')];
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Dashboard path speach', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Only part' }).expect(201)).body;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>x</p>' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    const pathId = (
      await t.http
        .put('/api/v2/learningPath')
        .set(as(author))
        .send({ path: JSON.stringify({ title: 'Dashboard path' }) })
        .expect(200)
    ).body.pathId;
    await t.http.put(`/api/v2/learningPath/${pathId}/addSpeach/${id}`).set(as(author)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/changeUser`).query({ userId: readerId, add: 'true' }).set(as(author)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(as(author)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/unpublish`).set(as(author)).expect(200);
    await t.http.put(`/api/v2/learningPath/${pathId}/publish`).set(as(author)).expect(200);
    expect(await today('PATH_PUBLICATION')).toBe(published + 1);
    expect(await today('PATH_PUBLICATION', true)).toBe(total + 1);
    await t.http.post(`/api/v2/speach/${id}/chapters/${chapterId}/read`).set(as(reader)).send({}).expect(200);
    const progress = (await t.http.get(`/api/v2/learningPath/${pathId}/progress`).set(as(reader)).expect(200)).body;
    expect(progress.completed).toBe(true);
    expect(await today('PATH_COMPLETION')).toBe(completions + 1);
  });

  it('answers 400 naming the metric when it is unknown, 403 to non-admins', async () => {
    const bad = await t.http.get('/api/v2/dashboard/time-series').query({ metric: 'PATH_LIKES' }).set(as(admin)).expect(400);
    expect(bad.body.errors[0]).toEqual({ field: 'metric', reason: expect.stringContaining('PATH_COMPLETION') });
    await t.http.get('/api/v2/dashboard/time-series').query({ metric: 'PATH_COMPLETION' }).set(as(author)).expect(403);
  });
});
