import sharp from 'sharp';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

/** Issue 17: a cover uploaded in the editor, framed 16:9, served as WebP in three sizes through signed URLs. */
describe('Speach cover upload (issue 17)', () => {
  let t: TestApp;
  let admin: string;
  let author: string;
  let reader: string;
  let photo: Buffer;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function speach(token: string, title: string) {
    return (await t.http.post('/api/v2/recorder/speach').set(as(token)).send({ title, language: 'en-US' }).expect(201)).body.id as string;
  }
  const upload = (id: string, token: string, bytes: Buffer, type = 'image/png') =>
    t.http
      .post(`/api/v2/recorder/speach/${id}/cover`)
      .set({ ...as(token), 'content-type': type })
      .send(bytes);

  beforeAll(async () => {
    t = await startTestApp();
    [admin, author, reader] = (await fixtures(t).people('admin', 'author', 'learner')).map((p) => p.token);
    // Left half red, right half blue: a frame on the right must come out blue.
    photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ff0000' } })
      .composite([
        {
          input: await sharp({ create: { width: 600, height: 900, channels: 3, background: '#0000ff' } })
            .png()
            .toBuffer(),
          left: 600,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps three 16:9 WebP sizes, shows them on the card by signed URLs a reader can open, and copies them with the speach', async () => {
    const id = await speach(author, 'Covered');
    const card = (await upload(id, author, photo).expect(201)).body;
    expect(card.img).toMatch(/^\/blob\/[^?]+\?.*sig=[0-9a-f]{64}/);
    expect(card.cover.medium).toBe(card.img);
    for (const [size, width, height] of [
      ['small', 320, 180],
      ['medium', 640, 360],
      ['large', 1280, 720],
    ] as const) {
      const served = await t.http
        .get(card.cover[size])
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
      const meta = await sharp(served.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
    await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as(author)).send({ title: 'One' }).expect(201);
    await t.http.put(`/api/v2/recorder/speach/${id}/visibility`).set(as(author)).send({ visibility: 'PUBLIC' }).expect(200);
    await t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(as(admin)).send({}).expect(200);
    const seen = (await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(reader)).expect(200)).body;
    expect(seen.img).toMatch(/sig=/);
    await t.http.get(seen.img).expect(200);
    const copy = (await t.http.put('/api/v2/speach/duplicate').query({ speachId: id }).set(as(author)).expect(200)).body;
    expect(copy.id).not.toBe(id);
    expect(copy.cover.large).toMatch(new RegExp(`^/blob/${new URL(card.cover.large, 'http://x').pathname.split('/')[2]}\\?`));
  });

  it('crops the frame the author chose', async () => {
    const id = await speach(author, 'Framed on the right');
    const card = (await upload(id, author, photo).query({ x: 0.55, y: 0.2, width: 0.4, height: 0.4 }).expect(201)).body;
    const served = await t.http
      .get(card.cover.small)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const { dominant } = await sharp(served.body as Buffer).stats();
    expect(dominant.b).toBeGreaterThan(200);
    expect(dominant.r).toBeLessThan(60);
  });

  it('removes the cover: the card falls back to its image URL', async () => {
    const id = await speach(author, 'Uncovered');
    await upload(id, author, photo).expect(201);
    const card = (await t.http.delete(`/api/v2/recorder/speach/${id}/cover`).set(as(author)).expect(200)).body;
    expect(card.cover).toBeNull();
    expect(card.img).toBeNull();
  });

  it('answers 400 naming the field: not a picture, a type that is not an image, a frame out of bounds or half given', async () => {
    const id = await speach(author, 'Bad covers');
    const text = await upload(id, author, Buffer.from('not a picture at all, just words')).expect(400);
    expect(text.body.errors[0].field).toBe('file');
    const pdf = await upload(id, author, Buffer.from('%PDF-1.4\n'), 'application/pdf').expect(400);
    expect(pdf.body.errors[0].field).toBe('file');
    const tiny = await upload(
      id,
      author,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#00ff00' } })
        .png()
        .toBuffer(),
    ).expect(400);
    expect(tiny.body.errors[0].field).toBe('file');
    const past = await upload(id, author, photo).query({ x: 0.8, y: 0, width: 0.5, height: 0.5 }).expect(400);
    expect(past.body.errors[0].field).toBe('width');
    const half = await upload(id, author, photo).query({ x: 0.1, y: 0.1 }).expect(400);
    expect(half.body.errors[0].field).toBe('width');
    const nan = await upload(id, author, photo).query({ x: 'left', y: 0, width: 0.5, height: 0.5 }).expect(400);
    expect(nan.body.errors[0].field).toBe('x');
    const card = (await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(as(author)).expect(200)).body;
    expect(card.cover).toBeNull();
  });

  it('answers 403 to a reader and to an author who does not edit the speach, 404 for an unknown speach', async () => {
    const id = await speach(admin, "The admin's own");
    await upload(id, reader, photo).expect(403);
    await upload(id, author, photo).expect(403);
    await t.http.delete(`/api/v2/recorder/speach/${id}/cover`).set(as(author)).expect(403);
    await upload('0190f1a2-0000-7000-8000-000000000000', author, photo).expect(404);
  });
});
