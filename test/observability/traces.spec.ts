import { OtlpCollectorStub, attribute } from '../support/otlp-collector-stub';
import { type TestApp, startTestApp } from '../support/test-app';
import { fixtures } from '../support/fixtures';

describe('OpenTelemetry traces (issue 25)', () => {
  const collector = new OtlpCollectorStub();
  let t: TestApp;
  let correlationId: string;
  let position: number;

  beforeAll(async () => {
    const endpoint = await collector.start();
    t = await startTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'speach-test' } });
    const author = (await fixtures(t).user('author')).token;
    const created = await t.http
      .post('/api/v2/recorder/speach')
      .set({ authorization: `Bearer ${author}` })
      .send({ title: 'Traced', language: 'en-US' })
      .expect(201);
    correlationId = created.headers['x-correlation-id'];
    position = Number(created.headers['x-event-position']);
    // Closing the app shuts the SDK down, which exports every span it still holds.
    await t.close();
  });
  afterAll(async () => {
    await collector.stop();
  });

  it('follows a command from its request through its append to the projection batch that applied it', () => {
    const request = collector.spans.find((s) => s.name === 'POST /api/v2/recorder/speach' && attribute(s, 'speach.correlation_id') === correlationId);
    expect(request).toBeDefined();
    expect(attribute(request!, 'http.response.status_code')).toBe(201);

    const append = collector.spans.find((s) => s.name === 'event-store append' && s.parentSpanId === request!.spanId);
    expect(append).toBeDefined();
    expect(append!.traceId).toBe(request!.traceId);
    expect(attribute(append!, 'speach.correlation_id')).toBe(correlationId);
    expect(attribute(append!, 'speach.position')).toBe(position);

    const batch = collector.spans.find((s) => s.name === 'projections apply batch' && s.links?.some((l) => l.spanId === append!.spanId));
    expect(batch).toBeDefined();
    const link = batch!.links!.find((l) => l.spanId === append!.spanId)!;
    expect(link.traceId).toBe(request!.traceId);
    expect(attribute(link, 'speach.correlation_id')).toBe(correlationId);
    expect(Number(attribute(batch!, 'speach.batch.first_position'))).toBeLessThanOrEqual(position);
    expect(Number(attribute(batch!, 'speach.batch.last_position'))).toBeGreaterThanOrEqual(position);
  });
});
