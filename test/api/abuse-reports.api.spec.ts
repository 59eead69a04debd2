import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 19 item 5: abuse reports and the back office queue (docs/forum-and-messages.md). */
describe('Abuse reports API', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let approver: string;
  let readerId: string;
  let approverId: string;
  let speachId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const report = (token: string, body: Record<string, unknown>) => t.http.post('/api/v2/abuse-reports').set(as(token)).send(body);

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader, approver] = (await fixtures(t).people('admin', 'author', 'learner', 'approver')).map((p) => p.token);
    readerId = (await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.id;
    approverId = (await t.http.get('/api/auth/me').set(as(approver)).expect(200)).body.id;
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Ladders', language: 'en-US' }).expect(201)).body;
    const chapterId = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Intro' }).expect(201)).body.chapterId;
    await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send({ type: 'HTML', html: '<p>Hello</p>' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    speachId = id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/v2/abuse-reports', () => {
    it('reports a speach and tells the admins (ABUSE_REPORTED_SPEACH); a user report is ABUSE_REPORTED_USER', async () => {
      const { reportId } = (await report(reader, { target: 'SPEACH', targetId: speachId, reason: 'MISINFORMATION', details: 'Wrong angle' }).expect(201)).body;
      const onSpeach = (await t.http.get('/api/v2/notifications').query({ type: 'ABUSE_REPORTED_SPEACH' }).set(as(admin)).expect(200)).body;
      expect(onSpeach[0]).toMatchObject({ speach: { speachID: speachId }, sourceUser: { firstName: 'David' }, data: { reportId, reason: 'MISINFORMATION' } });
      await report(reader, { target: 'USER', targetId: approverId, reason: 'HARASSMENT' }).expect(201);
      const onUser = (await t.http.get('/api/v2/notifications').query({ type: 'ABUSE_REPORTED_USER' }).set(as(admin)).expect(200)).body;
      expect(onUser[0].data).toMatchObject({ target: 'USER', targetId: approverId });
      expect((await t.http.get('/api/v2/notifications').query({ type: 'ABUSE_REPORTED_USER' }).set(as(author)).expect(200)).body).toEqual([]);
    });
    it.each([
      ['an unknown target type', { target: 'PATH', targetId: 'x', reason: 'SPAM' }, 'target'],
      ['an unknown reason', { target: 'SPEACH', targetId: 'x', reason: 'BORING' }, 'reason'],
      ['details over 1000 characters', { target: 'USER', targetId: 'x', reason: 'SPAM', details: 'd'.repeat(1001) }, 'details'],
      ['OTHER without details', { target: 'USER', targetId: 'x', reason: 'OTHER' }, 'details'],
      ['no target id', { target: 'USER', reason: 'SPAM' }, 'targetId'],
    ])('answers 400 naming the field for %s', async (_case, body, field) => {
      const bad = await report(reader, body).expect(400);
      expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    });
    it('answers 404 for an unknown target or a draft the reporter cannot see, 401 anonymous', async () => {
      await report(reader, { target: 'COMMENT', targetId: 'nope', reason: 'SPAM' }).expect(404);
      const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Draft', language: 'en-US' }).expect(201)).body;
      await report(reader, { target: 'SPEACH', targetId: id, reason: 'SPAM' }).expect(404);
      await t.http.post('/api/v2/abuse-reports').send({ target: 'USER', targetId: approverId, reason: 'SPAM' }).expect(401);
    });
  });

  describe('the back office queue /api/rest/abuse-reports', () => {
    it('lists open reports with filters (Content-Range), resolves a comment report by hiding the comment through the comments decider', async () => {
      const comment = (
        await t.http.post(`/api/v2/speach/${speachId}/comments`).set(as(approver)).send({ text: 'Buy cheap ladders at spam.example' }).expect(201)
      ).body;
      const { reportId } = (await report(reader, { target: 'COMMENT', targetId: comment.commentId, reason: 'SPAM' }).expect(201)).body;
      const list = await t.http
        .get('/api/rest/abuse-reports')
        .query({ filter: JSON.stringify({ status: 'OPEN', target: 'COMMENT' }), sort: JSON.stringify(['createdAt', 'DESC']), range: '[0,9]' })
        .set(as(admin))
        .expect(200);
      expect(list.headers['content-range']).toBe('abuse-reports 0-0/1');
      expect(list.body[0]).toMatchObject({
        id: reportId,
        target: 'COMMENT',
        status: 'OPEN',
        commentText: 'Buy cheap ladders at spam.example',
        speachTitle: 'Ladders',
        targetUser: { id: approverId },
        reporter: { id: readerId },
      });
      const resolved = (await t.http.post(`/api/rest/abuse-reports/${reportId}/resolve`).set(as(admin)).send({ resolution: 'COMMENT_HIDDEN' }).expect(200))
        .body;
      expect(resolved).toMatchObject({ status: 'RESOLVED', resolution: 'COMMENT_HIDDEN', commentText: null });
      const comments = (await t.http.get(`/api/v2/speach/${speachId}/comments`).set(as(reader)).expect(200)).body;
      expect(comments.result.some((c: { id: string }) => c.id === comment.commentId)).toBe(false);
      const again = await t.http.post(`/api/rest/abuse-reports/${reportId}/resolve`).set(as(admin)).send({ resolution: 'DISMISSED' }).expect(409);
      expect(again.body.message).toBe('This report is resolved already.');
    });
    it('deactivates a reported user through the user decider', async () => {
      const target = await fixtures(t).user('learner', { firstName: 'Emma', lastName: 'Bernard' });
      const { reportId } = (await report(reader, { target: 'USER', targetId: target.id, reason: 'HATE' }).expect(201)).body;
      await t.http.post(`/api/rest/abuse-reports/${reportId}/resolve`).set(as(admin)).send({ resolution: 'USER_DEACTIVATED' }).expect(200);
      const user = (await t.http.get(`/api/rest/users/${target.id}`).set(as(admin)).expect(200)).body;
      expect(user.active).toBe(false);
      const one = (await t.http.get(`/api/rest/abuse-reports/${reportId}`).set(as(admin)).expect(200)).body;
      expect(one.targetUser).toMatchObject({ id: target.id, active: false });
    });
    it('answers 400 naming resolution or filter, 403 to non-admins, 404 for an unknown report', async () => {
      const { reportId } = (await report(reader, { target: 'SPEACH', targetId: speachId, reason: 'COPYRIGHT' }).expect(201)).body;
      const bad = await t.http.post(`/api/rest/abuse-reports/${reportId}/resolve`).set(as(admin)).send({ resolution: 'BANNED' }).expect(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'resolution' })]);
      const notComment = await t.http.post(`/api/rest/abuse-reports/${reportId}/resolve`).set(as(admin)).send({ resolution: 'COMMENT_HIDDEN' }).expect(400);
      expect(notComment.body.errors).toEqual([{ field: 'resolution', reason: 'Only a reported comment can be hidden' }]);
      await t.http
        .get('/api/rest/abuse-reports')
        .query({ filter: JSON.stringify({ colour: 'red' }) })
        .set(as(admin))
        .expect(400);
      await t.http.get('/api/rest/abuse-reports').set(as(author)).expect(403);
      await t.http.post(`/api/rest/abuse-reports/${reportId}/resolve`).set(as(author)).send({ resolution: 'DISMISSED' }).expect(403);
      await t.http.post('/api/rest/abuse-reports/nope/resolve').set(as(admin)).send({ resolution: 'DISMISSED' }).expect(404);
      await t.http.get('/api/rest/abuse-reports/nope').set(as(admin)).expect(404);
      await t.http.post(`/api/rest/abuse-reports/${reportId}/resolve`).set(as(admin)).send({ resolution: 'DISMISSED' }).expect(200);
    });
  });
});
