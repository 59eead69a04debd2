import { MemoryCheckpointStore } from '../../backend/infrastructure/checkpoints/memory-checkpoint-store';
import { ReadStoreDeadLetters } from '../../backend/infrastructure/policies/dead-letter-store';
import type { Policy } from '../../backend/infrastructure/policies/policy';
import { PolicyRunner } from '../../backend/infrastructure/policies/policy-runner';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import { AwardBadgesPolicy } from '../../backend/forum/policies/award-badges.policy';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 19 item 4: badges awarded by the award-badges policy (docs/forum-and-messages.md). */
describe('Badges', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let approver: string;
  let readerId: string;
  let authorId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const exam = {
    type: 'QUIZZ_EXAMEN',
    passingScore: 50,
    questions: [
      {
        questionId: 'q1',
        text: 'Highest safe rung?',
        multiple: false,
        points: 1,
        options: [
          { optionId: 'a', text: 'Third from top', correct: true },
          { optionId: 'b', text: 'Top' },
        ],
      },
    ],
  };

  /** A published speach with a text chapter and an exam, and the badge type asked for. */
  async function withBadge(badge: string) {
    const { id } = (
      await t.http
        .post('/api/v2/recorder/speach')
        .set(as(author))
        .send({ title: `Ladders ${badge}`, language: 'en-US' })
        .expect(201)
    ).body;
    const intro = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Intro' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${intro}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Hello</p>' }).expect(200);
    const test = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Exam' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${test}/content`).set(as(author)).send(exam).expect(200);
    await t.http.put(`/api/v2/recorder/speach/${id}/badge`).set(as(author)).send({ badge }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return { id: id as string, intro: intro as string, test: test as string };
  }
  const read = (token: string, id: string, chapterId: string) =>
    t.http.post(`/api/v2/speach/${id}/chapters/${chapterId}/read`).set(as(token)).send({}).expect(200);
  const answer = (token: string, id: string, chapterId: string, option: string) =>
    t.http
      .post(`/api/v2/speach/${id}/chapters/${chapterId}/answers`)
      .set(as(token))
      .send({ answers: { q1: [option] } })
      .expect(200);
  const badgesOf = async (token: string) =>
    (await t.http.get('/api/v2/my/badges').set(as(token)).expect(200)).body as { result: { speachID: string; badge: string; title: string }[]; total: number };
  const awardedEvents = async (speachId: string) =>
    (await t.adapters.eventStore.readAll()).filter((e) => e.type === 'BadgeAwarded' && e.data.speachId === speachId);

  beforeAll(async () => {
    t = await startTestApp({ env: { BADGE_TRAINER_LEARNERS: '2' } });
    [admin, author, reader, approver] = (await fixtures(t).people('admin', 'author', 'learner', 'approver')).map((p) => p.token);
    readerId = (await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.id;
    authorId = (await t.http.get('/api/auth/me').set(as(author)).expect(200)).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('AVANCEMENT: awarded once every chapter is read, once only, and told to the learner, the author and the admins', async () => {
    const s = await withBadge('AVANCEMENT');
    await read(reader, s.id, s.intro);
    expect((await badgesOf(reader)).result.some((b) => b.speachID === s.id)).toBe(false);
    // An exam counts as read once answered (issue 17: a chapter that takes answers is not read by opening it).
    await read(reader, s.id, s.test);
    expect((await badgesOf(reader)).result.some((b) => b.speachID === s.id)).toBe(false);
    await answer(reader, s.id, s.test, 'b');
    await read(reader, s.id, s.intro);
    const mine = (await badgesOf(reader)).result.filter((b) => b.speachID === s.id);
    expect(mine).toEqual([expect.objectContaining({ badge: 'AVANCEMENT', title: 'Ladders AVANCEMENT' })]);
    expect(await awardedEvents(s.id)).toHaveLength(1);
    for (const token of [reader, author, admin]) {
      const list = (await t.http.get('/api/v2/notifications').query({ type: 'BADGE_OBTAINED', size: 50 }).set(as(token)).expect(200)).body as {
        speach: { speachID: string };
        data: { badge: string; learnerId: string };
      }[];
      expect(list.filter((n) => n.speach.speachID === s.id)).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ badge: 'AVANCEMENT', learnerId: readerId }) }),
      ]);
    }
  });

  it('RESULTAT: a failed exam earns nothing, a passed one earns the badge; MIX needs both', async () => {
    const r = await withBadge('RESULTAT');
    await answer(reader, r.id, r.test, 'b');
    expect(await awardedEvents(r.id)).toHaveLength(0);
    await answer(reader, r.id, r.test, 'a');
    expect((await awardedEvents(r.id)).map((e) => e.data.badge)).toEqual(['RESULTAT']);
    const m = await withBadge('MIX');
    await read(reader, m.id, m.intro);
    expect(await awardedEvents(m.id)).toHaveLength(0);
    // Answering the exam reads it: every chapter is read now, but the exam is failed.
    await answer(reader, m.id, m.test, 'b');
    expect(await awardedEvents(m.id)).toHaveLength(0);
    await answer(reader, m.id, m.test, 'a');
    expect((await awardedEvents(m.id)).map((e) => [e.data.badge, e.data.userId])).toEqual([['MIX', readerId]]);
  });

  it("FORMATEUR: the author earns it when the speach reaches N learners (BADGE_TRAINER_LEARNERS), the author's own reads not counted", async () => {
    const f = await withBadge('FORMATEUR');
    await read(author, f.id, f.intro);
    await read(reader, f.id, f.intro);
    expect(await awardedEvents(f.id)).toHaveLength(0);
    await read(approver, f.id, f.intro);
    await read(reader, f.id, f.test);
    expect((await awardedEvents(f.id)).map((e) => [e.data.badge, e.data.userId])).toEqual([['FORMATEUR', authorId]]);
    expect((await badgesOf(author)).result.some((b) => b.speachID === f.id && b.badge === 'FORMATEUR')).toBe(true);
  });

  it('a replay of the whole log by the policy awards nothing more', async () => {
    const policy = t.app.get(AwardBadgesPolicy) as unknown as Policy<never>;
    const checkpoints = new MemoryCheckpointStore();
    await checkpoints.save({ name: `policy:${policy.name}`, position: 0, version: 1 });
    const replay = new PolicyRunner(t.adapters.eventStore, checkpoints, new ReadStoreDeadLetters(new MemoryReadStore()), t.clock, {
      retry: { attempts: 1, backoffMs: 0 },
    });
    await replay.register(policy);
    const before = await t.adapters.eventStore.headPosition();
    const awardedBefore = (await t.adapters.eventStore.readAll()).filter((e) => e.type === 'BadgeAwarded').length;
    await replay.start();
    await replay.reach(before, 10_000);
    await replay.stop();
    expect(replay.status()[0].deadLetters).toEqual([]);
    expect((await t.adapters.eventStore.readAll()).filter((e) => e.type === 'BadgeAwarded').length).toBe(awardedBefore);
  });

  describe('GET /api/v2/users/:id/badges and /api/v2/dashboard/badges', () => {
    it("shows a colleague's badges; 404 for an unknown user", async () => {
      const theirs = (await t.http.get(`/api/v2/users/${readerId}/badges`).set(as(author)).expect(200)).body;
      expect(theirs.total).toBeGreaterThanOrEqual(3);
      await t.http.get('/api/v2/users/nope/badges').set(as(author)).expect(404);
    });
    it('counts badges per type for admins; 403 for others', async () => {
      const counts = (await t.http.get('/api/v2/dashboard/badges').set(as(admin)).expect(200)).body;
      expect(counts.byType).toEqual({ AVANCEMENT: 1, RESULTAT: 1, FORMATEUR: 1, MIX: 1 });
      expect(counts.size).toBe(4);
      await t.http.get('/api/v2/dashboard/badges').set(as(reader)).expect(403);
      await t.http.get('/api/v2/my/badges').expect(401);
    });
  });
});
