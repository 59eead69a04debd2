import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

describe('User import (/api/v2/admin/users/import)', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  let adminEmail: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function waitForJob(jobId: string) {
    for (let i = 0; i < 200; i++) {
      const job = await t.http.get(`/api/v2/admin/users/import/${jobId}`).set(as(admin)).expect(200);
      if (job.body.state === 'done') return job.body;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('import did not finish');
  }

  beforeAll(async () => {
    t = await startTestApp();
    const fx = fixtures(t);
    const [administrator, learner] = await fx.people('admin', 'learner');
    [admin, reader, adminEmail] = [administrator.token, learner.token, administrator.email];
    // The groups the files name.
    await fx.group({ name: 'Sales' });
    await fx.group({ name: 'Engineering' });
  });
  afterAll(async () => {
    await t.close();
  });

  const goodCsv = '\uFEFFfirstName;lastName;email;roles;groups\nIrène;Joliot;irene@example.com;FORMATEUR;Sales|Engineering\nMarie;Curie;marie@example.com;;\n';

  it('previews a file with per-row errors, naming the line and the field', async () => {
    const csv = [
      'firstName,lastName,email,roles,groups',
      'Ada,Lovelace,ada@example.com,FORMATEUR,Sales',
      ',Nameless,not-an-email,WIZARD,Nowhere',
      'Ada,Twin,ADA@example.com,,',
      `Alice,Again,${adminEmail},,`,
      `${'x'.repeat(31)},Long,long@example.com,AI_EDITOR,`,
    ].join('\n');
    const response = await t.http.post('/api/v2/admin/users/import/preview').set(as(admin)).send({ csv }).expect(200);
    expect(response.body).toMatchObject({ total: 5, valid: 1, invalid: 4 });
    const errors = Object.fromEntries(response.body.rows.map((r: { line: number; errors: unknown[] }) => [r.line, r.errors]));
    expect(errors[2]).toEqual([]);
    expect(errors[3]).toEqual(
      expect.arrayContaining([
        { field: 'firstName', reason: 'firstName is required' },
        { field: 'email', reason: 'not a valid e-mail address' },
        { field: 'roles', reason: 'unknown role WIZARD' },
        { field: 'groups', reason: 'unknown group Nowhere' },
      ]),
    );
    expect(errors[4]).toEqual([{ field: 'email', reason: 'duplicate of line 2' }]);
    expect(errors[5]).toEqual([{ field: 'email', reason: 'already used by an existing account' }]);
    expect(errors[6]).toEqual(expect.arrayContaining([{ field: 'roles', reason: 'AI_EDITOR needs FORMATEUR' }]));
  });

  it('refuses a file with missing columns, naming them', async () => {
    const response = await t.http.post('/api/v2/admin/users/import/preview').set(as(admin)).send({ csv: 'name,mail\nA,a@example.com' }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'csv', reason: expect.stringContaining('Missing columns: firstName, lastName, email') }]);
  });

  it('imports nothing from a file with errors unless asked to import only the valid rows', async () => {
    const before = await t.adapters.eventStore.headPosition();
    const csv = 'firstName,lastName,email\nGood,Row,good@example.com\nBad,Row,bad-email\n';
    const refused = await t.http.post('/api/v2/admin/users/import').set(as(admin)).send({ csv }).expect(400);
    expect(refused.body.errors).toEqual([{ field: 'line 3: email', reason: 'not a valid e-mail address' }]);
    expect(await t.adapters.eventStore.headPosition()).toBe(before);

    const started = await t.http.post('/api/v2/admin/users/import').set(as(admin)).send({ csv, onlyValid: true }).expect(202);
    expect(started.body).toMatchObject({ total: 1, state: 'running' });
    const job = await waitForJob(started.body.jobId);
    expect(job).toMatchObject({ total: 1, done: 1, imported: 1, failed: [] });
    const users = await t.http.get('/api/v2/admin/users').query({ search: 'good@example.com' }).set(as(admin)).expect(200);
    expect(users.body.total).toBe(1);
  });

  it('imports a semicolon-separated UTF-8 file with a BOM, with roles and groups, in the background', async () => {
    const started = await t.http.post('/api/v2/admin/users/import').set(as(admin)).send({ csv: goodCsv }).expect(202);
    const job = await waitForJob(started.body.jobId);
    expect(job).toMatchObject({ total: 2, imported: 2, failed: [] });
    const irene = await t.http.get('/api/v2/admin/users').query({ search: 'irene@example.com' }).set(as(admin)).expect(200);
    expect(irene.body.result[0]).toMatchObject({ firstName: 'Irène', trainer: true });
    expect(irene.body.result[0].groups.map((g: { name: string }) => g.name).sort()).toEqual(['Engineering', 'Sales']);
  });

  it('answers 403 to a non-admin, 400 without a file, 404 for an unknown job', async () => {
    await t.http.post('/api/v2/admin/users/import/preview').set(as(reader)).send({ csv: goodCsv }).expect(403);
    await t.http.post('/api/v2/admin/users/import').set(as(reader)).send({ csv: goodCsv }).expect(403);
    await t.http.post('/api/v2/admin/users/import').set(as(admin)).send({}).expect(400);
    await t.http.get('/api/v2/admin/users/import/nope').set(as(admin)).expect(404);
  });
});
