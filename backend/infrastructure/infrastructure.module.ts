import { join } from 'node:path';
import { type DynamicModule, Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { allProjections } from '../../projections';
import type { ProjectionDefinition } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type Adapters, createAdapters } from './adapters';
import { Clock, SystemClock } from './clock/clock';
import { CommandRunner } from './decider/command-runner';
import { IntegrationRelay } from './integration/integration-relay';
import { BlobStore, FileBlobStore } from './blobs/blob-store';
import { FileMailer } from './mail/file-mailer';
import { ReadModels } from './read-models';
import { Mailer } from './mail/mailer.port';
import { MemoryCheckpointStore } from './checkpoints/memory-checkpoint-store';
import { MemoryReadStore } from './read-store/memory-read-store';
import { ReadModelSnapshots } from './read-store/read-model-snapshot';
import { ReadStoreDeadLetters } from './policies/dead-letter-store';
import { PolicyRunner } from './policies/policy-runner';
import {
  ADAPTERS,
  CHECKPOINT_STORE,
  EVENT_STORE,
  INTEGRATION_PUBLISHER,
  INTEGRATION_RELAY,
  PROJECTION_RUNNER,
  PROJECTIONS,
  READ_STORE,
} from './tokens';

export interface InfrastructureOptions {
  /** Adapters built by the caller (tests use in-memory ones); built from the config otherwise. */
  adapters?: Adapters;
  clock?: Clock;
  projections?: ProjectionDefinition[];
  mailer?: Mailer;
  blobs?: BlobStore;
}

/**
 * Starts the read side before the app answers: projections catch up with the store (the embedded
 * read store is loaded from its snapshot, when there is a good one, and caught up by replay here),
 * then the integration relay resumes from its checkpoint. The embedded read models are snapshotted
 * periodically and at shutdown.
 */
@Injectable()
export class Platform implements OnApplicationShutdown {
  private readonly logger = new Logger('Platform');
  private readonly snapshots: ReadModelSnapshots | null;
  constructor(
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(INTEGRATION_RELAY) private readonly relay: IntegrationRelay,
    @Inject(ADAPTERS) private readonly adapters: Adapters,
    @Inject(PROJECTIONS) definitions: ProjectionDefinition[],
    private readonly policies: PolicyRunner,
  ) {
    const { readModelSnapshot, readStore, projectionCheckpoints, eventStore } = adapters;
    // Only where the read models and their checkpoints both live in this process's memory: a snapshot
    // restores both together. Durable checkpoints (SQLite, Mongo) describe a durable read store instead.
    const embedded = readStore instanceof MemoryReadStore && projectionCheckpoints instanceof MemoryCheckpointStore;
    const logger = new Logger('ReadModelSnapshots');
    this.snapshots =
      readModelSnapshot && embedded
        ? new ReadModelSnapshots(readModelSnapshot.file, readModelSnapshot.settings, readStore, projections, definitions, eventStore, {
            log: (m) => logger.log(m),
            warn: (m) => logger.warn(m),
          })
        : null;
  }

  async start(): Promise<void> {
    const started = Date.now();
    if (this.snapshots) {
      const restored = await this.snapshots.restore(this.adapters.projectionCheckpoints);
      if (restored) {
        this.snapshots.remember(restored.restored);
        const rebuilt = restored.rebuilt.length ? `; replaying from 0: ${restored.rebuilt.join(', ')}` : '';
        this.logger.log(`Read models loaded from their snapshot (${restored.documents} documents) in ${restored.ms} ms${rebuilt}`);
      }
    }
    await this.projections.start();
    await this.projections.catchUp();
    this.logger.log(`Read models caught up in ${Date.now() - started} ms`);
    this.snapshots?.startPeriodic();
    await this.policies.start();
    await this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.policies.stop();
    await this.projections.stop();
    if (this.snapshots) {
      await this.snapshots.stop();
      await this.snapshots.write('shutdown');
    }
    await this.adapters.close();
  }
}

@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig, options: InfrastructureOptions = {}): DynamicModule {
    const logger = new Logger('Projections');
    const providers = [
      { provide: APP_CONFIG, useValue: config },
      { provide: ADAPTERS, useFactory: () => options.adapters ?? createAdapters(config) },
      { provide: EVENT_STORE, useFactory: (a: Adapters) => a.eventStore, inject: [ADAPTERS] },
      { provide: READ_STORE, useFactory: (a: Adapters) => a.readStore, inject: [ADAPTERS] },
      { provide: CHECKPOINT_STORE, useFactory: (a: Adapters) => a.projectionCheckpoints, inject: [ADAPTERS] },
      { provide: INTEGRATION_PUBLISHER, useFactory: (a: Adapters) => a.publisher, inject: [ADAPTERS] },
      { provide: PROJECTIONS, useValue: options.projections ?? allProjections },
      { provide: Clock, useValue: options.clock ?? new SystemClock() },
      { provide: BlobStore, useValue: options.blobs ?? new FileBlobStore(join(config.dataDir, 'blobs')) },
      { provide: Mailer, useValue: options.mailer ?? new FileMailer(join(config.dataDir, 'mail')) },
      {
        provide: PROJECTION_RUNNER,
        useFactory: (a: Adapters, projections: ProjectionDefinition[]) =>
          new ProjectionRunner(a.eventStore, a.readStore, a.projectionCheckpoints, projections, {
            log: (m) => logger.log(m),
            error: (m) => logger.error(m),
          }),
        inject: [ADAPTERS, PROJECTIONS],
      },
      {
        provide: INTEGRATION_RELAY,
        useFactory: (a: Adapters) => new IntegrationRelay(a.eventStore, a.publisher, a.relayCheckpoints, (m) => new Logger('Relay').warn(m)),
        inject: [ADAPTERS],
      },
      {
        provide: PolicyRunner,
        useFactory: (a: Adapters, clock: Clock) => {
          const log = new Logger('Policies');
          return new PolicyRunner(a.eventStore, a.relayCheckpoints, a.deadLetters ?? new ReadStoreDeadLetters(a.readStore), clock, {
            tickEveryMs: 60_000,
            log: (m) => log.log(m),
            error: (m) => log.error(m),
          });
        },
        inject: [ADAPTERS, Clock],
      },
      CommandRunner,
      ReadModels,
      Platform,
    ];
    return {
      module: InfrastructureModule,
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
