import { loadConfig } from '../../backend/config/app-config';
import { Platform } from '../../backend/infrastructure/infrastructure.module';
import { type TestApp, startTestApp } from '../support/test-app';

describe('Liveness and readiness probes (issue 25)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/health/live answers 200 to anyone', async () => {
    expect((await t.http.get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready answers 200 with the role once started, then 503 once shutting down', async () => {
    const ready = await t.http.get('/api/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ready', ready: true, role: 'all', state: 'running', stores: { eventStore: true, readStore: true } });
    t.app.get(Platform).beginShutdown();
    const stopping = await t.http.get('/api/health/ready').expect(503);
    expect(stopping.body).toMatchObject({ status: 'not-ready', ready: false, state: 'stopping' });
    // Liveness is not readiness: the process still answers while it drains.
    await t.http.get('/api/health/live').expect(200);
  });

  it('refuses an unknown APP_ROLE and reads LEASE_TTL_MS and SHUTDOWN_TIMEOUT_MS', () => {
    expect(() => loadConfig({ APP_ROLE: 'worker' })).toThrow(/APP_ROLE must be one of api, projector, all/);
    expect(loadConfig({})).toMatchObject({ appRole: 'all', leaseTtlMs: 5000, shutdownTimeoutMs: 10_000 });
    expect(loadConfig({ APP_ROLE: 'projector', LEASE_TTL_MS: '2000', SHUTDOWN_TIMEOUT_MS: '3000' })).toMatchObject({
      appRole: 'projector',
      leaseTtlMs: 2000,
      shutdownTimeoutMs: 3000,
    });
  });
});
