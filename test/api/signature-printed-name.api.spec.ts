import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NewEvent, uuidv7 } from '../../events';
import { ReadModels } from '../../backend/infrastructure/read-models';
import { DEMO_PASSWORD, type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

const binary = (response: import('superagent').Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (c: Buffer) => chunks.push(c));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};

function pdfText(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'signature-name-')), 'audit.pdf');
  writeFileSync(file, pdf);
  // -raw keeps a cell's words in reading order, so a name wrapped in its column still reads as one.
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/**
 * Issue 23, Part 11 §11.50 without personal data in events: a `SignatureApplied` names its signer by id only, and
 * every place that shows the record prints the name the signer had when signing, even after they are renamed.
 */
describe("Signatures print the signer's name as it was when signing (issue 23)", () => {
  let t: TestApp;
  let admin: Person;
  let author: Person;
  let auditor: Person;
  let approver: Person;
  let learner: Person;
  const final = { periodicReview: 'ON', frequency: 'ONE_YEAR', delay: 'IMMEDIATELY' };
  const signature = (extra: Record<string, unknown> = {}) => ({ password: DEMO_PASSWORD, meaning: 'approved', ...extra });

  async function submitted(title: string) {
    const { id, chapters } = await fixtures(t).draft(author, { title, chapters: ['Scope', 'Steps'] });
    await t.http.post('/api/v2/workflow/submit').set(author.auth).send({ speachId: id, regulatedGmp: true }).expect(200);
    const graph = (await t.http.get(`/api/v2/workflow/speach/${id}`).set(author.auth).expect(200)).body as { workflowId: string };
    return { id, workflowId: graph.workflowId, chapters };
  }
  const rename = (person: Person, lastName: string, groupIds = [groupId]) =>
    t.http.put(`/api/rest/users/${person.id}`).set(admin.auth).send({ firstName: person.firstName, lastName, email: person.email, groupIds }).expect(200);
  const graphOf = async (id: string) => (await t.http.get(`/api/v2/workflow/speach/${id}`).set(author.auth).expect(200)).body;
  const trailOf = async (id: string) =>
    (await t.http.get(`/api/v2/audit/speach/${id}/events`).query({ size: 500 }).set(auditor.auth).expect(200)).body.result as {
      type: string;
      data: Record<string, unknown>;
      printedName?: string;
    }[];
  let groupId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const f = fixtures(t);
    [admin, author, auditor, learner] = await f.people('admin', 'author', 'auditor', 'learner');
    const circuit = await f.approvalCircuit();
    approver = circuit.approver;
    groupId = circuit.groupId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the name out of the event and prints the name of the signing time on the validator page and every audit export', async () => {
    const { id, workflowId } = await submitted('Aseptic filling');
    const signedAs = `${approver.firstName} ${approver.lastName}`;
    await t.http
      .post(`/api/v2/workflow/speach/${id}/validate`)
      .set(approver.auth)
      .send({ ...final, signature: signature({ email: approver.email, timeZone: 'Europe/Paris' }) })
      .expect(200);
    const [stored] = (await t.adapters.eventStore.readStream(`workflow-${workflowId}`)).filter((e) => e.type === 'SignatureApplied');
    expect(stored.schemaVersion).toBe(2);
    expect(stored.data).toEqual(expect.objectContaining({ signerId: approver.id, meaning: 'approved' }));
    expect(stored.data).not.toHaveProperty('printedName');
    expect(JSON.stringify(stored.data)).not.toContain(approver.lastName);

    t.clock.advance(60_000);
    await rename(approver, 'Renamed');
    expect((await graphOf(id)).signatures).toEqual([expect.objectContaining({ signerId: approver.id, printedName: signedAs, meaning: 'approved' })]);
    const entry = (await trailOf(id)).find((e) => e.type === 'SignatureApplied');
    expect(entry?.printedName).toBe(signedAs);

    const csv = (await t.http.get(`/api/v2/audit/speach/${id}/events.csv`).set(auditor.auth).expect(200)).text;
    expect(csv).toContain(`${signedAs}, approved, `);
    expect(csv).toContain('(Europe/Paris)');
    const json = JSON.parse((await t.http.get(`/api/v2/audit/speach/${id}/events.json`).set(auditor.auth).expect(200)).text) as {
      result: { type: string; signature: string | null }[];
    };
    expect(json.result.find((e) => e.type === 'SignatureApplied')?.signature).toMatch(
      new RegExp(`^${signedAs}, approved, .*\\(Europe/Paris\\), version 1, sha256:`),
    );
    const pdf = await t.http.get(`/api/v2/audit/speach/${id}/events.pdf`).set(auditor.auth).buffer(true).parse(binary).expect(200);
    expect(pdfText(pdf.body as Buffer)).toContain(signedAs);
    await t.http.get(`/api/v2/audit/speach/${id}/events.csv`).set(author.auth).expect(403);

    // A signature given after the rename prints the new name; the earlier one keeps the old.
    const next = await submitted('Aseptic filling, line 2');
    await t.http
      .post(`/api/v2/workflow/speach/${next.id}/validate`)
      .set(approver.auth)
      .send({ ...final, signature: signature() })
      .expect(200);
    expect((await graphOf(next.id)).signatures[0].printedName).toBe(`${approver.firstName} Renamed`);
    expect((await graphOf(id)).signatures[0].printedName).toBe(signedAs);
    t.clock.advance(60_000);
    await rename(approver, approver.lastName);
  });

  it("prints a learner's signed completion with the name they had when signing, in the qualification answer and its CSV", async () => {
    const { id, chapters } = await submitted('Gowning qualification');
    await t.http
      .post(`/api/v2/workflow/speach/${id}/validate`)
      .set(approver.auth)
      .send({ ...final, signature: signature() })
      .expect(200);
    for (const chapterId of chapters) await t.http.post(`/api/v2/speach/${id}/chapters/${chapterId}/read`).set(learner.auth).expect(200);
    const signedAs = `${learner.firstName} ${learner.lastName}`;
    const done = (
      await t.http
        .post(`/api/v2/speach/${id}/complete`)
        .set(learner.auth)
        .send({ signature: { password: DEMO_PASSWORD, meaning: 'trained', email: learner.email, timeZone: 'Europe/Berlin' } })
        .expect(200)
    ).body;
    expect(done.signature).toEqual(expect.objectContaining({ signerId: learner.id, printedName: signedAs, meaning: 'trained' }));
    expect(done.signature).not.toHaveProperty('sessionId');
    t.clock.advance(60_000);
    await rename(learner, 'Married', []);
    const answer = (await t.http.get('/api/v2/gxp/qualification').query({ speachId: id }).set(auditor.auth).expect(200)).body;
    expect(answer.qualified).toEqual([
      expect.objectContaining({
        userId: learner.id,
        name: `${learner.firstName} Married`,
        signature: expect.objectContaining({ signerId: learner.id, printedName: signedAs, timeZone: 'Europe/Berlin' }),
      }),
    ]);
    const csv = (await t.http.get('/api/v2/gxp/qualification').query({ speachId: id, format: 'csv' }).set(auditor.auth).expect(200)).text;
    expect(csv).toContain(`${signedAs}, `);
    expect(csv).toContain('(Europe/Berlin), trained');
    t.clock.advance(60_000);
    await rename(learner, learner.lastName, []);
  });

  it('reads a schema 1 SignatureApplied, stored with its printedName, as schema 2: the shown name comes from the signing time', async () => {
    const { id, workflowId } = await submitted('Environmental monitoring');
    const draft = (await t.http.get(`/api/v2/workflow/speach/${id}/draft`).set(approver.auth).expect(200)).body as {
      contentHash: string;
      signedVersion: number;
    };
    const signedAs = `${approver.firstName} ${approver.lastName}`;
    const revision = (await t.adapters.eventStore.readStream(`workflow-${workflowId}`)).length - 1;
    // What the release before this one appended: the name printed into the event.
    const old: NewEvent = {
      id: uuidv7(),
      type: 'SignatureApplied',
      schemaVersion: 1,
      data: {
        speachId: id,
        signatureId: uuidv7(),
        signerId: approver.id,
        printedName: signedAs,
        meaning: 'approved',
        reason: null,
        signedAt: t.clock.now().toISOString(),
        timeZone: 'UTC',
        contentHash: draft.contentHash,
        version: draft.signedVersion,
      },
      metadata: { userId: approver.id, correlationId: uuidv7(), causationId: uuidv7() },
      time: t.clock.now().toISOString(),
    };
    await t.adapters.eventStore.appendToStream(`workflow-${workflowId}`, [old], { expectedRevision: revision });
    await t.app.get(ReadModels).settle(await t.adapters.eventStore.headPosition());
    t.clock.advance(60_000);
    await rename(approver, 'Later');

    const [listed] = (await graphOf(id)).signatures;
    expect(listed).toEqual(expect.objectContaining({ signerId: approver.id, printedName: signedAs, meaning: 'approved', contentHash: draft.contentHash }));
    const entry = (await trailOf(id)).find((e) => e.type === 'SignatureApplied')!;
    expect(entry.printedName).toBe(signedAs);
    expect(entry.data).not.toHaveProperty('printedName');
    const csv = (await t.http.get(`/api/v2/audit/speach/${id}/events.csv`).set(auditor.auth).expect(200)).text;
    expect(csv).toContain(`${signedAs}, approved, `);
    // The workflow folds the old event like a new one: the approver's own signature on the same content is accepted.
    await t.http
      .post(`/api/v2/workflow/speach/${id}/validate`)
      .set(approver.auth)
      .send({ ...final, signature: signature({ contentHash: draft.contentHash, version: draft.signedVersion }) })
      .expect(200);
    t.clock.advance(60_000);
    await rename(approver, approver.lastName);
  });
});
