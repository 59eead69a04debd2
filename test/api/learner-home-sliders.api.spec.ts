import type { SpeachDocument } from '../../projections/speaches.projection';
import type { SpeachVersionDocument } from '../../projections/speaches.projection';
import { type TestApp, startTestApp } from '../support/test-app';

interface HomeCard {
  id: string;
  title: string;
  canView: boolean;
  chapterCount: number;
  durationMinutes: number;
  progress: { read: number; total: number; percent: number } | null;
  metadata: { dueDateTimestamp: number | null };
}
interface Page {
  result: HomeCard[];
  total: number;
}

/** Issue 17: the learner's home sliders and the catalogue, each card what the viewer may read. */
describe('Learner home sliders and catalogue API (issue 17)', () => {
  let t: TestApp;
  let reader: string;
  let admin: string;
  let readerId: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = async (url: string, token = reader, query: Record<string, string | number> = {}) =>
    (await t.http.get(url).query(query).set(as(token)).expect(200)).body;

  beforeAll(async () => {
    // Seeded: the sliders and the catalogue are checked on the demo's catalogue (more than ten readable speaches, categories).
    t = await startTestApp({ seed: true });
    [reader, admin] = await Promise.all([t.login('reader@example.com'), t.login('admin@example.com')]);
    readerId = (await t.http.get('/api/auth/me').set(as(reader)).expect(200)).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/v2/home lists the sliders that have something, categories included, and the catalogue size', async () => {
    const home = await get('/api/v2/home', reader, { language: 'en' });
    const kinds = home.sliders.map((s: { slider: string }) => s.slider);
    expect(kinds).toEqual(expect.arrayContaining(['new', 'mostRead', 'category']));
    for (const s of home.sliders) expect(s.total).toBeGreaterThan(0);
    expect(home.sliders.filter((s: { slider: string }) => s.slider === 'category').length).toBeLessThanOrEqual(6);
    expect(home.catalogueTotal).toBeGreaterThan(10);
  });

  it('the catalogue holds what the viewer may read, with chapter count, duration and no card they could not open', async () => {
    const page: Page = await get('/api/v2/catalogue', reader);
    expect(page.total).toBeGreaterThan(10);
    expect(page.result.length).toBe(20);
    for (const card of page.result) {
      expect(card.canView).toBe(true);
      expect(card.chapterCount).toBeGreaterThan(0);
      expect(card.durationMinutes).toBeGreaterThan(0);
    }
    // A restricted speach assigned to nobody the reader is, or a draft, is not in their catalogue.
    const speaches = t.adapters.readStore.collection<SpeachDocument>('speaches');
    const hidden = (await speaches.find({ archived: false })).filter(
      (d) => !d.published || (d.visibility === 'RESTREINT' && !d.affectedUserIds.includes(readerId) && d.affectedGroupIds.length === 0),
    );
    expect(hidden.length).toBeGreaterThan(0);
    const all: HomeCard[] = [];
    for (let p = 0; p * 20 < page.total; p++) all.push(...(await get('/api/v2/catalogue', reader, { page: p })).result);
    expect(all.length).toBe(page.total);
    const ids = new Set(all.map((c) => c.id));
    for (const d of hidden) expect(ids.has(d._id)).toBe(false);
  });

  it('filters the catalogue by name, category and language, and sorts by title', async () => {
    const named: Page = await get('/api/v2/catalogue', reader, { name: 'phishing' });
    expect(named.result.map((c) => c.title)).toEqual(['Phishing awareness']);
    const titles: Page = await get('/api/v2/catalogue', reader, { sort: 'TITLE', asc: 'true' });
    const sorted = [...titles.result.map((c) => c.title.toLowerCase())].sort((a, b) => a.localeCompare(b));
    expect(titles.result.map((c) => c.title.toLowerCase())).toEqual(sorted);
    const home = await get('/api/v2/home', reader);
    const category = home.sliders.find((s: { slider: string }) => s.slider === 'category');
    const inCategory: Page = await get('/api/v2/catalogue', reader, { categoryId: category.categoryId });
    expect(inCategory.total).toBe(category.total);
    const french: Page = await get('/api/v2/catalogue', reader, { language: 'fr' });
    const english: Page = await get('/api/v2/catalogue', reader, { language: 'en' });
    expect(french.total + english.total).toBeLessThanOrEqual((await get('/api/v2/catalogue', reader)).total);
  });

  it('continue where you left off: a speach the reader started shows with its progress', async () => {
    const phishing = (await t.adapters.readStore.collection<SpeachDocument>('speaches').findOne({ title: 'Phishing awareness' }))!;
    const version = await t.adapters.readStore.collection<SpeachVersionDocument>('speach_versions').findById(`${phishing._id}:${phishing.publishedVersion}`);
    const nodes = version!.chapters;
    const readable = nodes.filter((n) => !['QUIZZ', 'QUIZZ_EXAMEN', 'SONDAGE', 'ENQUETE', 'QUESTION_OUVERTE'].includes(n.content.type));
    await t.http.post(`/api/v2/speach/${phishing._id}/chapters/${readable[0].chapterId}/read`).set(as(reader)).expect(200);
    const continuing: Page = await get('/api/v2/home/slider/continue');
    const card = continuing.result.find((c) => c.id === phishing._id)!;
    expect(card.progress).toEqual({ read: expect.any(Number), total: nodes.length, percent: expect.any(Number) });
    expect(card.progress!.read).toBeGreaterThanOrEqual(1);
    expect(card.progress!.read).toBeLessThan(nodes.length);
  });

  it('assigned: due dates first; new in my language; most read this month; per category', async () => {
    const assigned: Page = await get('/api/v2/home/slider/assigned');
    const dues = assigned.result.map((c) => c.metadata.dueDateTimestamp);
    const firstNull = dues.indexOf(null);
    const dated = (firstNull === -1 ? dues : dues.slice(0, firstNull)) as number[];
    expect(dated).toEqual([...dated].sort((a, b) => a - b));
    if (firstNull !== -1) expect(dues.slice(firstNull).every((d) => d === null)).toBe(true);
    const fresh: Page = await get('/api/v2/home/slider/new', reader, { language: 'en' });
    expect(fresh.total).toBeGreaterThan(0);
    const mostRead: Page = await get('/api/v2/home/slider/mostRead');
    expect(mostRead.total).toBeGreaterThan(0);
    const home = await get('/api/v2/home', reader);
    const category = home.sliders.find((s: { slider: string }) => s.slider === 'category');
    expect((await get('/api/v2/home/slider/category', reader, { categoryId: category.categoryId })).total).toBe(category.total);
  });

  it('answers 400 naming the field, 404 for an unknown slider, 401 without a session', async () => {
    const badLanguage = await t.http.get('/api/v2/home').query({ language: 'klingon' }).set(as(reader)).expect(400);
    expect(badLanguage.body.errors[0].field).toBe('language');
    const badPage = await t.http.get('/api/v2/catalogue').query({ page: -1 }).set(as(reader)).expect(400);
    expect(badPage.body.errors[0].field).toBe('page');
    const badSort = await t.http.get('/api/v2/home/slider/new').query({ sort: 'SIDEWAYS' }).set(as(admin)).expect(400);
    expect(badSort.body.errors[0].field).toBe('sort');
    await t.http.get('/api/v2/home/slider/everything').set(as(reader)).expect(404);
    await t.http.get('/api/v2/home').expect(401);
    await t.http.get('/api/v2/catalogue').expect(401);
  });
});
