import { readingOrder, SPEACHES, type SpeachDocument } from '../../../projections/speaches.projection';
import { CommandRunner } from '../../../backend/infrastructure/decider/command-runner';
import { addMonths, periodicReviewDecider } from '../../../backend/workflow/periodic-review.decider';
import { periodicReviewStream } from '../../../backend/workflow/workflow-streams';
import { PROJECTION_RUNNER } from '../../../backend/infrastructure/tokens';
import type { ProjectionRunner } from '../../../projections/projection-runner';
import type { RecordedEvent } from '../../../events';
import type { Policy } from '../../../backend/infrastructure/policies/policy';
import { PolicyRunner } from '../../../backend/infrastructure/policies/policy-runner';
import { DEMO_PASSWORD, type TestApp, startTestApp } from '../../support/test-app';
import { fixtures } from '../../support/fixtures';

/** Who calls: nobody, each role of spec §6 plus the auditor, and a user whose account was deactivated after signing in. */
export const CALLERS = ['anonymous', 'deactivated', 'reader', 'approver', 'auditor', 'author', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

export interface Chapter {
  chapterId: string;
  type: string;
}

/** A speach the suite may change: its id and its chapters. */
export interface OwnSpeach {
  id: string;
  chapters: string[];
}

/** Ids of the suite's organisation, made through the API, so a 2xx or a 403 means something. */
export interface Fixtures {
  t: TestApp;
  tokens: Record<Caller, string | null>;
  users: Record<'reader' | 'author' | 'approver' | 'auditor' | 'admin' | 'deactivated' | 'staff', { id: string; email: string }>;
  speaches: {
    /** Published, public, by the demo author, with comments, ratings and a quiz. */
    welcome: SpeachDocument;
    /** Published, public, by the demo admin. */
    phishing: SpeachDocument;
    /** Published, PRIVE with an access code nobody in the suite has entered. */
    privateOne: SpeachDocument;
    /** Unpublished draft of the demo author. */
    demoDraft: SpeachDocument;
    /** Awaiting the demo approver at step 1. */
    toValidate: SpeachDocument;
    /** Published through the workflow, periodic review due; reviewers: the demo approver and step 1's group. */
    underReview: SpeachDocument;
    alsoUnderReview: SpeachDocument;
  };
  welcomeChapters: Chapter[];
  /** The welcome speach's quiz and its right answers. */
  welcomeQuiz: { chapterId: string; answers: Record<string, string[]> };
  groupId: string;
  categoryId: string;
  customFieldId: string;
  definitionId: string;
  exportJobId: string;
  importJobId: string;
  /** A file of a draft of the demo author, and that draft. */
  blob: { id: string; speachId: string };
  /** A fresh draft with two chapters, owned by the caller when they are an author or an admin (the demo author's otherwise). */
  draftFor(caller: Caller): Promise<OwnSpeach>;
  /** Records made only to be changed or deleted by one call. */
  newGroup(): Promise<string>;
  newCategory(): Promise<string>;
  newCustomField(): Promise<string>;
  newUser(): Promise<{ id: string; email: string }>;
  newDefinition(): Promise<string>;
  newComment(speachId: string): Promise<string>;
  /** A reaction that failed (its cause since fixed): a dead letter an administrator may run again. */
  newDeadLetter(): Promise<{ name: string; key: string }>;
  /** Waits for a job that runs outside its request (it appends on its own) until `done` says so, then for the read side. */
  settle(path: string, done: (job: Record<string, unknown>) => boolean): Promise<void>;
  /** Bearer header of a caller (none for anonymous). */
  auth(caller: Caller): Record<string, string>;
}

const bearer = (token: string | null): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

const QUIZ = {
  type: 'QUIZZ',
  passingScore: 50,
  questions: [
    {
      questionId: 'q1',
      text: 'Who reports a phishing mail?',
      multiple: false,
      points: 1,
      options: [
        { optionId: 'a', text: 'Everyone', correct: true },
        { optionId: 'b', text: 'Nobody' },
      ],
    },
  ],
};

/**
 * The suite's organisation, built through the API on an app without the demo seed: one user per caller, an
 * approval circuit (the default workflow's step 1 is the approver's group, step 2 another approver's), and a speach in each state the routes
 * need. Reviews are back-dated through the periodic review decider: nothing in the API makes a review due today.
 */
export async function startFixtures(env: Record<string, string> = {}): Promise<Fixtures> {
  const t = await startTestApp({ env });
  const f = fixtures(t);
  const adminP = await f.admin();
  // Two steps, as most circuits: a step-1 validation is not the final one (no periodic review to choose).
  const groupId = await f.group({ name: 'Quality approvers' });
  const stepTwoGroup = await f.group({ name: 'Quality managers' });
  const authorP = await f.user('author', { roles: ['FORMATEUR', 'AI_EDITOR'] });
  const approverP = await f.user('approver', { groupIds: [groupId] });
  const stepTwoApprover = await f.user('approver', { groupIds: [stepTwoGroup] });
  const auditorP = await f.user('auditor');
  const readerP = await f.user('learner');
  const deactivatedP = await f.user('learner');
  const staffP = await f.user('learner');
  const definitionId = await f.workflowDefinition({ name: 'Two-step review', groupIds: [groupId, stepTwoGroup], isDefault: true });
  const approverToken = approverP.token;
  const tokens = {
    anonymous: null,
    reader: readerP.token,
    author: authorP.token,
    approver: approverToken,
    auditor: auditorP.token,
    admin: adminP.token,
    deactivated: deactivatedP.token,
  } as Record<Caller, string | null>;
  const users = Object.fromEntries(
    Object.entries({ reader: readerP, author: authorP, approver: approverP, auditor: auditorP, admin: adminP, deactivated: deactivatedP, staff: staffP }).map(
      ([who, p]) => [who, { id: p.id, email: p.email }],
    ),
  ) as Fixtures['users'];
  // Read at each call: a password change in the matrix signs the caller in again (the change ended their other sessions).
  const admin = () => bearer(tokens.admin);
  const author = () => bearer(tokens.author);
  // Deactivated after signing in: the session it holds must be dead on every route.
  await t.http
    .put('/api/v2/admin/users/deactivate')
    .set(admin())
    .send({ uuids: [users.deactivated.id] })
    .expect(200);

  // Published terms, accepted by the callers (the terms routes answer them; nobody is held at the overlay).
  for (const document of ['GCU', 'PDP'])
    await t.http
      .put(`/api/v2/admin/terms/${document}`)
      .set(admin())
      .send({ content: `<p>${document}</p>` })
      .expect(204);
  for (const token of Object.values(tokens)) {
    if (!token || token === tokens.deactivated) continue;
    await t.http.get('/gcu/acceptGcu').set(bearer(token)).expect(303);
    await t.http.get('/pdp/acceptPdp').set(bearer(token)).expect(303);
  }
  const categoryId = await f.category({ name: 'Safety' });
  await t.http.post('/api/rest/custom-fields').set(admin()).send({ name: 'site' }).expect(201);
  const customFieldId = (await t.http.get('/api/rest/custom-fields').set(admin()).expect(200)).body[0].id as string;

  const welcome = await f.draft(authorP, { title: 'Welcome to the company', chapters: ['Introduction'] });
  const quizChapter = (await t.http.post(`/api/v2/recorder/speach/${welcome.id}/chapters`).set(author()).send({ title: 'Check' }).expect(201)).body
    .chapterId as string;
  await t.http.put(`/api/v2/recorder/speach/${welcome.id}/chapters/${quizChapter}/content`).set(author()).send(QUIZ).expect(200);
  await t.http.post(`/api/v2/recorder/speach/${welcome.id}/publish`).set(admin()).send({}).expect(200);
  const phishing = await f.published(adminP, { title: 'Phishing awareness' });
  const privateOne = await f.published(adminP, { title: 'Board confidential briefing' });
  await t.http.put(`/api/v2/recorder/speach/${privateOne.id}/visibility`).set(admin()).send({ visibility: 'PRIVE', accessCode: 'board-only-code' }).expect(200);
  const demoDraft = await f.draft(authorP, { title: 'Draft: customer onboarding checklist' });
  const toValidate = await f.draft(authorP, { title: 'Supplier audit checklist' });
  await t.http.post('/api/v2/workflow/submit').set(author()).send({ speachId: toValidate.id }).expect(200);
  const reviewed = async (title: string, frequency: 'ONE_YEAR' | 'TWO_YEARS') => {
    const made = await f.draft(authorP, { title });
    await t.http.post('/api/v2/workflow/submit').set(author()).send({ speachId: made.id, regulatedGmp: true }).expect(200);
    const contentHash = (await t.http.get(`/api/v2/workflow/speach/${made.id}/draft`).set(bearer(approverToken)).expect(200)).body.contentHash as string;
    await t.http
      .post(`/api/v2/workflow/speach/${made.id}/validate`)
      .set(bearer(approverToken))
      .send({ signature: { password: DEMO_PASSWORD, meaning: 'approved', email: approverP.email, contentHash } })
      .expect(200);
    const graph = (
      await t.http
        .post(`/api/v2/workflow/speach/${made.id}/validate`)
        .set(stepTwoApprover.auth)
        .send({
          periodicReview: 'ON',
          frequency,
          delay: 'IMMEDIATELY',
          signature: { password: DEMO_PASSWORD, meaning: 'approved', email: stepTwoApprover.email, contentHash },
        })
        .expect(200)
    ).body as { workflowId: string };
    await t.http
      .put('/api/v2/admin/speach/update-periodic-reviewers')
      .query({ speachId: made.id, users: [approverP.id], groups: [groupId] })
      .set(admin())
      .expect(200);
    // Published long ago in the suite's story: the review is due now.
    const { position } = await t.app
      .get(CommandRunner)
      .run(
        periodicReviewDecider,
        periodicReviewStream(made.id),
        { type: 'Schedule', speachId: made.id, frequency, from: addMonths(t.clock.now().toISOString(), -25), workflowId: graph.workflowId },
        { userId: adminP.id },
      );
    await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).waitFor(position, 5000);
    return made;
  };
  const underReview = await reviewed('Hand hygiene in production', 'TWO_YEARS');
  const alsoUnderReview = await reviewed('Deviation reporting', 'ONE_YEAR');

  const all = await t.adapters.readStore.collection<SpeachDocument>(SPEACHES).find({});
  const byId = (id: string): SpeachDocument => {
    const doc = all.find((s) => s._id === id);
    if (!doc) throw new Error(`No speach ${id} in the read model`);
    return doc;
  };
  const speaches = {
    welcome: byId(welcome.id),
    phishing: byId(phishing.id),
    privateOne: byId(privateOne.id),
    demoDraft: byId(demoDraft.id),
    toValidate: byId(toValidate.id),
    underReview: byId(underReview.id),
    alsoUnderReview: byId(alsoUnderReview.id),
  };
  const welcomeNodes = readingOrder(speaches.welcome.draft);
  const welcomeChapters = welcomeNodes.map((n) => ({ chapterId: n.chapterId, type: (n.content as { type: string }).type }));
  const quizNode = welcomeNodes.find((n) => (n.content as { type: string }).type === 'QUIZZ');
  if (!quizNode) throw new Error('The welcome speach has no quiz');
  const questions = (quizNode.content as unknown as { questions: { questionId: string; options: { optionId: string; correct?: boolean }[] }[] }).questions;
  const welcomeQuiz = {
    chapterId: quizNode.chapterId,
    answers: Object.fromEntries(questions.map((q) => [q.questionId, q.options.filter((o) => o.correct).map((o) => o.optionId)])),
  };

  const exportJobId = (
    await t.http
      .post('/administration/launchMultipleExportCsv')
      .set(admin())
      .send({ templateNames: ['users'] })
      .expect(202)
  ).body.id as string;
  const importJobId = (
    await t.http.post('/api/v2/admin/users/import').set(admin()).send({ csv: 'email,firstName,lastName\nimported.one@example.com,Imported,One\n' }).expect(202)
  ).body.jobId as string;

  // A reaction of the suite's own that fails while `relayDown`: the demo has no dead letter to retry.
  let relayDown = false;
  const poison: Policy<RecordedEvent> = {
    name: 'matrix-relay',
    retry: { attempts: 1, backoffMs: 0 },
    handles: {
      SpeachCreated: async () => {
        if (relayDown) throw new Error('the matrix relay is down');
      },
    },
  };
  await t.app.get(PolicyRunner).register(poison as unknown as Policy<never>);

  let serial = 0;
  const draftFor = async (caller: Caller): Promise<OwnSpeach> => {
    const owner = caller === 'admin' ? admin() : author();
    const created = await t.http
      .post('/api/v2/recorder/speach')
      .set(owner)
      .send({ title: `Matrix draft ${++serial}`, language: 'en-US' })
      .expect(201);
    const id = created.body.id as string;
    const chapters: string[] = [];
    for (const title of ['One', 'Two']) {
      const added = await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(owner).send({ title }).expect(201);
      chapters.push(added.body.chapterId);
      await t.http
        .put(`/api/v2/recorder/speach/${id}/chapters/${added.body.chapterId}/content`)
        .set(owner)
        .send({ type: 'HTML', html: `<p>${title}</p>` })
        .expect(200);
    }
    return { id, chapters };
  };
  const uploaded = await draftFor('author');
  const pdf = Buffer.from('%PDF-1.4\n%matrix\n');
  const upload = await t.http
    .post(`/api/v2/recorder/speach/${uploaded.id}/chapters/${uploaded.chapters[0]}/file`)
    .query({ type: 'PDF_UPLOAD', name: 'matrix.pdf' })
    .set({ ...author(), 'content-type': 'application/pdf' })
    .send(pdf)
    .expect(201);
  const file = (upload.body.chapters as { chapterId: string; content: { file?: { blobId: string } } }[]).find((c) => c.chapterId === uploaded.chapters[0])
    ?.content.file;
  if (!file) throw new Error('The upload did not answer the chapter file');

  return {
    t,
    tokens,
    users,
    speaches,
    welcomeChapters,
    welcomeQuiz,
    groupId,
    categoryId,
    customFieldId,
    definitionId,
    exportJobId,
    importJobId,
    blob: { id: file.blobId, speachId: uploaded.id },
    draftFor,
    auth: (caller) => bearer(tokens[caller]),
    async settle(path, done) {
      // Each turn yields to the event loop, where the job runs; bounded, so a stuck job fails here rather than hangs.
      let finished = false;
      for (let turn = 0; !finished && turn < 1000; turn++) {
        finished = done((await t.http.get(path).set(admin()).expect(200)).body);
        if (!finished) await new Promise((resolve) => setImmediate(resolve));
      }
      if (!finished) throw new Error(`${path} did not finish`);
      await t.app.get<ProjectionRunner>(PROJECTION_RUNNER).waitFor(await t.adapters.eventStore.headPosition(), 5000);
    },
    async newGroup() {
      return (
        await t.http
          .post('/api/rest/groups')
          .set(admin())
          .send({ name: `Matrix group ${++serial}` })
          .expect(201)
      ).body.id;
    },
    async newCategory() {
      return (
        await t.http
          .post('/api/rest/categories')
          .set(admin())
          .send({ name: `Matrix category ${++serial}` })
          .expect(201)
      ).body.id;
    },
    async newCustomField() {
      return (
        await t.http
          .post('/api/rest/custom-fields')
          .set(admin())
          .send({ name: `matrixField${++serial}` })
          .expect(201)
      ).body.id;
    },
    async newUser() {
      const email = `matrix.user${++serial}@example.com`;
      const id = (
        await t.http
          .post('/api/rest/users')
          .set(admin())
          .send({ firstName: 'Matrix', lastName: `User${serial}`, email })
          .expect(201)
      ).body.id;
      return { id, email };
    },
    async newDefinition() {
      return (
        await t.http
          .post('/api/rest/workflow-definitions')
          .set(admin())
          .send({ name: `Matrix workflow ${++serial}`, steps: [{ groupId }] })
          .expect(201)
      ).body.id;
    },
    async newDeadLetter() {
      relayDown = true;
      let id: string;
      try {
        id = (
          await t.http
            .post('/api/v2/recorder/speach')
            .set(author())
            .send({ title: `Matrix poison ${++serial}`, language: 'en-US' })
            .expect(201)
        ).body.id;
      } finally {
        relayDown = false;
      }
      const created = (await t.adapters.eventStore.readStream(`speach-${id}`))[0];
      const letters =
        t.app
          .get(PolicyRunner)
          .status()
          .find((p) => p.name === poison.name)?.deadLetters ?? [];
      if (!letters.some((l) => l.key === created.id)) throw new Error('The failing reaction left no dead letter');
      return { name: poison.name, key: created.id };
    },
    async newComment(speachId: string) {
      return (
        await t.http
          .post(`/api/v2/speach/${speachId}/comments`)
          .set(bearer(tokens.approver))
          .send({ text: `Matrix comment ${++serial}` })
          .expect(201)
      ).body.id;
    },
  };
}
