import { type TestApp, startTestApp } from '../support/test-app';

describe('Site settings: feature flags, footer, accessibility statement', () => {
  let t: TestApp;
  let admin: string;
  let reader: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    // Seeded: the footer cases check the footer the demo seed sets.
    t = await startTestApp({ seed: true });
    admin = await t.login('admin@example.com');
    reader = await t.login('reader@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('feature flags', () => {
    it('answers the flags in force with the environment defaults', async () => {
      const res = await t.http.get('/api/v2/admin/site/flags').set(as(admin)).expect(200);
      expect(res.body.flags).toMatchObject({ commentsEnabled: true, workflowEnabled: true, passwordMinLength: 8, passwordMaxLength: 64 });
      expect(res.body.defaults).toMatchObject({ commentsEnabled: true, scormClassicEnabled: false });
      expect(res.body.passwordLengthBounds).toEqual({ min: 6, max: 256 });
    });

    it('changes flags as events, projected into site_settings/flags, and every reader of the flags follows', async () => {
      const res = await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ commentsEnabled: false, passwordMinLength: 10 }).expect(200);
      expect(res.body.flags).toMatchObject({ commentsEnabled: false, passwordMinLength: 10 });
      expect(res.body.overridden.sort()).toEqual(['commentsEnabled', 'passwordMinLength']);
      const events = await t.adapters.eventStore.readStream('site-settings');
      expect(events.at(-1)).toMatchObject({ type: 'FeatureFlagsChanged', data: { changes: { commentsEnabled: false, passwordMinLength: 10 } } });
      const doc = await t.adapters.readStore.collection('site_settings').findById('flags');
      expect(doc).toMatchObject({ flags: { commentsEnabled: false, passwordMinLength: 10 } });
      expect((await t.http.get('/api/v2/comments/enabled').set(as(reader)).expect(200)).body).toBe(false);
      expect((await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.featureFlags.commentsEnabled).toBe(false);

      await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ commentsEnabled: true, passwordMinLength: 8 }).expect(200);
      expect((await t.http.get('/api/v2/comments/enabled').set(as(reader)).expect(200)).body).toBe(true);
    });

    it('answers the workflow flag as a boolean', async () => {
      await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ workflowEnabled: false }).expect(200);
      expect((await t.http.get('/api/v2/workflow/enable').set(as(reader)).expect(200)).body).toBe(false);
      await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send({ workflowEnabled: true }).expect(200);
      expect((await t.http.get('/api/v2/workflow/enable').set(as(reader)).expect(200)).body).toBe(true);
    });

    it('answers 400 naming the field and the reason, and writes nothing', async () => {
      const before = (await t.adapters.eventStore.readStream('site-settings')).length;
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ commentsEnabled: 'no' }, 'commentsEnabled', /must be a boolean/],
        [{ passwordMinLength: 3 }, 'passwordMinLength', /between 6 and 256/],
        [{ passwordMinLength: 100 }, 'passwordMinLength', /must not exceed/],
        [{ unknownFlag: true }, 'unknownFlag', /not a setting/],
        [{ commentsEnabled: false, passwordMaxLength: 'x' }, 'passwordMaxLength', /integer/],
      ];
      for (const [body, field, reason] of cases) {
        const res = await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send(body).expect(400);
        expect(res.body.errors[0].field).toBe(field);
        expect(res.body.errors[0].reason).toMatch(reason);
      }
      await t.http.put('/api/v2/admin/site/flags').set(as(admin)).send([true]).expect(400);
      expect((await t.adapters.eventStore.readStream('site-settings')).length).toBe(before);
      expect((await t.http.get('/api/v2/comments/enabled').set(as(reader))).body).toBe(true);
    });

    it('answers 403 to a non-admin and 401 anonymously', async () => {
      await t.http.get('/api/v2/admin/site/flags').set(as(reader)).expect(403);
      await t.http.put('/api/v2/admin/site/flags').set(as(reader)).send({ commentsEnabled: false }).expect(403);
      await t.http.put('/api/v2/admin/site/flags').send({ commentsEnabled: false }).expect(401);
      await t.http.get('/api/v2/comments/enabled').expect(401);
      await t.http.get('/api/v2/workflow/enable').expect(401);
    });
  });

  describe('footer', () => {
    it('answers the seeded footer without a session, with the targets of each code', async () => {
      const res = await t.http.get('/api/v2/footer').expect(200);
      expect(res.body).toEqual({
        isEnabled: true,
        items: [
          { code: 'PRODUCT', label: 'Speach', url: 'https://www.example.com/' },
          { code: 'ACCESSIBILITY', label: 'Accessibility', url: '/accessibility-statement' },
          { code: 'GCU', label: 'Terms of use', url: '/gcuContent' },
          { code: 'PDP', label: 'Personal data', url: '/pdpContent' },
        ],
      });
    });

    it('lets an admin change the items and the enabled flag', async () => {
      const res = await t.http
        .put('/api/v2/admin/site/footer')
        .set(as(admin))
        .send({
          isEnabled: false,
          items: [
            { code: 'GCU', label: 'CGU' },
            { code: 'ACCESSIBILITY', label: 'A11y' },
          ],
        })
        .expect(200);
      expect(res.body).toEqual({
        isEnabled: false,
        items: [
          { code: 'GCU', label: 'CGU', url: '/gcuContent' },
          { code: 'ACCESSIBILITY', label: 'A11y', url: '/accessibility-statement' },
        ],
      });
      expect((await t.http.get('/api/v2/footer').expect(200)).body.isEnabled).toBe(false);
      expect((await t.http.get('/api/v2/admin/site/flags').set(as(admin))).body.flags.footerEnabled).toBe(false);
      await t.http
        .put('/api/v2/admin/site/footer')
        .set(as(admin))
        .send({
          isEnabled: true,
          items: [
            { code: 'PRODUCT', label: 'Speach', url: 'https://www.example.com/' },
            { code: 'ACCESSIBILITY', label: 'Accessibility' },
            { code: 'GCU', label: 'Terms of use' },
            { code: 'PDP', label: 'Personal data' },
          ],
        })
        .expect(200);
    });

    it('answers 400 for bad items, 403 for a non-admin, 401 anonymously', async () => {
      const bad = await t.http
        .put('/api/v2/admin/site/footer')
        .set(as(admin))
        .send({ items: [{ code: 'PRODUCT', label: 'x', url: 'ftp://x' }] })
        .expect(400);
      expect(bad.body.errors).toEqual([{ field: 'items[0].url', reason: 'url must be an http or https address' }]);
      const code = await t.http
        .put('/api/v2/admin/site/footer')
        .set(as(admin))
        .send({ items: [{ code: 'NOPE', label: 'x' }] })
        .expect(400);
      expect(code.body.errors[0].field).toBe('items[0].code');
      const extra = await t.http.put('/api/v2/admin/site/footer').set(as(admin)).send({ items: [], colour: 'red' }).expect(400);
      expect(extra.body.errors[0].field).toBe('colour');
      await t.http.put('/api/v2/admin/site/footer').set(as(reader)).send({ items: [] }).expect(403);
      await t.http.put('/api/v2/admin/site/footer').send({ items: [] }).expect(401);
      expect((await t.http.get('/api/v2/footer')).body.items).toHaveLength(4);
    });
  });

  describe('accessibility statement', () => {
    let id: string;

    it('answers 404 when there is none', async () => {
      await t.http.get('/api/v2/accessibility-data').expect(404);
    });

    it('refuses the creation to a non-admin (403) and empty content (400)', async () => {
      await t.http.post('/api/v2/accessibility-data').set(as(reader)).send({ statement: '<p>x</p>' }).expect(403);
      await t.http.post('/api/v2/accessibility-data').send({ statement: '<p>x</p>' }).expect(401);
      const empty = await t.http.post('/api/v2/accessibility-data').set(as(admin)).send({ statement: '<p></p><script>x</script>' }).expect(400);
      expect(empty.body.errors).toEqual([{ field: 'statement', reason: 'statement must not be empty' }]);
      const missing = await t.http.post('/api/v2/accessibility-data').set(as(admin)).send({}).expect(400);
      expect(missing.body.errors[0].field).toBe('statement');
    });

    it('creates a sanitised statement that anyone reads, and refuses a second POST', async () => {
      const res = await t.http
        .post('/api/v2/accessibility-data')
        .set(as(admin))
        .send({ statement: '<h2>Our statement</h2><img src=x onerror="alert(1)"><script>alert(1)</script>' })
        .expect(201);
      id = res.body.id;
      expect(res.body.statement).toBe('<h2>Our statement</h2><img src="x" />');
      const read = await t.http.get('/api/v2/accessibility-data').expect(200);
      expect(read.body).toMatchObject({ id, statement: '<h2>Our statement</h2><img src="x" />' });
      await t.http.post('/api/v2/accessibility-data').set(as(admin)).send({ statement: '<p>again</p>' }).expect(409);
    });

    it('changes it by id and says when nothing changed', async () => {
      const changed = await t.http.put(`/api/v2/accessibility-data/${id}`).set(as(admin)).send({ statement: '<p>Version 2</p>' }).expect(200);
      expect(changed.body).toMatchObject({ id, statement: '<p>Version 2</p>', changed: true });
      const same = await t.http.put(`/api/v2/accessibility-data/${id}`).set(as(admin)).send({ statement: '<p>Version 2</p>' }).expect(200);
      expect(same.body.changed).toBe(false);
      const events = await t.adapters.eventStore.readStream('accessibility-statement');
      expect(events.map((e) => e.type)).toEqual(['AccessibilityStatementPublished', 'AccessibilityStatementChanged']);
    });

    it('answers 404 for an unknown id, 400 for empty content, 403 for a non-admin', async () => {
      await t.http.put('/api/v2/accessibility-data/unknown').set(as(admin)).send({ statement: '<p>x</p>' }).expect(404);
      await t.http.put(`/api/v2/accessibility-data/${id}`).set(as(admin)).send({ statement: '   ' }).expect(400);
      await t.http.put(`/api/v2/accessibility-data/${id}`).set(as(admin)).send({ statement: 5 }).expect(400);
      await t.http.put(`/api/v2/accessibility-data/${id}`).set(as(reader)).send({ statement: '<p>x</p>' }).expect(403);
      expect((await t.http.get('/api/v2/accessibility-data')).body.statement).toBe('<p>Version 2</p>');
    });
  });
});
