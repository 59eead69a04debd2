import type { Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type { EventStore } from '../../event-store/event-store.port';
import { EVENT_STORE } from '../../tokens';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IDEMPOTENCY_STORE, type IdempotencyStore, MemoryIdempotencyStore } from './idempotency-store';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store';

/**
 * The store beside the event log: a SQLite file in DATA_DIR wherever the log is durable, memory when
 * the log itself is (tests). Listed after the read-your-writes interceptor, so it runs inside the
 * request's context and a replay waits for the projections like the first answer did.
 */
export const idempotencyProviders: Provider[] = [
  {
    provide: IDEMPOTENCY_STORE,
    inject: [APP_CONFIG, EVENT_STORE],
    useFactory: (config: AppConfig, eventStore: EventStore): IdempotencyStore =>
      eventStore.adapter === 'memory'
        ? new MemoryIdempotencyStore(config.idempotency.maxKeys)
        : new SqliteIdempotencyStore(join(config.dataDir, 'idempotency.sqlite'), config.idempotency.maxKeys, config.idempotency.ttlHours * 3600_000),
  },
  { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
];
