import { readingOrder, SPEACHES, type SpeachDocument } from '../../../projections/speaches.projection';
import { demoStaff } from '../../../backend/seed/demo-seeder';
import { PROJECTION_RUNNER } from '../../../backend/infrastructure/tokens';
import type { ProjectionRunner } from '../../../projections/projection-runner';
import type { RecordedEvent } from '../../../events';
import type { Policy } from '../../../backend/infrastructure/policies/policy';
import { PolicyRunner } from '../../../backend/infrastructure/policies/policy-runner';
import { type TestApp, startTestApp } from '../../support/test-app';

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

/** Ids of the demo organisation (and of a few records made for the suite), so a 2xx or a 403 means something. */
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

export async function startFixtures(env: Record<string, string> = {}): Promise<Fixtures> {
  const t = await startTestApp({ seed: true, env });
  const staff = demoStaff().filter((u) => u.roles.length === 0);
  const emails = {
    reader: 'reader@example.com',
    author: 'author@example.com',
    approver: 'approver@example.com',
    auditor: 'auditor@example.com',
    admin: 'admin@example.com',
    deactivated: staff[0].email,
    staff: staff[1].email,
  };
  const tokens = { anonymous: null } as Record<Caller, string | null>;
  const users = {} as Fixtures['users'];
  for (const [who, email] of Object.entries(emails) as [keyof typeof emails, string][]) {
    const token = await t.login(email);
    if (who !== 'staff') tokens[who] = token;
    const me = await t.http.get('/api/auth/me').set(bearer(token)).expect(200);
    users[who] = { id: me.body.id, email };
  }
  // Read at each call: a password change in the matrix signs the caller in again (the change ended their other sessions).
  const admin = () => bearer(tokens.admin);
  const author = () => bearer(tokens.author);
  // Deactivated after signing in: the session it holds must be dead on every route.
  await t.http
    .put('/api/v2/admin/users/deactivate')
    .set(admin())
    .send({ uuids: [users.deactivated.id] })
    .expect(200);

  const all = await t.adapters.readStore.collection<SpeachDocument>(SPEACHES).find({});
  const byTitle = (title: string): SpeachDocument => {
    const doc = all.find((s) => s.title === title);
    if (!doc) throw new Error(`The demo seed has no speach "${title}"`);
    return doc;
  };
  const speaches = {
    welcome: byTitle('Welcome to the company'),
    phishing: byTitle('Phishing awareness'),
    privateOne: byTitle('Board confidential briefing'),
    demoDraft: byTitle('Draft: customer onboarding checklist'),
    toValidate: byTitle('Supplier audit checklist'),
    underReview: byTitle('Hand hygiene in production'),
    alsoUnderReview: byTitle('Deviation reporting'),
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

  const first = async (path: string): Promise<string> => (await t.http.get(path).set(admin()).expect(200)).body[0].id as string;
  const groupId = await first('/api/rest/groups');
  const categoryId = await first('/api/rest/categories');
  const customFieldId = await first('/api/rest/custom-fields');
  const definitionId = await first('/api/rest/workflow-definitions');
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
