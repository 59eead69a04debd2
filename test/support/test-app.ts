import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../../backend/app';
import { type AppConfig, loadConfig } from '../../backend/config/app-config';
import type { Adapters } from '../../backend/infrastructure/adapters';
import { MemoryCheckpointStore } from '../../backend/infrastructure/checkpoints/memory-checkpoint-store';
import { ManualClock } from '../../backend/infrastructure/clock/clock';
import type { EventStore } from '../../backend/infrastructure/event-store/event-store.port';
import { MemoryEventStore } from '../../backend/infrastructure/event-store/memory-event-store';
import { InProcessPublisher } from '../../backend/infrastructure/integration/in-process-publisher';
import { MemoryBlobStore } from '../../backend/infrastructure/blobs/blob-store';
import { FileMailer } from '../../backend/infrastructure/mail/file-mailer';
import { MemoryReadStore } from '../../backend/infrastructure/read-store/memory-read-store';
import type { ReadStore } from '../../backend/infrastructure/read-store/read-store.port';
import { MemorySearchIndex } from '../../backend/infrastructure/search/memory-search-index';
import type { ProjectionDefinition } from '../../projections/projection';

export interface TestApp {
  app: NestFastifyApplication;
  http: ReturnType<typeof request>;
  adapters: Adapters;
  clock: ManualClock;
  config: AppConfig;
  mailer: FileMailer;
  /** Logs in and answers the bearer token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export const DEMO_PASSWORD = 'demo-password';

/**
 * The real application on in-memory adapters, empty: a test builds what it needs with `test/support/fixtures`.
 * `seed: true` loads the demo organisation, for the suites that test the demo itself (say why at the call).
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    eventStore?: EventStore;
    readStore?: ReadStore;
    projections?: ProjectionDefinition[];
    blobs?: MemoryBlobStore;
  } = {},
): Promise<TestApp> {
  // POLICY_TICK_MS 0: time-driven policies run when a test asks (runAt, tick), never from a wall-clock timer in
  // the middle of another test's checks (a background digest once counted as a refused call's write).
  const config = loadConfig({ DEMO_PASSWORD, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', AUDIT_KEY: 'test-audit-key', POLICY_TICK_MS: '0', ...options.env });
  const clock = new ManualClock(new Date());
  const publisher = new InProcessPublisher();
  const readStore = options.readStore ?? new MemoryReadStore({ freezeAdopted: true });
  const adapters: Adapters = {
    eventStore: options.eventStore ?? new MemoryEventStore(),
    readStore,
    relayCheckpoints: new MemoryCheckpointStore(),
    publisher,
    searchIndex: new MemorySearchIndex(readStore),
    async close() {
      await this.eventStore.close();
      await this.readStore.close();
    },
  };
  const mailer = new FileMailer(null);
  const app = await createApp(config, {
    adapters,
    clock,
    mailer,
    blobs: options.blobs ?? new MemoryBlobStore(),
    seed: options.seed ?? false,
    projections: options.projections,
  });
  await app.getHttpAdapter().getInstance().ready();
  const http = request(app.getHttpServer());
  return {
    app,
    http,
    adapters,
    clock,
    config,
    mailer,
    async login(email, password = DEMO_PASSWORD) {
      const response = await http.post('/api/auth/login').send({ email, password }).expect(200);
      return response.body.token as string;
    },
    async close() {
      await app.close();
    },
  };
}
