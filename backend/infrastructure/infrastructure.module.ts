import { join } from 'node:path';
import { type DynamicModule, Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { JobResults } from './jobs/job-results';
import { allProjections } from '../../projections';
import type { ProjectionDefinition } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type Adapters, createAdapters } from './adapters';
import { Clock, SystemClock } from './clock/clock';
import { CommandRunner } from './decider/command-runner';
import { IntegrationRelay } from './integration/integration-relay';
import { BlobStore, FileBlobStore } from './blobs/blob-store';
import { createMailer } from './mail/create-mailer';
import { ReadModels } from './read-models';
import { Mailer } from './mail/mailer.port';
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
  SEARCH_INDEX,
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
 * Starts the read side before the app answers: projections resume from their checkpoints (stored
 * with the read models, so a durable store replays only what it does not hold yet) and catch up with
 * the store, then the integration relay resumes from its checkpoint.
 */
@Injectable()
export class Platform implements OnApplicationShutdown {
  private readonly logger = new Logger('Platform');
  constructor(
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(INTEGRATION_RELAY) private readonly relay: IntegrationRelay,
    @Inject(ADAPTERS) private readonly adapters: Adapters,
    private readonly policies: PolicyRunner,
  ) {}

  async start(): Promise<void> {
    const started = Date.now();
    await this.projections.start();
    await this.projections.catchUp();
    this.logger.log(`Read models caught up in ${Date.now() - started} ms`);
    await this.policies.start();
    await this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.policies.stop();
    await this.projections.stop();
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
      { provide: CHECKPOINT_STORE, useFactory: (a: Adapters) => a.readStore.checkpoints, inject: [ADAPTERS] },
      { provide: INTEGRATION_PUBLISHER, useFactory: (a: Adapters) => a.publisher, inject: [ADAPTERS] },
      { provide: SEARCH_INDEX, useFactory: (a: Adapters) => a.searchIndex, inject: [ADAPTERS] },
      { provide: PROJECTIONS, useValue: options.projections ?? allProjections },
      { provide: Clock, useValue: options.clock ?? new SystemClock() },
      { provide: BlobStore, useValue: options.blobs ?? new FileBlobStore(join(config.dataDir, 'blobs')) },
      { provide: Mailer, useValue: options.mailer ?? createMailer(config) },
      {
        provide: PROJECTION_RUNNER,
        useFactory: (a: Adapters, projections: ProjectionDefinition[]) =>
          new ProjectionRunner(a.eventStore, a.readStore, projections, {
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
      JobResults,
    ];
    return {
      module: InfrastructureModule,
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}
