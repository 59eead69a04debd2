import { DueDateWatcher } from '../../backend/speach/due-date.watcher';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

const quiz = {
  type: 'QUIZZ',
  passingScore: 50,
  questions: [
    {
      questionId: 'q1',
      text: 'Which colour is the sky?',
      multiple: false,
      points: 1,
      options: [
        { optionId: 'a', text: 'Blue', correct: true },
        { optionId: 'b', text: 'Green', correct: false },
      ],
    },
    {
      questionId: 'q2',
      text: 'Pick the even numbers',
      multiple: true,
      points: 2,
      options: [
        { optionId: 'x', text: '2', correct: true },
        { optionId: 'y', text: '3' },
        { optionId: 'z', text: '4', correct: true },
      ],
    },
  ],
};

describe('Speach API (issue #4)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let approver: string;
  let reader: string;
  let otherAuthor: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function create(token = author, title = 'Forklift safety') {
    const response = await t.http.post('/api/v2/recorder/speach').set(as(token)).send({ title, language: 'en-US' }).expect(201);
    return response.body as { id: string; version: number };
  }
  async function addChapter(id: string, title: string, parentId: string | null = null, token = author) {
    const response = await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(token)).send({ title, parentId }).expect(201);
    return response.body.chapterId as string;
  }
  async function publishable(title = 'Forklift safety') {
    const { id } = await create(author, title);
    const chapterId = await addChapter(id, 'Introduction');
    await t.http
      .put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`)
      .set(as(author))
      .send({ type: 'HTML', html: '<p>Look <b>around</b></p><script>x</script>' })
      .expect(200);
    return { id, chapterId };
  }

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    const people = await fx.people('admin', 'author', 'approver', 'learner', 'author');
    [admin, author, approver, reader, otherAuthor] = people.map((p) => p.token);
    const owner = people[1];
    // The catalogue the search, grids and admin lists look at: published speaches in three languages, a draft, a
    // restricted one, an archived one, two pinned on the home page, and eight categories.
    for (let i = 0; i < 8; i++) await fx.category({ name: `Category ${i + 1}` });
    const live = [];
    for (const [title, language] of [
      ['Phishing awareness', 'en-GB'],
      ['Welcome to the company', 'en-US'],
      ['Sécurité incendie', 'fr-FR'],
      ['Forklift basics', 'en-US'],
      ['Expense claims', 'en-US'],
    ])
      live.push(await fx.published(owner, { title, language }));
    for (const pinned of live.slice(0, 2)) await t.http.put(`/api/v2/recorder/speach/${pinned.id}/pin`).set(as(admin)).send({ pinned: true }).expect(200);
    await fx.draft(owner, { title: 'Draft: customer onboarding checklist' });
    const board = await fx.draft(owner, { title: 'Board confidential briefing' });
    await t.http.put(`/api/v2/recorder/speach/${board.id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${board.id}/publish`).set(as(admin)).send({}).expect(200);
    const old = await fx.published(owner, { title: 'Old travel policy (2019)' });
    await t.http.delete('/user/speach/delete').query({ id: old.id }).set(as(author)).expect(200);
    // Publication mechanics, not the validation workflow (test/api/workflow.api.spec.ts covers its gate): authors publish directly.
    await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ workflowEnabled: false }).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST /api/v2/recorder/speach', () => {
    it('creates a draft owned by the author, in the card shape of spec §3', async () => {
      const { id } = await create();
      const card = (await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(author)).expect(200)).body;
      expect(card).toEqual(
        expect.objectContaining({
          id,
          speachID: id,
          title: 'Forklift safety',
          state: 'NON_PUBLIE',
          publication: false,
          visibility: 'PUBLIC',
          canEdit: true,
          canView: true,
          isTemplate: false,
        }),
      );
      expect(card.authorsInfos.author).toEqual(expect.objectContaining({ email: 'author@example.com' }));
      expect(card.metadata).toEqual(expect.objectContaining({ dueDate: null, lockedSubchapters: false }));
    });
    it('answers 400 naming the field, and 403 to a reader', async () => {
      const bad = await t.http
        .post('/api/v2/recorder/speach')
        .set(as(author))
        .send({ title: 'x'.repeat(256), language: 'en-US' })
        .expect(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'title' })]);
      await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'T', language: 'xx' }).expect(400);
      const category = await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'T', language: 'en-US', categoryId: 'nope' }).expect(400);
      expect(category.body.errors[0]).toEqual({ field: 'categoryId', reason: 'Unknown category' });
      await t.http.post('/api/v2/recorder/speach').set(as(reader)).send({ title: 'T', language: 'en-US' }).expect(403);
    });
  });

  describe('editing', () => {
    it('changes details, answers 409 on a stale version and writes nothing', async () => {
      const { id, version } = await create();
      const changed = await t.http
        .put(`/api/v2/recorder/speach/${id}/details`)
        .set(as(author))
        .send({ title: 'Forklift safety 2', tags: 'safety  forklift', version })
        .expect(200);
      expect(changed.body).toEqual(expect.objectContaining({ title: 'Forklift safety 2', tags: 'safety forklift' }));
      await t.http.put(`/api/v2/recorder/speach/${id}/details`).set(as(author)).send({ title: 'Stale', version }).expect(409);
      await t.http
        .put(`/api/v2/recorder/speach/${id}/details`)
        .set({ ...as(author), 'if-match': String(version) })
        .send({ title: 'Stale' })
        .expect(409);
      const after = await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(author)).expect(200);
      expect(after.body.title).toBe('Forklift safety 2');
      await t.http.put(`/api/v2/recorder/speach/${id}/details`).set(as(author)).send({ colour: 'red' }).expect(400);
    });
    it('refuses another author (403), a reader (403) and an unknown speach (404)', async () => {
      const { id } = await create();
      await t.http.put(`/api/v2/recorder/speach/${id}/details`).set(as(reader)).send({ title: 'x' }).expect(403);
      await t.http.put(`/api/v2/recorder/speach/${id}/details`).set(as(approver)).send({ title: 'x' }).expect(403);
      await t.http.put(`/api/v2/recorder/speach/${id}/details`).set(as(otherAuthor)).send({ title: 'x' }).expect(403);
      await t.http.put('/api/v2/recorder/speach/unknown/details').set(as(author)).send({ title: 'x' }).expect(404);
      await t.http.get('/api/v2/speach/draftSpeach').query({ speachID: id }).set(as(reader)).expect(404);
    });
    it('builds the chapter tree: add, rename, move, remove', async () => {
      const { id } = await create();
      const c1 = await addChapter(id, 'One');
      const c2 = await addChapter(id, 'Two');
      const sub = await addChapter(id, 'One.a', c1);
      await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${c2}`).set(as(author)).send({ title: 'Deux' }).expect(200);
      const moved = await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${c2}/move`).set(as(author)).send({ parentId: null, position: 0 }).expect(200);
      expect(moved.body.chapters.map((c: { title: string }) => c.title)).toEqual(['Deux', 'One']);
      expect(moved.body.chapters[1].children.map((c: { chapterId: string }) => c.chapterId)).toEqual([sub]);
      await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${c1}/move`).set(as(author)).send({ parentId: c2, position: 0 }).expect(400);
      const removed = await t.http.delete(`/api/v2/recorder/speach/${id}/chapters/${c1}`).set(as(author)).expect(200);
      expect(removed.body.chapters.map((c: { chapterId: string }) => c.chapterId)).toEqual([c2]);
      expect(removed.body.chapterCount).toBe(1);
      await t.http.delete(`/api/v2/recorder/speach/${id}/chapters/${c1}`).set(as(author)).expect(404);
    });
    it('sets content per type and refuses a quiz question with no correct answer', async () => {
      const { id } = await create();
      const c1 = await addChapter(id, 'Quiz');
      const draft = await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${c1}/content`).set(as(author)).send(quiz).expect(200);
      expect(draft.body.chapters[0].content.questions[0].options[0].correct).toBe(true);
      const bad = await t.http
        .put(`/api/v2/recorder/speach/${id}/chapters/${c1}/content`)
        .set(as(author))
        .send({ ...quiz, questions: [{ ...quiz.questions[0], options: quiz.questions[0].options.map((o) => ({ ...o, correct: false })) }] })
        .expect(400);
      expect(bad.body.errors[0].field).toBe('questions[0].options');
      await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${c1}/content`).set(as(author)).send({ type: 'EMBED', url: 'not a url' }).expect(400);
      await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${c1}/content`).set(as(author)).send({ type: 'WHATEVER' }).expect(400);
      const after = await t.http.get('/api/v2/speach/draftSpeach').query({ speachID: id }).set(as(author)).expect(200);
      expect(after.body.chapters[0].content.type).toBe('QUIZZ');
    });
    it('stores uploaded files in the blob store, refuses wrong types and sizes, and serves ranges', async () => {
      const { id } = await create();
      const c1 = await addChapter(id, 'Handbook');
      const pdf = Buffer.from('%PDF-1.4\n% a tiny pdf\n');
      const uploaded = await t.http
        .post(`/api/v2/recorder/speach/${id}/chapters/${c1}/file`)
        .query({ type: 'PDF_UPLOAD', name: 'handbook.pdf' })
        .set({ ...as(author), 'content-type': 'application/pdf' })
        .send(pdf)
        .expect(201);
      const file = uploaded.body.chapters[0].content.file;
      expect(file).toEqual(
        expect.objectContaining({ name: 'handbook.pdf', size: pdf.length, mimeType: 'application/pdf', url: expect.stringContaining('/blob/') }),
      );
      const served = await t.http.get(file.url).expect(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      const partial = await t.http.get(file.url).set('range', 'bytes=0-3').expect(206);
      expect(partial.headers['content-range']).toBe(`bytes 0-3/${pdf.length}`);
      await t.http
        .post(`/api/v2/recorder/speach/${id}/chapters/${c1}/file`)
        .query({ type: 'PDF_UPLOAD', name: 'x.pdf' })
        .set({ ...as(author), 'content-type': 'application/pdf' })
        .send(Buffer.from('not a pdf'))
        .expect(400);
      await t.http
        .post(`/api/v2/recorder/speach/${id}/chapters/${c1}/file`)
        .query({ type: 'VIDEO_UPLOAD', name: 'x.pdf' })
        .set({ ...as(author), 'content-type': 'application/pdf' })
        .send(pdf)
        .expect(400);
      await t.http
        .post(`/api/v2/recorder/speach/${id}/chapters/${c1}/file`)
        .query({ type: 'PDF_UPLOAD', name: 'x.pdf' })
        .set({ ...as(reader), 'content-type': 'application/pdf' })
        .send(pdf)
        .expect(403);
      await t.http
        .put(`/api/v2/recorder/speach/${id}/chapters/${c1}/content`)
        .set(as(author))
        .send({ type: 'PDF_UPLOAD', file: { blobId: 'x', name: 'x', size: 1, mimeType: 'application/pdf' } })
        .expect(400);
    });
    it('refuses a file over the configured size', async () => {
      const small = await startTestApp({ env: { MAX_UPLOAD_BYTES: '10' } });
      try {
        const [{ token }] = await fixtures(small).people('author');
        const { body } = await small.http.post('/api/v2/recorder/speach').set(as(token)).send({ title: 'T', language: 'en-US' }).expect(201);
        const chapter = await small.http.post(`/api/v2/recorder/speach/${body.id}/chapters`).set(as(token)).send({ title: 'C' }).expect(201);
        const response = await small.http
          .post(`/api/v2/recorder/speach/${body.id}/chapters/${chapter.body.chapterId}/file`)
          .query({ type: 'PDF_UPLOAD', name: 'big.pdf' })
          .set({ ...as(token), 'content-type': 'application/pdf' })
          .send(Buffer.from('%PDF-1.4 and more than ten bytes'))
          .expect((r) => expect([400, 413]).toContain(r.status));
        expect(response.body.message).toMatch(/too large/i);
      } finally {
        await small.close();
      }
    });
  });

  describe('publication, versions and reading', () => {
    it('publishes, freezes the live version while the draft changes, and lists versions', async () => {
      const { id, chapterId } = await publishable();
      const published = await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
      expect(published.body).toEqual(expect.objectContaining({ state: 'PUBLIE', publication: true, publishedVersion: 1, hasPendingUpdates: false }));
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(409);
      await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}`).set(as(author)).send({ title: 'Renamed in the draft' }).expect(200);
      const card = await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(author)).expect(200);
      expect(card.body.hasPendingUpdates).toBe(true);
      const read = await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
      expect(read.body.chapters[0].title).toBe('Introduction');
      expect(read.body.chapters[0].content.html).toBe('<p>Look <b>around</b></p>');
      const draft = await t.http.get(`/api/v2/speach/${id}/read`).query({ mode: 'draft' }).set(as(author)).expect(200);
      expect(draft.body.chapters[0].title).toBe('Renamed in the draft');
      await t.http.get(`/api/v2/speach/${id}/read`).query({ mode: 'draft' }).set(as(reader)).expect(403);
      await t.http
        .post(`/api/v2/recorder/speach/${id}/publish`)
        .set(as(author))
        .send({ at: new Date(Date.now() + 86_400_000).toISOString() })
        .expect(200);
      const versions = await t.http.get(`/api/v2/speach/${id}/versions`).set(as(author)).expect(200);
      expect(versions.body.map((v: { version: number; live: boolean }) => [v.version, v.live])).toEqual([
        [2, false],
        [1, true],
      ]);
      const scheduled = await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(author)).expect(200);
      expect(scheduled.body.futureVersionDelayedTillTimestamp).toBeGreaterThan(Date.now());
      await t.http.get(`/api/v2/speach/${id}/versions`).set(as(reader)).expect(404);
      const details = await t.http.get(`/api/v2/cours/${id}/publishDetails`).set(as(reader)).expect(200);
      expect(details.body).toEqual({
        lecons: [{ chapitreID: chapterId, title: 'Introduction', chapitres: [{ chapitreID: chapterId, title: 'Introduction' }] }],
      });
    });
    it('schedules a first publication: delayed till the date, not readable before', async () => {
      const { id } = await publishable('Delayed course');
      const at = new Date(Date.now() + 2 * 3_600_000).toISOString();
      const card = await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({ at }).expect(200);
      expect(card.body).toEqual(expect.objectContaining({ state: 'NON_PUBLIE', delayed_till: at, delayedTillTimestamp: Date.parse(at) }));
      await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(404);
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({ at: '2000-01-01T00:00:00Z' }).expect(400);
      // Within the session lifetime (12 h), past the scheduled date.
      t.clock.set(new Date(Date.now() + 3 * 3_600_000));
      try {
        const later = await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
        expect(later.body.speach.state).toBe('PUBLIE');
      } finally {
        t.clock.set(new Date());
      }
    });
    it("keeps a question's cited source passage for its editors and never shows it to learners (it holds the answer)", async () => {
      const { id } = await publishable('Cited quiz');
      const quizChapter = await addChapter(id, 'Quiz');
      const source = { chapterId: 'c-sky', passage: 'The sky is blue on a clear day.' };
      const cited = { ...quiz, questions: [{ ...quiz.questions[0], source }] };
      await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${quizChapter}/content`).set(as(author)).send(cited).expect(200);
      const draft = await t.http.get('/api/v2/speach/draftSpeach').query({ speachID: id }).set(as(author)).expect(200);
      expect(draft.body.chapters[1].content.questions[0].source).toEqual(source);
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
      const read = await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
      expect(read.body.chapters[1].content.questions[0]).toEqual({
        questionId: 'q1',
        text: 'Which colour is the sky?',
        multiple: false,
        points: 1,
        options: [
          { optionId: 'a', text: 'Blue' },
          { optionId: 'b', text: 'Green' },
        ],
      });
    });
    it('records chapter reads, scores quizzes and honours sequential unlock', async () => {
      const { id, chapterId } = await publishable('Quiz course');
      const quizChapter = await addChapter(id, 'Quiz');
      await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${quizChapter}/content`).set(as(author)).send(quiz).expect(200);
      await t.http.put('/api/v2/speach/setLockedSubchapters').set(as(author)).send({ speachID: id, lockedSubchapters: true }).expect(200);
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
      const first = await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
      expect(first.body.lockedChapterIds).toEqual([quizChapter]);
      expect(first.body.chapters[1].content.questions[0].options[0]).toEqual({ optionId: 'a', text: 'Blue' });
      await t.http
        .post(`/api/v2/speach/${id}/chapters/${quizChapter}/answers`)
        .set(as(reader))
        .send({ answers: { q1: ['a'] } })
        .expect(403);
      const read = await t.http.post(`/api/v2/speach/${id}/chapters/${chapterId}/read`).set(as(reader)).expect(200);
      expect(read.body).toEqual({ readChapterIds: [chapterId], lastChapterId: chapterId });
      const scored = await t.http
        .post(`/api/v2/speach/${id}/chapters/${quizChapter}/answers`)
        .set(as(reader))
        .send({ answers: { q1: ['a'], q2: ['x'] } })
        .expect(200);
      expect(scored.body).toEqual({ score: 1, max: 3, percent: 33, passed: false, corrections: { q1: ['a'], q2: ['x', 'z'] } });
      await t.http
        .post(`/api/v2/speach/${id}/chapters/${quizChapter}/answers`)
        .set(as(reader))
        .send({ answers: { q1: ['nope'] } })
        .expect(400);
      const again = await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
      expect(again.body.progress).toEqual(
        expect.objectContaining({ lastChapterId: quizChapter, quizResults: { [quizChapter]: { score: 1, max: 3, percent: 33, passed: false } } }),
      );
      await t.http.post(`/api/v2/speach/${id}/chapters/unknown/read`).set(as(reader)).expect(404);
    });
    it('asks for the access code of a private speach once', async () => {
      const { id, chapterId } = await publishable('Private course');
      await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'PUBLIC', accessCode: 'x' }).expect(400);
      await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'PRIVE' }).expect(400);
      const card = await t.http
        .put(`/api/v2/recorder/speach/${id}/visibility`)
        .set(as(author))
        .send({ visibility: 'PRIVE', accessCode: 'open sesame' })
        .expect(200);
      expect(card.body.accessCode).toBe(true);
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
      const missing = await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(403);
      expect(missing.body.errors[0].field).toBe('accessCode');
      await t.http.get(`/api/v2/speach/${id}/read`).query({ accessCode: 'wrong' }).set(as(reader)).expect(403);
      await t.http.post(`/api/v2/speach/${id}/chapters/${chapterId}/read`).query({ accessCode: 'open sesame' }).set(as(reader)).expect(200);
      await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
    });
    it('shows a restricted speach only to assigned users and groups', async () => {
      const { id } = await publishable('Restricted course');
      await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'RESTREINT' }).expect(200);
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
      await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(404);
      const readerId = (await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.id;
      await t.http
        .put('/api/v2/admin/speach/updateAffectedUsers')
        .set(as(admin))
        .send({ speachID: id, users: [readerId] })
        .expect(200);
      await t.http.get(`/api/v2/speach/${id}/read`).set(as(reader)).expect(200);
      await t.http
        .put('/api/v2/admin/speach/updateAffectedUsers')
        .set(as(admin))
        .send({ speachID: id, users: ['nobody'] })
        .expect(400);
      await t.http.put('/api/v2/admin/speach/updateAffectedUsers').set(as(author)).send({ speachID: id, users: [] }).expect(403);
    });
  });

  describe('search, grids, bookmarks, archive', () => {
    it('searches published speaches by relevance, with languages, paging and sorts', async () => {
      const response = await t.http.get('/api/v2/speach/search').query({ term: 'phishing', tri: 'RELEVANT' }).set(as(reader)).expect(200);
      expect(response.body.results[0].title).toBe('Phishing awareness');
      expect(response.body.availableLanguages).toEqual(expect.arrayContaining([{ id: 'en-GB', language: 'English (UK)' }]));
      const all = await t.http.get('/api/v2/speach/search').query({ tri: 'TITRE' }).set(as(reader)).expect(200);
      const titles = all.body.results.map((c: { title: string }) => c.title);
      expect(titles).not.toContain('Draft: customer onboarding checklist');
      expect(titles).not.toContain('Board confidential briefing');
      expect(all.body.totalNumberOfSpeachesFound).toBeGreaterThanOrEqual(5);
      const french = await t.http.get('/api/v2/speach/search').query({ term: 'securite', languageId: 'fr-FR' }).set(as(reader)).expect(200);
      expect(french.body.results.map((c: { language: string }) => c.language)).toEqual(['fr-FR']);
      await t.http.get('/api/v2/speach/search').query({ tri: 'BEST' }).set(as(reader)).expect(400);
    });
    it('toggles a bookmark and lists bookmarks and edited speaches in grids', async () => {
      const found = await t.http.get('/api/v2/speach/search').query({ term: 'welcome' }).set(as(reader)).expect(200);
      const id = found.body.results[0].id;
      const bookmarked = async () =>
        (await t.http.get('/api/v2/my/speachBookmarked').query({ page: 0 }).set(as(reader)).expect(200)).body.result.map(
          (c: { id: string; isFavori: boolean }) => [c.id, c.isFavori],
        );
      // Compare with what was there, whatever the reader bookmarked before.
      const before = await bookmarked();
      expect(before).not.toContainEqual([id, true]);
      expect((await t.http.get('/favori.FavoriController/toggleFavori').query({ idCour: id }).set(as(reader)).expect(200)).body).toEqual({ isFavori: true });
      const after = await bookmarked();
      expect(after).toHaveLength(before.length + 1);
      expect(after).toContainEqual([id, true]);
      expect((await t.http.get('/favori.FavoriController/toggleFavori').query({ idCour: id }).set(as(reader)).expect(200)).body).toEqual({ isFavori: false });
      expect(await bookmarked()).toEqual(before);
      await t.http.get('/favori.FavoriController/toggleFavori').set(as(reader)).expect(400);
      const edited = await t.http.get('/api/v2/my/speachEdited').query({ sort: 'TITLE', asc: 'true', onlyState: 'PUBLIE' }).set(as(author)).expect(200);
      expect(edited.body.total).toBeGreaterThan(0);
      expect(edited.body.result.every((c: { state: string }) => c.state === 'PUBLIE')).toBe(true);
      await t.http.get('/api/v2/my/nothing').set(as(author)).expect(404);
    });
    it('archives (author or admin) and restores; archived speaches leave search', async () => {
      const { id } = await publishable('Archivable');
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
      await t.http.delete('/user/speach/delete').query({ id }).set(as(reader)).expect(403);
      const archived = await t.http.delete('/user/speach/delete').query({ id }).set(as(author)).expect(200);
      expect(archived.body.state).toBe('ARCHIVE');
      const search = await t.http.get('/api/v2/speach/search').query({ term: 'archivable' }).set(as(reader)).expect(200);
      expect(search.body.totalNumberOfSpeachesFound).toBe(0);
      await t.http.delete('/user/speach/delete').query({ id }).set(as(author)).expect(409);
      const restored = await t.http.put('/user/speach/restore').query({ dataType: 'json', id }).set(as(admin)).expect(200);
      expect(restored.body.state).toBe('PUBLIE');
    });
  });

  describe('admin speaches', () => {
    it('lists with filters for admins only, and validates filters', async () => {
      const list = await t.http
        .get('/api/v2/admin/speach')
        .query({ state: 'PUBLIE', visibilities: '["PUBLIC"]', sort: 'TITLE', asc: 'true' })
        .set(as(admin))
        .expect(200);
      expect(list.body.result.every((c: { state: string; visibility: string }) => c.state === 'PUBLIE' && c.visibility === 'PUBLIC')).toBe(true);
      const titles = list.body.result.map((c: { title: string }) => c.title.toLowerCase());
      expect(titles).toEqual([...titles].sort());
      const pinned = await t.http.get('/api/v2/admin/speach').query({ pinnedOnHome: 'true' }).set(as(admin)).expect(200);
      expect(pinned.body.total).toBe(2);
      const archived = await t.http.get('/api/v2/admin/speach').query({ state: 'ARCHIVE' }).set(as(admin)).expect(200);
      expect(archived.body.result.map((c: { title: string }) => c.title)).toContain('Old travel policy (2019)');
      const byAuthor = await t.http.get('/api/v2/admin/speach').query({ searchAuthor: 'garcia' }).set(as(admin)).expect(200);
      expect(byAuthor.body.result.every((c: { authorsInfos: { author: { lastName: string } } }) => c.authorsInfos.author.lastName === 'Garcia')).toBe(true);
      await t.http.get('/api/v2/admin/speach').query({ startDate: '23/11/2026' }).set(as(admin)).expect(400);
      await t.http.get('/api/v2/admin/speach').query({ visibilities: '["OPEN"]' }).set(as(admin)).expect(400);
      await t.http.get('/api/v2/admin/speach').set(as(author)).expect(403);
      const categories = await t.http.get('/api/v2/admin/speach/categories').set(as(admin)).expect(200);
      expect(categories.body.length).toBe(8);
    });
    it('updates a speach from the side panel, and pins at most 10', async () => {
      const { id } = await publishable('Side panel');
      const updated = await t.http
        .put('/api/v2/admin/speach/update')
        .set(as(admin))
        .send({ speach: JSON.stringify({ speachID: id, title: 'Side panel 2', state: 'PUBLIE', isPinnedOnHome: true }) })
        .expect(200);
      expect(updated.body).toEqual(expect.objectContaining({ title: 'Side panel 2', state: 'PUBLIE', isPinnedOnHome: true }));
      await t.http
        .put('/api/v2/admin/speach/update')
        .set(as(admin))
        .send({ speach: { speachID: id, visibility: 'PUBLIC', accessCode: 'x' } })
        .expect(400);
      await t.http.put('/api/v2/admin/speach/update').set(as(admin)).send({ speach: '{not json' }).expect(400);
      await t.http
        .put('/api/v2/admin/speach/update')
        .set(as(author))
        .send({ speach: { speachID: id, title: 'x' } })
        .expect(403);
      // 3 pinned so far; 7 more reach the limit, the 11th is refused.
      for (let i = 0; i < 7; i++) {
        const extra = await publishable(`Pin ${i}`);
        await t.http.post(`/api/v2/recorder/speach/${extra.id}/publish`).set(as(author)).send({}).expect(200);
        await t.http.put(`/api/v2/recorder/speach/${extra.id}/pin`).set(as(admin)).send({ pinned: true }).expect(200);
      }
      const eleventh = await publishable('Pin 11');
      await t.http.post(`/api/v2/recorder/speach/${eleventh.id}/publish`).set(as(author)).send({}).expect(200);
      const refused = await t.http.put(`/api/v2/recorder/speach/${eleventh.id}/pin`).set(as(admin)).send({ pinned: true }).expect(409);
      expect(refused.body.message).toMatch(/At most 10/);
      // Unpublishing a pinned speach frees its place.
      await t.http.post(`/api/v2/recorder/speach/${id}/unpublish`).set(as(author)).send({}).expect(200);
      await t.http.put(`/api/v2/recorder/speach/${eleventh.id}/pin`).set(as(admin)).send({ pinned: true }).expect(200);
      await t.http.put(`/api/v2/recorder/speach/${eleventh.id}/pin`).set(as(author)).send({ pinned: false }).expect(403);
    });
    it('batch-updates, skipping conflicts and excluding scheduled speaches', async () => {
      const a = await publishable('Batch A');
      const b = await publishable('Batch B');
      await t.http
        .post(`/api/v2/recorder/speach/${b.id}/publish`)
        .set(as(author))
        .send({ at: new Date(Date.now() + 86_400_000).toISOString() })
        .expect(200);
      const categoryId = (await t.http.get('/api/v2/admin/speach/categories').set(as(admin))).body[2].id;
      const response = await t.http
        .put('/api/v2/admin/speach/batch-update')
        .query({ dataType: 'json', visibility: 'PRIVE', categoryId })
        .set(as(admin))
        .send({ speachesIds: [a.id, b.id] })
        .expect(200);
      // PRIVE without an access code conflicts with the rules: skipped, not half-written.
      expect(response.body).toEqual({
        updated: 0,
        skipped: [{ speachID: a.id, title: 'Batch A', reason: 'A private speach needs an access code' }],
        scheduledExcluded: 1,
      });
      const ok = await t.http
        .put('/api/v2/admin/speach/batch-update')
        .query({ categoryId })
        .set(as(admin))
        .send({ speachesIds: [a.id] })
        .expect(200);
      expect(ok.body.updated).toBe(1);
      const card = await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: a.id }).set(as(admin)).expect(200);
      expect(card.body.category.id).toBe(categoryId);
      expect(card.body.visibility).toBe('PUBLIC');
      await t.http
        .put('/api/v2/admin/speach/batch-update')
        .set(as(admin))
        .send({ speachesIds: [a.id] })
        .expect(400);
      await t.http
        .put('/api/v2/admin/speach/batch-update')
        .query({ categoryId })
        .set(as(reader))
        .send({ speachesIds: [a.id] })
        .expect(403);
    });
    it('duplicates and creates templates with the content copied and the source recorded', async () => {
      const { id } = await publishable('Original');
      const copy = await t.http.put('/api/v2/admin/speach/duplicate').query({ speachId: id }).set(as(admin)).expect(200);
      expect(copy.body).toEqual(expect.objectContaining({ title: 'Original (copy)', duplicatedFrom: id, state: 'NON_PUBLIE', chapterCount: 1 }));
      const template = await t.http.put('/api/v2/admin/speach/createTemplate').query({ speachId: id }).set(as(admin)).expect(200);
      expect(template.body).toEqual(expect.objectContaining({ isTemplate: true, duplicatedFrom: id }));
      const fromTemplate = await t.http
        .post('/api/v2/recorder/speach')
        .set(as(author))
        .send({ title: 'From template', language: 'en-US', templateId: template.body.id })
        .expect(201);
      expect(fromTemplate.body).toEqual(expect.objectContaining({ templateId: template.body.id, chapterCount: 1 }));
      await t.http.put('/api/v2/admin/speach/duplicate').query({ speachId: 'nope' }).set(as(admin)).expect(404);
      await t.http.put('/api/v2/admin/speach/duplicate').set(as(admin)).expect(400);
      await t.http.put('/api/v2/admin/speach/duplicate').query({ speachId: id }).set(as(author)).expect(403);
    });
    it('unpublishes a flagged speach once its due date has passed, as the system user', async () => {
      const { id } = await publishable('Due soon');
      await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(author)).send({}).expect(200);
      await t.http.put(`/api/v2/recorder/speach/${id}/badge`).set(as(author)).send({ badge: 'AVANCEMENT' }).expect(200);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await t.http.put('/api/v2/speach/setDueDate').set(as(author)).send({ speachID: id, dueDate: tomorrow }).expect(200);
      await t.http.put('/api/v2/speach/setUnpublishedAfterDueDate').set(as(author)).send({ speachID: id, unpublish: true }).expect(200);
      const watcher = t.app.get(DueDateWatcher);
      expect(await watcher.tick()).toBe(0);
      t.clock.set(new Date(Date.now() + 2 * 86_400_000));
      try {
        expect(await watcher.tick()).toBe(1);
        const events = await t.adapters.eventStore.readStream(`speach-${id}`);
        const last = events[events.length - 1];
        expect([last.type, last.metadata.userId]).toEqual(['SpeachUnpublished', 'system']);
        expect(last.metadata).toEqual(expect.objectContaining({ policy: 'unpublish-after-due-date', commandId: expect.any(String) }));
        expect(await watcher.tick()).toBe(0);
      } finally {
        t.clock.set(new Date());
      }
      const card = await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(author)).expect(200);
      expect(card.body.state).toBe('NON_PUBLIE');
    });
    it('sets co-editors (authors only), periodic reviewers, due dates and the react-admin resource', async () => {
      const { id } = await publishable('Co-edited');
      const users = (await t.http.get('/api/v2/admin/users').query({ roles: 'FORMATEUR', size: 50 }).set(as(admin))).body.result as {
        id: string;
        email: string;
        trainer: boolean;
      }[];
      const coAuthor = users.find((u) => u.email !== 'author@example.com' && u.trainer)!;
      const readerId = (await t.http.get('/api/auth/me').set(as(reader))).body.id;
      await t.http
        .put('/api/v2/admin/speach/updateCoEditors')
        .set(as(admin))
        .send({ speach: id, coEditors: [readerId] })
        .expect(400);
      const co = await t.http
        .put('/api/v2/admin/speach/updateCoEditors')
        .set(as(admin))
        .send({ speach: id, coEditors: [coAuthor.id] })
        .expect(200);
      expect(co.body.authorsInfos.coEditors.map((p: { id: string }) => p.id)).toEqual([coAuthor.id]);
      const reviewers = await t.http
        .put('/api/v2/admin/speach/update-periodic-reviewers')
        .query({ speachId: id, users: JSON.stringify([readerId]), groups: '[]' })
        .set(as(admin))
        .expect(200);
      expect(reviewers.body.metadata.periodicReviewUsers[0].id).toBe(readerId);
      await t.http.put('/api/v2/speach/setDueDate').set(as(author)).send({ speachID: id, dueDate: '2099-01-01' }).expect(400);
      await t.http.put(`/api/v2/recorder/speach/${id}/badge`).set(as(author)).send({ badge: 'AVANCEMENT' }).expect(200);
      const due = await t.http.put('/api/v2/speach/setDueDate').set(as(author)).send({ speachID: id, dueDate: '2099-01-01' }).expect(200);
      expect(due.body).toEqual({ dueDateTimestamp: Date.parse('2099-01-01'), unpublishAfterDueDate: false });
      await t.http.put('/api/v2/speach/setDueDate').set(as(author)).send({ speachID: id, dueDate: '2000-01-01' }).expect(400);
      await t.http.put('/api/v2/speach/setUnpublishedAfterDueDate').set(as(author)).send({ speachID: id, unpublish: true }).expect(200);
      await t.http.put('/api/v2/speach/setDueDate').set(as(reader)).send({ speachID: id, dueDate: '2099-01-01' }).expect(403);
      const rest = await t.http
        .get('/api/rest/speaches')
        .query({ filter: JSON.stringify({ q: 'co-edited' }), range: '[0,9]', sort: '["title","ASC"]' })
        .set(as(admin))
        .expect(200);
      expect(rest.headers['content-range']).toMatch(/^speaches 0-0\/1$/);
      expect(rest.body[0].id).toBe(id);
      await t.http.get(`/api/rest/speaches/${id}`).set(as(admin)).expect(200);
      await t.http
        .get('/api/rest/speaches')
        .query({ filter: JSON.stringify({ colour: 'red' }) })
        .set(as(admin))
        .expect(400);
      await t.http.get('/api/rest/speaches').set(as(author)).expect(403);
    });
  });
});
