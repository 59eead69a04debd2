import { uuidv7 } from '../../events';
import type { ProjectionDefinition } from '../../projections/projection';
import { parsePrometheusText, sampleValue } from '../support/prometheus-text';
import { PROJECTION_RUNNER } from '../../backend/infrastructure/tokens';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

describe('Prometheus metrics at /metrics (issue 25)', () => {
  let t: TestApp;
  let author: string;
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  async function scrape() {
    const response = await t.http.get('/metrics').expect(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return parsePrometheusText(response.text);
  }

  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: 'scrape-secret' } });
    author = (await fixtures(t).user('author')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts a command per route pattern and outcome, times it, and times the append it made', async () => {
    const before = (await scrape()).samples;
    const route = '/api/v2/recorder/speach';
    const created = await t.http.post(route).set(as(author)).send({ title: 'Forklift safety', language: 'en-US' }).expect(201);
    await t.http
      .post(route)
      .set(as(author))
      .send({ title: 'x'.repeat(256), language: 'en-US' })
      .expect(400);
    await t.http.post(`/api/v2/recorder/speach/${created.body.id}/chapters`).set(as(author)).send({ title: 'Introduction', parentId: null }).expect(201);
    await t.http.post(route).send({ title: 'T', language: 'en-US' }).expect(401);
    const after = (await scrape()).samples;

    const moved = (name: string, labels: Record<string, string>) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(moved('commands_total', { route, outcome: 'ok' })).toBe(1);
    expect(moved('commands_total', { route, outcome: '400' })).toBe(1);
    expect(moved('commands_total', { route, outcome: '401' })).toBe(1);
    // The pattern, not the URL: one series whatever the speach id.
    expect(moved('commands_total', { route: '/api/v2/recorder/speach/:id/chapters', outcome: 'ok' })).toBe(1);
    expect(after.some((s) => s.labels.route?.includes(created.body.id))).toBe(false);
    expect(moved('http_request_duration_seconds_count', { method: 'POST', route, status: '201' })).toBe(1);
    expect(moved('event_store_append_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThanOrEqual(2);
    expect(moved('event_store_appended_events_total', {})).toBeGreaterThanOrEqual(2);
  });

  it('reports every projection and policy position and lag, the job queues, read-store query times and the runtime', async () => {
    await t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: 'unknown' }).set(as(author));
    const { samples, types } = await scrape();
    const head = (await t.http.get('/api/health').expect(200)).body.eventStore.headPosition as number;
    const projections = samples.filter((s) => s.name === 'processor_position' && s.labels.kind === 'projection');
    expect(projections.length).toBeGreaterThan(10);
    // Read-your-writes settled before the scrape: every projection stands at the head, nothing waits.
    for (const p of projections) expect(p.value).toBe(head);
    const lags = samples.filter((s) => s.name === 'processor_lag_events' && s.labels.kind === 'projection');
    expect(lags.map((s) => s.labels.name).sort()).toEqual(projections.map((s) => s.labels.name).sort());
    for (const lag of lags) expect(lag.value).toBe(0);
    expect(samples.some((s) => s.name === 'processor_position' && s.labels.kind === 'policy')).toBe(true);
    expect(types.get('processor_lag_seconds')).toBe('gauge');
    expect(sampleValue(samples, 'job_queue_pending', { queue: 'scorm-export' })).toBe(0);
    expect(sampleValue(samples, 'job_queue_pending', { queue: 'ai-generation' })).toBe(0);
    expect(samples.filter((s) => s.name === 'read_store_query_duration_seconds_count').reduce((n, s) => n + s.value, 0)).toBeGreaterThan(0);
    expect(types.get('nodejs_eventloop_lag_seconds')).toBe('gauge');
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('answers other hosts only with the bearer token (relayed by a proxy, a request is not local)', async () => {
    const relayed = { 'x-forwarded-for': '203.0.113.9' };
    const refused = await t.http.get('/metrics').set(relayed).expect(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    await t.http
      .get('/metrics')
      .set({ ...relayed, authorization: 'Bearer wrong-secret!' })
      .expect(401);
    const scraped = await t.http
      .get('/metrics')
      .set({ ...relayed, authorization: 'Bearer scrape-secret' })
      .expect(200);
    expect(parsePrometheusText(scraped.text).samples.length).toBeGreaterThan(0);
  });

  it('refuses every remote scraper when no token is configured', async () => {
    const open = await startTestApp({ seed: false });
    try {
      await open.http.get('/metrics').set({ 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer anything' }).expect(403);
      await open.http.get('/metrics').expect(200);
    } finally {
      await open.close();
    }
  });

  it('shows how far behind, in events and in seconds, a projection that stopped is', async () => {
    const stalled: ProjectionDefinition = {
      name: 'stalled_metrics_test',
      version: 1,
      collections: [{ name: 'stalled_metrics_test' }],
      handlers: {
        MetricsTestHappened: () => {
          throw new Error('cannot apply');
        },
      },
    };
    const app = await startTestApp({ seed: false, projections: [stalled] });
    try {
      const at = app.clock.now().toISOString();
      const event = () => ({
        id: uuidv7(),
        type: 'MetricsTestHappened',
        data: {},
        schemaVersion: 1,
        metadata: { userId: null, correlationId: 'c', causationId: 'c' },
        time: at,
      });
      const { position } = await app.adapters.eventStore.appendToStream('metrics-1', [event(), event()], { expectedRevision: 'no_stream' });
      await app.app.get<import('../../projections/projection-runner').ProjectionRunner>(PROJECTION_RUNNER).catchUp(5_000);
      app.clock.advance(90_000);
      const { samples } = parsePrometheusText((await app.http.get('/metrics').expect(200)).text);
      const labels = { kind: 'projection', name: 'stalled_metrics_test' };
      expect(sampleValue(samples, 'processor_position', labels)).toBe(position - 2);
      expect(sampleValue(samples, 'processor_lag_events', labels)).toBe(2);
      expect(sampleValue(samples, 'processor_lag_seconds', labels)).toBe(90);
    } finally {
      await app.close();
    }
  });
});
