import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEARNER_ROUTES, isLearnerRoute } from '../../backend/infrastructure/http/web-apps';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures, type Person } from '../support/fixtures';

/** A built-looking web root: each app's index.html and a hashed bundle. */
function fakeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-'));
  for (const app of ['learner', 'admin']) {
    mkdirSync(join(root, app, 'dist', 'assets'), { recursive: true });
    writeFileSync(join(root, app, 'dist', 'index.html'), `<!doctype html><title>${app}</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>`);
    writeFileSync(join(root, app, 'dist', 'assets', 'index-Ab12Cd34.js'), `export const app = ${JSON.stringify(app)};\n`.repeat(400));
  }
  return root;
}

/** Issue 16 items 5 and 6: CSRF refusals, security headers, compression, caching, 404s outside the apps, Content-Range. */
describe('HTTP shell', () => {
  let t: TestApp;
  let webRoot: string;
  let reader: string;
  let author: Person;
  let adminToken: string;
  let speachId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const crossSite = { 'sec-fetch-site': 'cross-site' };

  beforeAll(async () => {
    webRoot = fakeWebRoot();
    t = await startTestApp({ env: { WEB_ROOT: webRoot } });
    const fx = fixtures(t);
    let admin: Person;
    let learner: Person;
    [admin, author, learner] = await fx.people('admin', 'author', 'learner');
    [adminToken, reader] = [admin.token, learner.token];
    speachId = (await fx.published(author)).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  describe('CSRF', () => {
    it('refuses a state change whose Sec-Fetch-Site or Origin names another site with 403, and appends nothing', async () => {
      const before = await t.adapters.eventStore.headPosition();
      const bySecFetch = await t.http.post('/api/auth/login').set(crossSite).send({ email: 'reader@example.com', password: 'demo-password' }).expect(403);
      expect(bySecFetch.body).toEqual({
        message: 'Cross-site requests may not change anything.',
        errors: [{ field: 'origin', reason: 'the request comes from another site' }],
      });
      await t.http.post('/api/auth/logout').set(as(reader)).set('origin', 'https://evil.example').expect(403);
      await t.http.post('/api/auth/logout').set(as(reader)).set('origin', 'null').expect(403);
      await t.http.post('/api/auth/logout').set(as(reader)).set('sec-fetch-site', 'same-site').expect(403);
      expect(await t.adapters.eventStore.headPosition()).toBe(before);
      await t.http.get('/api/auth/me').set(as(reader)).expect(200);
    });

    it("refuses the spec's state-changing GETs cross-site (an admin's one click must not delete a quiz result)", async () => {
      const before = await t.adapters.eventStore.headPosition();
      await t.http.get('/favori.FavoriController/toggleFavori').query({ idCour: speachId }).set(as(reader)).set(crossSite).expect(403);
      await t.http.get('/api/v2/notifications/parameters/desactivate').query({ type: 'COMMENT' }).set(as(reader)).set(crossSite).expect(403);
      await t.http.get('/api/v2/notifications/parameters/activate').query({ type: 'COMMENT' }).set(as(reader)).set(crossSite).expect(403);
      await t.http.get('/api/v2/notifications/parameters/frequency').query({ frequency: 'DAILY' }).set(as(reader)).set(crossSite).expect(403);
      await t.http.get('/api/v2/quizz/delete-results-user').query({ quizzId: 'q', idAchatCour: 'x' }).set(as(reader)).set(crossSite).expect(403);
      await t.http.get('/gcu/acceptGcu').set(as(reader)).set('origin', 'https://evil.example').expect(403);
      await t.http.get('/pdp/acceptPdp').set(as(reader)).set(crossSite).expect(403);
      await t.http.get('/user.usercontroller/removegetstarted').query({ type: 'SPEACH' }).set(as(reader)).set(crossSite).expect(403);
      expect(await t.adapters.eventStore.headPosition()).toBe(before);
    });

    it("lets the same origin, the user's own navigation and non-browser clients through, and reads from anywhere", async () => {
      await t.http.get('/favori.FavoriController/toggleFavori').query({ idCour: speachId }).set(as(reader)).set('sec-fetch-site', 'same-origin').expect(200);
      await t.http
        .get('/favori.FavoriController/toggleFavori')
        .query({ idCour: speachId })
        .set(as(reader))
        .set('origin', 'http://app.example')
        .set('host', 'app.example')
        .expect(200);
      await t.http.get('/gcu/acceptGcu').set(as(reader)).set('sec-fetch-site', 'none').expect(303);
      await t.http.post('/api/auth/login').send({ email: 'reader@example.com', password: 'demo-password' }).expect(200);
      await t.http.get('/api/auth/me').set(as(reader)).set(crossSite).expect(200);
    });

    it('answers 415 to a state change whose body is not JSON: no HTML form can post here', async () => {
      const form = await t.http.post('/api/auth/login').type('form').send('email=reader%40example.com&password=demo-password').expect(415);
      expect(form.body.errors).toEqual([{ field: 'content-type', reason: 'unsupported content type "application/x-www-form-urlencoded"' }]);
      await t.http.post('/api/auth/login').set('content-type', 'text/plain').send('{"email":"reader@example.com","password":"demo-password"}').expect(415);
      await t.http.post('/api/auth/login').set('content-type', 'multipart/form-data; boundary=x').send('--x--').expect(415);
      await t.http.post('/api/auth/logout').set(as(reader)).set('content-type', 'video/mp4').send(Buffer.from('not an upload route')).expect(415);
    });

    it('still takes the raw file on the chapter upload route', async () => {
      const created = await t.http.post('/api/v2/recorder/speach').set(author.auth).send({ title: 'Upload check', language: 'en-US' }).expect(201);
      const chapter = await t.http
        .post(`/api/v2/recorder/speach/${created.body.id}/chapters`)
        .set(author.auth)
        .send({ title: 'Doc', parentId: null })
        .expect(201);
      const chapterId = chapter.body.chapterId as string;
      const upload = await t.http
        .post(`/api/v2/recorder/speach/${created.body.id}/chapters/${chapterId}/file`)
        .query({ type: 'PDF_UPLOAD', name: 'doc.pdf' })
        .set(author.auth)
        .set('content-type', 'application/pdf')
        .send(Buffer.from('%PDF-1.4\n%%EOF\n'));
      expect({ status: upload.status, body: upload.body }).toEqual({ status: 201, body: expect.anything() });
    });
  });

  describe('security headers', () => {
    it('sends a CSP without inline script that forbids framing, nosniff, a referrer policy, and no HSTS over plain HTTP', async () => {
      const response = await t.http.get('/api/auth/me').set(as(reader)).expect(200);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      const page = await t.http.get('/').expect(200);
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      const backOffice = await t.http.get('/admin/').expect(200);
      expect(String(backOffice.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    });

    it('lets only our own pages frame the back office preview', async () => {
      const response = await t.http.get(`/play-embedded/${speachId}`).query({ internalPreview: 'true' }).expect(200);
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('sends HSTS when the cookie is Secure (served over HTTPS)', async () => {
      const secure = await startTestApp({ seed: false, env: { COOKIE_SECURE: 'true' } });
      try {
        const response = await secure.http.get('/api/health');
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      } finally {
        await secure.close();
      }
    });
  });

  describe('web apps', () => {
    it('compresses responses and caches hashed assets for good, index.html never', async () => {
      const asset = await t.http.get('/assets/index-Ab12Cd34.js').set('accept-encoding', 'gzip').expect(200);
      expect(asset.headers['content-encoding']).toBe('gzip');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.text).toBe(readFileSync(join(webRoot, 'learner', 'dist', 'assets', 'index-Ab12Cd34.js'), 'utf8'));
      const adminAsset = await t.http.get('/admin/assets/index-Ab12Cd34.js').expect(200);
      expect(adminAsset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const index = await t.http.get('/s/abc/some-slug').expect(200);
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.text).toContain('<title>learner</title>');
      // Enough people that the list is worth compressing.
      for (let i = 0; i < 6; i++) await fixtures(t).user('learner');
      const api = await t.http.get('/api/v2/admin/users').set(as(adminToken)).set('accept-encoding', 'br').expect(200);
      expect(JSON.stringify(api.body).length).toBeGreaterThan(1024);
      expect(api.headers['content-encoding']).toBe('br');
      // A list answer of tens of KB (compressed in one call, not through a stream) decodes to the same JSON.
      for (let i = 0; i < 20; i++) await fixtures(t).user('learner');
      const big = await t.http.get('/api/v2/admin/users').query({ size: 50 }).set(as(adminToken)).set('accept-encoding', 'gzip').expect(200);
      expect(big.headers['content-encoding']).toBe('gzip');
      const plain = await t.http.get('/api/v2/admin/users').query({ size: 50 }).set(as(adminToken)).set('accept-encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text.length).toBeGreaterThan(8 * 1024);
      expect(big.body).toEqual(plain.body);
    });

    it("answers 404 JSON to a GET outside the apps' routes that is not a file", async () => {
      const poll = await t.http.get('/administration/noSuchScreen').expect(404);
      expect(poll.headers['content-type']).toMatch(/^application\/json/);
      expect(poll.body).toEqual({ message: 'Nothing at /administration/noSuchScreen' });
      await t.http.get('/admin/users').expect(404);
      await t.http.get('/assets/missing-file.js').expect(404);
      await t.http.get('/api/v2/nothing-here').expect(404);
      const admin = await t.http.get('/admin/').expect(200);
      expect(admin.text).toContain('<title>admin</title>');
      await t.http.get('/administration/t/all').expect(302);
    });

    it("serves every route of the learner app's router (web/learner/src/routes.tsx) and nothing else", async () => {
      const source = readFileSync(join(__dirname, '..', '..', 'web', 'learner', 'src', 'routes.tsx'), 'utf8');
      const declared = [...source.matchAll(/path="([^"]+)"/g), ...source.matchAll(/\['(\/[^']+)',/g)].map((m) => m[1]).filter((path) => path !== '*');
      expect([...declared].sort()).toEqual([...LEARNER_ROUTES].sort());
      for (const route of LEARNER_ROUTES) {
        const path = route.replace(/:[A-Za-z]+/g, 'x1');
        expect(isLearnerRoute(path)).toBe(true);
        await t.http.get(path).expect(200);
      }
      expect(isLearnerRoute('/s/x1/x2/x3')).toBe(false);
    });
  });

  describe('Content-Range on the react-admin resources', () => {
    it('names no item range on an empty page, only the total', async () => {
      const admin = adminToken;
      const none = await t.http.get('/api/rest/users').query({ filter: '{"q":"no-such-person-anywhere"}' }).set(as(admin)).expect(200);
      expect(none.body).toEqual([]);
      expect(none.headers['content-range']).toBe('users */0');
      const past = await t.http.get('/api/rest/users').query({ range: '[1000,1009]' }).set(as(admin)).expect(200);
      expect(past.body).toEqual([]);
      expect(past.headers['content-range']).toMatch(/^users \*\/\d+$/);
      const groups = await t.http.get('/api/rest/groups').query({ range: '[1000,1009]' }).set(as(admin)).expect(200);
      expect(groups.headers['content-range']).toMatch(/^groups \*\/\d+$/);
    });
  });
});
