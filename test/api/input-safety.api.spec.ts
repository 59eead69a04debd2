import { parse } from 'csv-parse/sync';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExportJobs } from '../../backend/exports/export-jobs.service';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue #16 item 9: CSV cells, upload names and upload contents are not trusted. */
describe('Input safety (issue #16 item 9)', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let author: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const pdf = Buffer.from('%PDF-1.4\n% safe\n');
  // The first bytes of an MP4 (ftyp box, isom brand).
  const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2'), Buffer.alloc(64)]);

  async function chapter() {
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as(author)).send({ title: 'Uploads', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'File' }).expect(201)).body;
    return `/api/v2/recorder/speach/${id}/chapters/${chapterId}/file`;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'input-safety-'));
    t = await startTestApp({ env: { DATA_DIR: dataDir, MAX_UPLOAD_BYTES: '4096' } });
    [admin, author] = (await fixtures(t).people('admin', 'author')).map((p) => p.token);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('escapes CSV cells that a spreadsheet would run as a formula', async () => {
    await t.http.post('/api/rest/users').set(as(admin)).send({ firstName: '=HYPERLINK("x")', lastName: '+cmd|calc', email: 'formula@example.com' }).expect(201);
    const launched = await t.http
      .post('/administration/launchMultipleExportCsv')
      .set(as(admin))
      .send({ dataType: 'json', templateNames: ['users'] })
      .expect(202);
    await t.app.get(ExportJobs).settled(launched.body.id);
    const job = (await t.http.get(`/administration/exports/${launched.body.id}`).set(as(admin)).expect(200)).body;
    const csv = await t.http
      .get(job.files[0].url)
      .set(as(admin))
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const rows = parse(csv.body as Buffer, { bom: true }) as string[][];
    const row = rows.find((r) => r[1] === 'formula@example.com')!;
    expect(row[2]).toBe('\'=HYPERLINK("x")');
    expect(row[3]).toBe("'+cmd|calc");
    expect(rows.flat().filter((cell) => /^[=+@\t\r]/.test(cell))).toEqual([]);
  });

  it('stores an upload under its bare file name, without path or control characters', async () => {
    const url = await chapter();
    const uploaded = await t.http
      .post(url)
      .query({ type: 'PDF_UPLOAD', name: '../../etc/\u0007passwd<script>.pdf' })
      .set({ ...as(author), 'content-type': 'application/pdf' })
      .send(pdf)
      .expect(201);
    expect(uploaded.body.chapters[0].content.file.name).toBe('passwdscript.pdf');
    const bad = await t.http
      .post(url)
      .query({ type: 'PDF_UPLOAD', name: '../..' })
      .set({ ...as(author), 'content-type': 'application/pdf' })
      .send(pdf)
      .expect(400);
    expect(bad.body.errors[0].field).toBe('name');
  });

  it('checks the magic bytes of video, audio and PDF uploads against the declared kind', async () => {
    const url = await chapter();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    for (const [type, contentType] of [
      ['VIDEO_UPLOAD', 'video/mp4'],
      ['AUDIO_UPLOAD', 'audio/mpeg'],
      ['PDF_UPLOAD', 'application/pdf'],
    ]) {
      const refused = await t.http
        .post(url)
        .query({ type, name: 'x' })
        .set({ ...as(author), 'content-type': contentType })
        .send(html);
      expect({ type, status: refused.status }).toEqual({ type, status: 400 });
      expect(refused.body.errors[0].field).toBe('file');
    }
    await t.http
      .post(url)
      .query({ type: 'AUDIO_UPLOAD', name: 'doc.pdf' })
      .set({ ...as(author), 'content-type': 'audio/mpeg' })
      .send(pdf)
      .expect(400);
    const video = await t.http
      .post(url)
      .query({ type: 'VIDEO_UPLOAD', name: 'clip.mp4' })
      .set({ ...as(author), 'content-type': 'video/mp4' })
      .send(mp4)
      .expect(201);
    expect(video.body.chapters[0].content).toEqual(
      expect.objectContaining({ type: 'VIDEO_UPLOAD', file: expect.objectContaining({ name: 'clip.mp4', mimeType: 'video/mp4', size: mp4.length }) }),
    );
  });

  it('stops a chunked upload (no Content-Length) at the size limit while it streams (400)', async () => {
    const url = await chapter();
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${url}?type=PDF_UPLOAD&name=big.pdf`,
          headers: { ...as(author), 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(pdf);
      for (let i = 0; i < 8; i++) req.write(Buffer.alloc(1024, 0x41));
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toMatch(/too large/i);
    const declared = await t.http
      .post(url)
      .query({ type: 'PDF_UPLOAD', name: 'big.pdf' })
      .set({ ...as(author), 'content-type': 'application/pdf' })
      .send(Buffer.concat([pdf, Buffer.alloc(5000)]))
      .expect(400);
    expect(declared.body.errors[0].field).toBe('file');
  });
});
