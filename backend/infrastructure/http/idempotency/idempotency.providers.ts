import type { Provider } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IDEMPOTENCY_STORE, type IdempotencyStore, MemoryIdempotencyStore } from './idempotency-store';
import { SqliteIdempotencyStore } from './sqlite-idempotency-store';

/**
 * A SQLite file in DATA_DIR when the process runs on its configured adapters, memory when the caller
 * brings its own (tests). The interceptor is not global of its own: the read-your-writes interceptor
 * runs it inside the request's context (a replay waits for the projections like the first answer
 * did), which spares every request a layer of Nest's interceptor chain.
 */
export function idempotencyProviders(durable: boolean): Provider[] {
  return [
    {
      provide: IDEMPOTENCY_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): IdempotencyStore =>
        durable
          ? new SqliteIdempotencyStore(join(config.dataDir, 'idempotency.sqlite'), config.idempotency.maxKeys, config.idempotency.ttlHours * 3600_000)
          : new MemoryIdempotencyStore(config.idempotency.maxKeys),
    },
    IdempotencyInterceptor,
  ];
}
