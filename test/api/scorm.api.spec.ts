import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scormExportStream, uuidv7 } from '../../events';
import { CommandRunner } from '../../backend/infrastructure/decider/command-runner';
import { ReadModels } from '../../backend/infrastructure/read-models';
import { ScormExports, readZip } from '../../backend/scorm';
import { scormExportDecider } from '../../backend/scorm/scorm-export.decider';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

const VALIDATE = join(__dirname, '..', 'scorm', 'validate-manifest.sh');

/** Issue 20: spec §7 SCORM calls, the packages' conformance and determinism. */
describe('SCORM export (issue 20)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let dataDir: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const binary = (res: NodeJS.ReadableStream & { setEncoding(e: string): void }, done: (e: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  };

  /** A published speach: an HTML chapter with two sub-chapters (a PDF and a quiz), and a chapter holding only a quiz. */
  async function publishedSpeach(title: string, extra?: { type: string; [k: string]: unknown }) {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title, language: 'fr-FR' }).expect(201)).body;
    const chapter = async (chapterTitle: string, content: object | null, parentId?: string) => {
      const { chapterId } = (
        await t.http
          .post(`/api/v2/recorder/speach/${id}/chapters`)
          .set(as(author))
          .send({ title: chapterTitle, ...(parentId ? { parentId } : {}) })
          .expect(201)
      ).body;
      if (content) await t.http.put(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/content`).set(as(author)).send(content).expect(200);
      return chapterId as string;
    };
    const intro = await chapter('Introduction', { type: 'HTML', html: '<p>Bienvenue <strong>à bord</strong></p>' });
    const { chapterId: pdf } = (
      await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'Le plan', parentId: intro }).expect(201)
    ).body;
    await t.http
      .post(`/api/v2/recorder/speach/${id}/chapters/${pdf}/file`)
      .query({ type: 'PDF_UPLOAD', name: 'plan.pdf' })
      .set({ ...as(author), 'content-type': 'application/pdf' })
      .send(Buffer.from('%PDF-1.4\n% plan\n'))
      .expect(201);
    await chapter(
      'Quiz du plan',
      {
        type: 'QUIZZ',
        passingScore: 50,
        questions: [
          {
            questionId: 'q1',
            text: 'Deux et deux ?',
            multiple: false,
            points: 1,
            options: [
              { optionId: 'a', text: 'Quatre', correct: true },
              { optionId: 'b', text: 'Cinq' },
            ],
          },
          {
            questionId: 'q2',
            text: 'Couleurs ?',
            multiple: true,
            points: 2,
            options: [
              { optionId: 'r', text: 'Rouge', correct: true },
              { optionId: 'v', text: 'Vert', correct: true },
              { optionId: 'x', text: 'Chaise' },
            ],
          },
        ],
      },
      intro,
    );
    await chapter('Examen final', {
      type: 'QUIZZ_EXAMEN',
      passingScore: 100,
      questions: [
        {
          questionId: 'e1',
          text: 'Vrai ?',
          multiple: false,
          points: 1,
          options: [
            { optionId: 'o', text: 'Oui', correct: true },
            { optionId: 'n', text: 'Non' },
          ],
        },
      ],
    });
    if (extra) await chapter('Votre avis', extra);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    return id as string;
  }

  async function exported(id: string, query: Record<string, string> = {}) {
    // The host the admin's browser used: the lite SCO frames the player there (supertest's own port changes per call).
    const res = await t.http
      .get('/administration/scorm/exportScorm')
      .query({ id, ...query })
      .set(as(admin))
      .set('host', 'learn.example.test')
      .expect(200);
    const name = res.body.dataValue as string;
    await t.app.get(ScormExports).settled(name);
    expect((await t.http.get('/administration/scorm/checkScormCreated').query({ name }).set(as(admin)).expect(200)).body).toBe(true);
    const zip = (
      await t.http
        .get(`/administration/scorm/download/${name}`)
        .set(as(admin))
        .buffer(true)
        .parse(binary as never)
        .expect(200)
        .expect('content-type', 'application/zip')
    ).body as Buffer;
    return { name, zip, files: readZip(zip) };
  }

  /** What the schemas cannot see: every identifierref names a resource, every href is in the zip, every schema shipped. */
  function conformant(files: Map<string, Buffer>) {
    const manifest = files.get('imsmanifest.xml')!.toString('utf8');
    const path = join(dataDir, `manifest-${uuidv7()}.xml`);
    writeFileSync(path, manifest);
    execFileSync(VALIDATE, [path], { stdio: 'pipe' });
    expect(manifest).toContain('<schemaversion>2004 4th Edition</schemaversion>');
    const location = /xsi:schemaLocation="([^"]+)"/.exec(manifest)![1].split(/\s+/);
    for (let i = 1; i < location.length; i += 2)
      expect({ schema: location[i], shipped: files.has(location[i]) }).toEqual({ schema: location[i], shipped: true });
    const hrefs = [...manifest.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(hrefs.length).toBeGreaterThan(2);
    for (const href of hrefs) expect({ href, present: files.has(href) }).toEqual({ href, present: true });
    const resources = new Set([...manifest.matchAll(/<resource identifier="([^"]+)"/g)].map((m) => m[1]));
    for (const ref of manifest.matchAll(/identifierref="([^"]+)"/g)) expect(resources.has(ref[1])).toBe(true);
    return manifest;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'scorm-api-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir, SCORM_CLASSIC_ENABLED: 'true' } });
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports a lite package: one SCO framing /embed/{id} with a working read token, valid manifest, version and content hash in the metadata', async () => {
    const id = await publishedSpeach('Sécurité à bord');
    const { name, files } = await exported(id);
    expect(name).toMatch(/^securite-a-bord-v1-lite-[0-9a-f-]+\.zip$/);
    const manifest = conformant(files);
    expect(manifest.match(/adlcp:scormType="sco"/g)).toHaveLength(1);
    expect(manifest).toMatch(/<lom:entry>[0-9a-f]{64}<\/lom:entry>/);
    expect(manifest).toContain(`<lom:entry>${id}</lom:entry>`);
    expect(manifest).toMatch(/<lom:version><lom:string language="fr-FR">1<\/lom:string><\/lom:version>/);
    const sco = files.get('sco/index.html')!.toString('utf8');
    const config = JSON.parse(/<script type="application\/json" id="sco-config">(.*?)<\/script>/s.exec(sco)![1]);
    const url = new URL(config.embedUrl);
    expect(url.pathname).toBe(`/embed/${id}`);
    expect(url.searchParams.get('tool')).toBe('SPEACH');
    expect(url.searchParams.has('dedicatedTenant')).toBe(true);
    expect(config.origin).toBe(url.origin);
    expect(url.origin).toBe('http://learn.example.test');
    expect(url.searchParams.get('dedicatedTenant')).toBe('learn.example.test');
    const read = await t.http
      .get(`/api/v2/embed/speach/${id}`)
      .query({ access_token: url.searchParams.get('access_token'), tool: 'SPEACH' })
      .expect(200);
    expect(read.body.speach.title).toBe('Sécurité à bord');
    const status = await t.http.get(`/administration/scorm/status/${name}`).set(as(admin)).expect(200);
    expect(status.body).toEqual(expect.objectContaining({ status: 'DONE', done: 1, total: 1, version: 1, type: 'SCORM_LITE' }));
    expect(manifest).toContain(`<lom:entry>${status.body.contentSha256}</lom:entry>`);
  });

  it('exports a full package: one SCO per sub-chapter with content, files inside, offline quizzes, in-SCO navigation when asked', async () => {
    const id = await publishedSpeach('Procédures complètes');
    const { files } = await exported(id, { type: 'SCORM_FULL', contentNavigation: 'true' });
    const manifest = conformant(files);
    // Introduction (HTML) + its PDF and quiz sub-chapters + the exam chapter.
    expect(manifest.match(/adlcp:scormType="sco"/g)).toHaveLength(4);
    expect(manifest).toContain('<adlnav:hideLMSUI>continue</adlnav:hideLMSUI>');
    expect([...files.keys()].filter((p) => p.startsWith('media/') && p.endsWith('.pdf'))).toHaveLength(1);
    const quiz = files.get('sco/3.html')!.toString('utf8');
    expect(quiz).toContain('Deux et deux ?');
    expect(quiz).toContain('id="previous"');
    expect(quiz).toContain('id="next"');
    const config = JSON.parse(/id="sco-config">(.*?)<\/script>/s.exec(quiz)![1]);
    expect(config).toEqual(expect.objectContaining({ kind: 'quiz', passingScore: 50 }));
    expect(config.questions).toEqual([
      { id: 'q1', points: 1, correct: ['a'] },
      { id: 'q2', points: 2, correct: ['r', 'v'] },
    ]);
    expect(config.labels.submit).toBe('Valider mes réponses');
    expect(files.get('sco/4.html')!.toString('utf8')).not.toContain('id="next"');
    const without = await exported(id, { type: 'SCORM_FULL', contentNavigation: 'false' });
    expect(without.files.get('sco/3.html')!.toString('utf8')).not.toContain('id="next"');
    expect(without.files.get('imsmanifest.xml')!.toString('utf8')).not.toContain('hideLMSUI');
  });

  it('gives byte-identical zips for the same speach version, lite and full', async () => {
    const id = await publishedSpeach('Deux fois');
    for (const type of ['SCORM_LITE', 'SCORM_FULL']) {
      const first = await exported(id, { type, contentNavigation: 'true' });
      const second = await exported(id, { type, contentNavigation: 'true' });
      expect(second.name).not.toBe(first.name);
      expect(second.zip.equals(first.zip)).toBe(true);
    }
  });

  it('refuses a classic export naming the chapters it cannot carry (spec §5), and an unpublished speach', async () => {
    const id = await publishedSpeach('Avec sondage', {
      type: 'SONDAGE',
      questions: [
        {
          questionId: 's1',
          text: 'Utile ?',
          multiple: false,
          options: [
            { optionId: 'y', text: 'Oui' },
            { optionId: 'n', text: 'Non' },
          ],
        },
      ],
    });
    const refused = await t.http.get('/administration/scorm/exportScorm').query({ id, type: 'SCORM_FULL' }).set(as(admin)).expect(400);
    expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'type' })]);
    expect(refused.body.message).toContain('Votre avis');
    await t.http.get('/administration/scorm/exportScorm').query({ id, type: 'SCORM_LITE' }).set(as(admin)).expect(200);
    const { id: draft } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Brouillon', language: 'en-US' }).expect(201)).body;
    await t.http.get('/administration/scorm/exportScorm').query({ id: draft }).set(as(admin)).expect(409);
  });

  it('refuses SCORM_FULL while scormClassicEnabled is off (400 naming type)', async () => {
    const id = await publishedSpeach('Classique désactivé');
    await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ scormClassicEnabled: false }).expect(200);
    try {
      const res = await t.http.get('/administration/scorm/exportScorm').query({ id, type: 'SCORM_FULL' }).set(as(admin)).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'type' })]);
    } finally {
      await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ scormClassicEnabled: true }).expect(200);
    }
  });

  it('answers 400 naming the field on bad input', async () => {
    const id = await publishedSpeach('Entrées');
    const cases: [Record<string, string>, string][] = [
      [{}, 'id'],
      [{ id, type: 'SCORM_1_2' }, 'type'],
      [{ id, contentNavigation: 'maybe' }, 'contentNavigation'],
      [{ id, contentDelayed: 'soon' }, 'contentDelayed'],
    ];
    for (const [query, field] of cases) {
      const res = await t.http.get('/administration/scorm/exportScorm').query(query).set(as(admin)).expect(400);
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    const check = await t.http.get('/administration/scorm/checkScormCreated').set(as(admin)).expect(400);
    expect(check.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'name' })]));
  });

  it('answers 403 to members who are not administrators, on every call', async () => {
    const id = await publishedSpeach('Réservé');
    const { name } = await exported(id);
    for (const token of [author, reader]) {
      await t.http.get('/administration/scorm/exportScorm').query({ id }).set(as(token)).expect(403);
      await t.http.get('/administration/scorm/checkScormCreated').query({ name }).set(as(token)).expect(403);
      await t.http.get(`/administration/scorm/download/${name}`).set(as(token)).expect(403);
    }
    await t.http.get(`/administration/scorm/download/${name}`).expect(401);
  });

  it('answers 404 for an unknown speach or name, and never serves a path outside the exports folder', async () => {
    await t.http.get('/administration/scorm/exportScorm').query({ id: 'no-such-speach' }).set(as(admin)).expect(404);
    await t.http.get('/administration/scorm/checkScormCreated').query({ name: 'nope-v1-lite-x.zip' }).set(as(admin)).expect(404);
    await t.http.get('/administration/scorm/download/nope-v1-lite-x.zip').set(as(admin)).expect(404);
    for (const name of ['..%2F..%2Fevents.sqlite', '..%2Fscorm%2F..%2Faudit.key', '%2Fetc%2Fpasswd']) {
      const res = await t.http.get(`/administration/scorm/download/${name}`).set(as(admin));
      expect({ name, status: res.status }).toEqual({ name, status: 404 });
    }
    await t.http.get('/administration/scorm/checkScormCreated').query({ name: '../../audit.key' }).set(as(admin)).expect(404);
  });

  it('bundles the packages of a mass export into one download (400 on bad names, 404 on an unknown one, 403 to non-admins)', async () => {
    const a = await exported(await publishedSpeach('Lot un'));
    const b = await exported(await publishedSpeach('Lot deux'));
    const res = await t.http
      .get('/administration/scorm/downloadAll')
      .query({ names: `${a.name},${b.name}` })
      .set(as(admin))
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    const inside = readZip(res.body as Buffer);
    expect([...inside.keys()].sort()).toEqual([a.name, b.name].sort());
    expect(inside.get(a.name)!.equals(a.zip)).toBe(true);
    const bad = await t.http.get('/administration/scorm/downloadAll').query({ names: '../x.zip' }).set(as(admin)).expect(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'names' })]));
    await t.http.get('/administration/scorm/downloadAll').set(as(admin)).expect(400);
    await t.http
      .get('/administration/scorm/downloadAll')
      .query({ names: `${a.name},nope-v1-lite-x.zip` })
      .set(as(admin))
      .expect(404);
    await t.http.get('/administration/scorm/downloadAll').query({ names: a.name }).set(as(author)).expect(403);
  });

  it('builds a job the process left running at start (an interrupted export resumes), and the file is the one a live run gives', async () => {
    const id = await publishedSpeach('Reprise');
    const live = await exported(id, { type: 'SCORM_FULL' });
    const exportId = uuidv7();
    const name = `reprise-v1-full-${exportId}.zip`;
    // The request was recorded, then the process stopped before its worker ran.
    await t.app.get(CommandRunner).run(scormExportDecider, scormExportStream(exportId), {
      type: 'RequestScormExport',
      exportId,
      name,
      speachId: id,
      scormType: 'SCORM_FULL',
      contentNavigation: false,
      contentDelayed: false,
      origin: 'http://127.0.0.1',
      requestedBy: 'admin',
      token: null,
      facts: { version: 1, classicEnabled: true, offendingChapters: [] },
    });
    await t.app.get(ReadModels).settled();
    expect((await t.http.get('/administration/scorm/checkScormCreated').query({ name }).set(as(admin)).expect(200)).body).toBe(false);
    const worker = t.app.get(ScormExports);
    await worker.onApplicationBootstrap();
    await worker.settled(name);
    expect((await t.http.get('/administration/scorm/checkScormCreated').query({ name }).set(as(admin)).expect(200)).body).toBe(true);
    const zip = (
      await t.http
        .get(`/administration/scorm/download/${name}`)
        .set(as(admin))
        .buffer(true)
        .parse(binary as never)
        .expect(200)
    ).body as Buffer;
    expect(zip.equals(live.zip)).toBe(true);
  });
});
