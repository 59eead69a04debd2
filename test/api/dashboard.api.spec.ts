import type { SpeachDocument } from '../../projections/speaches.projection';
import { readingOrder } from '../../projections/speaches.projection';
import { type TestApp, startTestApp } from '../support/test-app';

interface Point {
  startDate: string;
  endDate: string;
  value: number;
}

describe('Dashboard and analytics API (issue #7)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let readerId: string;
  let welcome: SpeachDocument;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const series = async (query: Record<string, string>, token = admin) =>
    (await t.http.get('/api/v2/dashboard/time-series').query(query).set(as(token)).expect(200)).body as Point[];
  const today = () => t.clock.now().toISOString().slice(0, 10);

  beforeAll(async () => {
    // Seeded: the time series, rankings and tiles are checked against the demo's two years of generated activity.
    t = await startTestApp({ seed: true });
    [admin, author, reader] = await Promise.all(['admin', 'author', 'reader'].map((who) => t.login(`${who}@example.com`)));
    readerId = (await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.id;
    welcome = (await t.adapters.readStore.collection<SpeachDocument>('speaches').findOne({ title: 'Welcome to the company' }))!;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/v2/dashboard/time-series', () => {
    it('answers a point per day for ONE_MONTH, per week or month for longer periods, with two years of demo data', async () => {
      const month = await series({ metric: 'READ', period: 'ONE_MONTH' });
      expect(month.length).toBeGreaterThanOrEqual(29);
      expect(month[month.length - 1]).toEqual({ startDate: today(), endDate: today(), value: expect.any(Number) });
      const twoYears = await series({ metric: 'READ', period: 'TWO_YEARS' });
      expect(twoYears).toHaveLength(25);
      expect(twoYears[0].startDate).toMatch(/-01$/);
      // The demo organisation has a history: reads in most months of the two years.
      expect(twoYears.filter((p) => p.value > 0).length).toBeGreaterThanOrEqual(20);
      for (const metric of ['UNIQUE_READ', 'UNIQUE_ACTIVITY', 'PUBLICATION', 'CREATION', 'GRADE', 'COMMENT', 'CONNECTION', 'UNIQUE_CONNECTION']) {
        const points = await series({ metric, period: 'TWO_YEARS' });
        expect(points.reduce((n, p) => n + p.value, 0)).toBeGreaterThan(0);
      }
      expect(await series({ metric: 'READ', period: 'THREE_MONTHS' })).toEqual(
        expect.arrayContaining([expect.objectContaining({ startDate: expect.any(String) })]),
      );
    });

    it('falls back to ONE_MONTH when the period is missing or unknown', async () => {
      const month = await series({ metric: 'CREATION', period: 'ONE_MONTH' });
      expect(await series({ metric: 'CREATION' })).toEqual(month);
      expect(await series({ metric: 'CREATION', period: 'LAST_CENTURY' })).toEqual(month);
    });

    it('gives running totals with cumulative=true, ending at the all-time total', async () => {
      const points = await series({ metric: 'CREATION', period: 'SIX_MONTHS', cumulative: 'true' });
      for (let i = 1; i < points.length; i++) expect(points[i].value).toBeGreaterThanOrEqual(points[i - 1].value);
      const allTime = (await series({ metric: 'CREATION', period: 'TWO_YEARS', cumulative: 'true' })).at(-1)!.value;
      expect(points.at(-1)!.value).toBe(allTime);
      expect(points[0].value).toBeGreaterThan(0); // history before the period counts
    });

    it("counts a learner's read of today at once (one read per learner, speach and day)", async () => {
      const last = async (metric: string) => (await series({ metric, period: 'ONE_MONTH' })).at(-1)!.value;
      const [reads, readers] = [await last('READ'), await last('UNIQUE_READ')];
      const [first, second] = readingOrder(welcome.draft);
      await t.http.post(`/api/v2/speach/${welcome._id}/chapters/${first.chapterId}/read`).set(as(reader)).expect(200);
      await t.http.post(`/api/v2/speach/${welcome._id}/chapters/${second.chapterId}/read`).set(as(reader)).expect(200);
      expect(await last('READ')).toBe(reads + 1);
      expect(await last('UNIQUE_READ')).toBe(readers + 1);
    });

    it('answers 400 on a missing or unknown metric and on a bad cumulative flag, 403 to non-admins, 401 anonymous', async () => {
      const missing = await t.http.get('/api/v2/dashboard/time-series').set(as(admin)).expect(400);
      expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'metric' })]);
      const unknown = await t.http.get('/api/v2/dashboard/time-series').query({ metric: 'LIKES' }).set(as(admin)).expect(400);
      expect(unknown.body.errors[0]).toEqual({ field: 'metric', reason: expect.stringContaining('READ') });
      const flag = await t.http.get('/api/v2/dashboard/time-series').query({ metric: 'READ', cumulative: 'maybe' }).set(as(admin)).expect(400);
      expect(flag.body.errors[0]).toEqual({ field: 'cumulative', reason: 'cumulative must be true or false' });
      await t.http.get('/api/v2/dashboard/time-series').query({ metric: 'READ' }).set(as(author)).expect(403);
      await t.http.get('/api/v2/dashboard/time-series').query({ metric: 'READ' }).set(as(reader)).expect(403);
      await t.http.get('/api/v2/dashboard/time-series').query({ metric: 'READ' }).expect(401);
    });
  });

  describe('rankings and categories', () => {
    it('ranks speaches and speachmakers by reads and by rating, in the spec §3 row shapes', async () => {
      const byWatch = (await t.http.get('/api/v2/dashboard/speaches-by-watch').query({ period: 'TWO_YEARS' }).set(as(admin)).expect(200)).body;
      expect(byWatch.length).toBeGreaterThan(3);
      expect(byWatch.length).toBeLessThanOrEqual(10);
      expect(byWatch[0]).toEqual({
        speachId: expect.any(String),
        speachTitle: expect.any(String),
        publishDate: expect.any(String),
        nbWatch: expect.any(Number),
        nbNote: expect.any(Number),
        note: expect.any(Number),
      });
      for (let i = 1; i < byWatch.length; i++) expect(byWatch[i].nbWatch).toBeLessThanOrEqual(byWatch[i - 1].nbWatch);
      const byRating = (await t.http.get('/api/v2/dashboard/speaches-by-rating').query({ period: 'TWO_YEARS' }).set(as(admin)).expect(200)).body;
      for (let i = 1; i < byRating.length; i++) expect(byRating[i].note).toBeLessThanOrEqual(byRating[i - 1].note);
      expect(byRating.every((r: { nbNote: number; note: number }) => r.nbNote > 0 && r.note >= 1 && r.note <= 5)).toBe(true);
      const makers = (await t.http.get('/api/v2/dashboard/speachmakers-by-watch').query({ period: 'TWO_YEARS' }).set(as(admin)).expect(200)).body;
      expect(makers[0]).toEqual({
        userId: expect.any(String),
        firstName: expect.any(String),
        lastName: expect.any(String),
        nbSpeachs: expect.any(Number),
        nbWatch: expect.any(Number),
        nbNote: expect.any(Number),
        note: expect.any(Number),
      });
      expect(makers[0].nbSpeachs).toBeGreaterThan(0);
      const makersByRating = (await t.http.get('/api/v2/dashboard/speachmakers-by-rating').query({ period: 'TWO_YEARS' }).set(as(admin)).expect(200)).body;
      expect(makersByRating.length).toBeGreaterThan(0);
      // A shorter period counts fewer reads; a missing or unknown period is ONE_MONTH.
      const recent = (await t.http.get('/api/v2/dashboard/speaches-by-watch').query({ period: 'ONE_MONTH' }).set(as(admin)).expect(200)).body;
      const longer = new Map(byWatch.map((r: { speachId: string; nbWatch: number }) => [r.speachId, r.nbWatch]));
      for (const row of recent) if (longer.has(row.speachId)) expect(row.nbWatch).toBeLessThanOrEqual(longer.get(row.speachId) as number);
      expect((await t.http.get('/api/v2/dashboard/speaches-by-watch').set(as(admin)).expect(200)).body).toEqual(recent);
      expect((await t.http.get('/api/v2/dashboard/speaches-by-watch').query({ period: 'NONSENSE' }).set(as(admin)).expect(200)).body).toEqual(recent);
    });

    it("counts a read of today at once in the speachmakers' ranking of every period", async () => {
      const watched = async (period: string) =>
        (
          (await t.http.get('/api/v2/dashboard/speachmakers-by-watch').query({ period }).set(as(admin)).expect(200)).body as {
            userId: string;
            nbWatch: number;
          }[]
        ).find((r) => r.userId === welcome.authorId)?.nbWatch;
      const before = [await watched('ONE_MONTH'), await watched('TWO_YEARS')];
      expect(before[1]).toBeGreaterThan(0); // the demo's staff authors are few: this one is ranked
      await t.http
        .post(`/api/v2/speach/${welcome._id}/chapters/${readingOrder(welcome.draft)[0].chapterId}/read`)
        .set(as(admin))
        .expect(200);
      expect([await watched('ONE_MONTH'), await watched('TWO_YEARS')]).toEqual([(before[0] ?? 0) + 1, before[1]! + 1]);
    });

    it('counts speaches created in the period by category, with names', async () => {
      const categories = (await t.http.get('/api/v2/dashboard/speach-category').query({ period: 'TWO_YEARS' }).set(as(admin)).expect(200)).body;
      expect(categories.length).toBeGreaterThan(3);
      expect(categories[0]).toEqual({ id: expect.any(String), name: expect.any(String), value: expect.any(Number) });
      expect(categories.map((c: { name: string }) => c.name)).toContain('Onboarding');
      for (let i = 1; i < categories.length; i++) expect(categories[i].value).toBeLessThanOrEqual(categories[i - 1].value);
    });

    it('counts a speach created today at once in every period', async () => {
      const uncategorised = async (period: string) =>
        (
          (await t.http.get('/api/v2/dashboard/speach-category').query({ period }).set(as(admin)).expect(200)).body as { id: string | null; value: number }[]
        ).find((c) => c.id === null)?.value ?? 0;
      const before = [await uncategorised('ONE_MONTH'), await uncategorised('TWO_YEARS')];
      await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Counted by category', language: 'en-US' }).expect(201);
      expect([await uncategorised('ONE_MONTH'), await uncategorised('TWO_YEARS')]).toEqual([before[0] + 1, before[1] + 1]);
    });

    it('refuses the rankings to non-admins', async () => {
      for (const path of ['speaches-by-watch', 'speaches-by-rating', 'speachmakers-by-watch', 'speachmakers-by-rating', 'speach-category']) {
        await t.http.get(`/api/v2/dashboard/${path}`).set(as(author)).expect(403);
        await t.http.get(`/api/v2/dashboard/${path}`).expect(401);
      }
    });
  });

  describe('tiles', () => {
    it('counts published, unpublished and viewed speaches, and follows a publication', async () => {
      const count = async (path: string) => (await t.http.get(`/api/v2/cours/${path}`).set(as(admin)).expect(200)).body as number;
      const [published, unpublished, viewed] = [await count('publishedSpeachs'), await count('unpublishedSpeachs'), await count('viewedSpeachs')];
      expect(published).toBeGreaterThan(5);
      expect(unpublished).toBeGreaterThan(0);
      expect(viewed).toBeGreaterThan(0);
      const created = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Dashboard tiles', language: 'en-US' }).expect(201)).body;
      expect(await count('unpublishedSpeachs')).toBe(unpublished + 1);
      const chapterId = (await t.http.post(`/api/v2/recorder/speach/${created.id}/chapters`).set(as(author)).send({ title: 'One', parentId: null }).expect(201))
        .body.chapterId;
      await t.http
        .put(`/api/v2/recorder/speach/${created.id}/chapters/${chapterId}/content`)
        .set(as(author))
        .send({ type: 'HTML', html: '<p>x</p>' })
        .expect(200);
      await t.http.post(`/api/v2/recorder/speach/${created.id}/publish`).set(as(admin)).send({}).expect(200);
      expect(await count('publishedSpeachs')).toBe(published + 1);
      expect(await count('unpublishedSpeachs')).toBe(unpublished);
      await t.http.get('/api/v2/cours/publishedSpeachs').set(as(reader)).expect(403);
    });

    it('counts users by type, and answers 400 on an unknown type', async () => {
      const size = async (type: string) => (await t.http.get('/api/v2/users/count').query({ type }).set(as(admin)).expect(200)).body.size as number;
      const users = await size('users');
      expect(users).toBeGreaterThanOrEqual(28);
      expect(await size('admins')).toBeGreaterThanOrEqual(1);
      expect(await size('speachmakers')).toBeGreaterThanOrEqual(2);
      expect(await size('aiEditors')).toBeGreaterThanOrEqual(1);
      expect(await size('approvers')).toBeGreaterThanOrEqual(1);
      expect(await size('admins')).toBeLessThan(users);
      const bad = await t.http.get('/api/v2/users/count').query({ type: 'robots' }).set(as(admin)).expect(400);
      expect(bad.body.errors[0]).toEqual({ field: 'type', reason: expect.stringContaining('speachmakers') });
      await t.http.get('/api/v2/users/count').query({ type: 'users' }).set(as(author)).expect(403);
    });
  });

  describe('analytics pages and deleting quiz results', () => {
    it("shows a speach's reads, completion per chapter and quiz results to its author and admins; deletes a result", async () => {
      const quiz = readingOrder(welcome.draft).find((n) => n.content.type === 'QUIZZ')!;
      const question = (quiz.content as { questions: { questionId: string; options: { optionId: string }[] }[] }).questions[0];
      await t.http
        .post(`/api/v2/speach/${welcome._id}/chapters/${quiz.chapterId}/answers`)
        .set(as(reader))
        .send({ answers: { [question.questionId]: [question.options[0].optionId] } })
        .expect(200);

      const page = (await t.http.get(`/api/v2/analytics/speach/${welcome._id}`).query({ period: 'ONE_MONTH' }).set(as(author)).expect(200)).body;
      expect(page.speach).toEqual(expect.objectContaining({ id: welcome._id, title: 'Welcome to the company' }));
      expect(page.speach.readers).toBeGreaterThan(0);
      expect(page.reads.at(-1)).toEqual({ startDate: today(), endDate: today(), value: expect.any(Number) });
      expect(page.reads.at(-1).value).toBeGreaterThan(0);
      expect(page.chapters.map((c: { title: string }) => c.title)).toEqual(['Who we are', 'Your first week', 'Check your knowledge']);
      expect(page.chapters[0].readers).toBeGreaterThan(0);
      // Issue 17 defect 2: the learners tile is what every chapter row divides by; no share above 100 %.
      for (const c of page.chapters) {
        expect(c.readers).toBeLessThanOrEqual(page.speach.readers);
        expect(c.percent).toBe(Math.round((c.readers / page.speach.readers) * 100));
      }
      expect(page.speach.finished).toBeLessThanOrEqual(Math.min(...page.chapters.map((c: { readers: number }) => c.readers)));
      expect(page.speach.completion).toBe(Math.round((page.speach.finished / page.speach.readers) * 100));
      const mine = page.quizResults.find((r: { user: { id: string } }) => r.user.id === readerId);
      expect(mine).toEqual(
        expect.objectContaining({
          idAchatCour: `${readerId}:${welcome._id}`,
          quizzId: quiz.chapterId,
          chapterTitle: 'Check your knowledge',
          score: 1,
          max: 1,
          percent: 100,
          passed: true,
        }),
      );
      await t.http.get(`/api/v2/analytics/speach/${welcome._id}`).set(as(admin)).expect(200);
      await t.http.get(`/api/v2/analytics/speach/${welcome._id}`).set(as(reader)).expect(403);
      await t.http.get('/api/v2/analytics/speach/unknown').set(as(admin)).expect(404);

      // Deleting: the reader may not, bad parameters are 400, the author may.
      await t.http.get('/api/v2/quizz/delete-results-user').query({ quizzId: quiz.chapterId, idAchatCour: mine.idAchatCour }).set(as(reader)).expect(403);
      const noQuiz = await t.http.get('/api/v2/quizz/delete-results-user').query({ idAchatCour: mine.idAchatCour }).set(as(author)).expect(400);
      expect(noQuiz.body.errors[0]).toEqual({ field: 'quizzId', reason: 'quizzId is required' });
      const badId = await t.http
        .get('/api/v2/quizz/delete-results-user')
        .query({ quizzId: quiz.chapterId, idAchatCour: 'nonsense' })
        .set(as(author))
        .expect(400);
      expect(badId.body.errors[0].field).toBe('idAchatCour');
      const deleted = await t.http
        .get('/api/v2/quizz/delete-results-user')
        .query({ quizzId: quiz.chapterId, idAchatCour: mine.idAchatCour })
        .set(as(author))
        .expect(200);
      expect(deleted.body).toEqual({ speachId: welcome._id, userId: readerId, quizzId: quiz.chapterId });
      const after = (await t.http.get(`/api/v2/analytics/speach/${welcome._id}`).set(as(author)).expect(200)).body;
      expect(after.quizResults.some((r: { user: { id: string } }) => r.user.id === readerId)).toBe(false);
      // The learner's own progress forgets the result too, so the quiz can be taken again.
      const reading = (await t.http.get(`/api/v2/speach/${welcome._id}/read`).set(as(reader)).expect(200)).body;
      expect(reading.progress.quizResults[quiz.chapterId]).toBeUndefined();
      await t.http.get('/api/v2/quizz/delete-results-user').query({ quizzId: quiz.chapterId, idAchatCour: mine.idAchatCour }).set(as(author)).expect(404);
    });

    it("shows a user's own analytics to them and to admins only", async () => {
      const own = (await t.http.get(`/api/v2/analytics/user/${readerId}`).set(as(reader)).expect(200)).body;
      expect(own.user).toEqual(expect.objectContaining({ id: readerId, email: 'reader@example.com' }));
      expect(own.speaches).toEqual(
        expect.arrayContaining([expect.objectContaining({ speachId: welcome._id, title: 'Welcome to the company', totalChapters: 3 })]),
      );
      expect(own.reads.at(-1).value).toBe(1);
      await t.http.get(`/api/v2/analytics/user/${readerId}`).set(as(admin)).expect(200);
      await t.http.get(`/api/v2/analytics/user/${readerId}`).set(as(author)).expect(403);
      await t.http.get('/api/v2/analytics/user/unknown').set(as(admin)).expect(404);
      await t.http.get(`/api/v2/analytics/user/${readerId}`).expect(401);
    });
  });
});
