import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { type DynamicModule, Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { JobResults } from './jobs/job-results';
import { allProjections } from '../../projections';
import type { ProjectionDefinition } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Metrics } from '../observability/metrics';
import { instrumentAdapters, instrumentReadStore } from '../observability/instrumented-adapters';
import { type Adapters, createAdapters, withUpcasting } from './adapters';
import { Clock, SystemClock } from './clock/clock';
import { CommandRunner } from './decider/command-runner';
import { IntegrationRelay } from './integration/integration-relay';
import { BlobStore, FileBlobStore } from './blobs/blob-store';
import { createMailer } from './mail/create-mailer';
import { ReadModels } from './read-models';
import { Mailer } from './mail/mailer.port';
import { ReadStoreDeadLetters } from './policies/dead-letter-store';
import { PolicyRunner } from './policies/policy-runner';
import { LeaseKeeper } from './leases/lease-keeper';
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

/** The lease a projector process runs the projections, policies, relay and job workers under. */
export const PROJECTOR_LEASE = 'projector';
/** This process, as the owner of its leases. */
export const PROCESS_OWNER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Background work outside the runners (job workers): started and stopped with the projector's work. */
export interface BackgroundWorker {
  startWork(): Promise<void> | void;
  stopWork(): Promise<void> | void;
}

export interface Readiness {
  ready: boolean;
  role: AppConfig['appRole'];
  state: 'starting' | 'running' | 'stopping';
  /** A projector's lease: whether this process does the work now, or stands by to take it over. */
  lease?: 'held' | 'standby';
}

/**
 * Starts what this process's role runs (APP_ROLE). `all`: the read side catches up before the app
 * answers (projections resume from their checkpoints, stored with the read models), then the
 * policies, the relay and the job workers. `api`: none of it, its reads wait on the stored
 * checkpoints. `projector`: the same work as `all`, but only while it holds the projector lease;
 * a standby takes it over within a lease TTL when the holder dies.
 */
@Injectable()
export class Platform implements OnApplicationShutdown {
  private readonly logger = new Logger('Platform');
  private readonly workers: BackgroundWorker[] = [];
  private keeper: LeaseKeeper | null = null;
  private state: Readiness['state'] = 'starting';
  private working = false;
  /** The lease term this projector works in (its fencing token). */
  private term: number | null = null;
  constructor(
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(INTEGRATION_RELAY) private readonly relay: IntegrationRelay,
    @Inject(ADAPTERS) private readonly adapters: Adapters,
    private readonly policies: PolicyRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether this process may run background work at all (its role is not `api`). */
  get runsBackgroundWork(): boolean {
    return this.config.appRole !== 'api';
  }

  /** A job worker joins the projector's work: started now if it runs, and with every later start. */
  addWorker(worker: BackgroundWorker): void {
    if (!this.runsBackgroundWork) return;
    this.workers.push(worker);
    if (this.working) void Promise.resolve(worker.startWork()).catch((e: unknown) => this.logger.error(`Worker did not start: ${String(e)}`));
  }

  /**
   * Runs a job worker as the role says: never in `api`; at once in `all`; in `projector`, while it holds
   * the lease (started each time it takes it, stopped when it loses it). `open(false)` keeps the worker
   * from taking jobs until it may; its stop leaves running jobs pending for the next start.
   */
  async runJobWorker(worker: { open(allowed: boolean): void; resume(): Promise<void>; stop(): Promise<void> | void }): Promise<void> {
    if (this.config.appRole === 'all') return worker.resume();
    worker.open(false);
    this.addWorker({
      startWork: () => {
        worker.open(true);
        return worker.resume();
      },
      stopWork: () => worker.stop(),
    });
  }

  async start(): Promise<void> {
    const role = this.config.appRole;
    if (role === 'all') {
      const started = Date.now();
      await this.projections.start();
      await this.projections.catchUp();
      this.logger.log(`Read models caught up in ${Date.now() - started} ms`);
      await this.policies.start();
      await this.relay.start();
      this.working = true;
    } else if (role === 'projector') {
      const { leases, readStore } = this.adapters;
      if (!leases) throw new Error('APP_ROLE=projector needs a lease store (the SQLite read store or MongoDB)');
      const owner = PROCESS_OWNER;
      const fenced = readStore as { fence?: (lease: string, owner: string, token: number) => void };
      this.policies.runsWhile(async () => {
        const lease = await leases.holder(PROJECTOR_LEASE);
        return !!lease && lease.owner === owner && lease.token === this.term;
      });
      const start = async (token: number) => {
        this.term = token;
        fenced.fence?.(PROJECTOR_LEASE, owner, token);
        await this.startWork();
      };
      this.keeper = new LeaseKeeper(
        leases,
        PROJECTOR_LEASE,
        owner,
        { start, stop: () => this.stopWork() },
        {
          ttlMs: this.config.leaseTtlMs,
          log: (m) => this.logger.log(m),
          error: (m) => this.logger.error(m),
        },
      );
      await this.keeper.start();
    }
    this.state = 'running';
  }

  readiness(): Readiness {
    return {
      ready: this.state === 'running',
      role: this.config.appRole,
      state: this.state,
      ...(this.keeper ? { lease: this.keeper.held ? ('held' as const) : ('standby' as const) } : {}),
    };
  }

  /** Readiness turns false first, so a proxy stops sending requests while the in-flight ones finish. */
  beginShutdown(): void {
    this.state = 'stopping';
  }

  async onApplicationShutdown(): Promise<void> {
    this.state = 'stopping';
    if (this.keeper) await this.keeper.stop();
    else if (this.working) await this.stopWork();
    await this.adapters.close();
  }

  /** Under the lease: the projections resume from their stored checkpoints; nothing waits for them to catch up. */
  private async startWork(): Promise<void> {
    await this.projections.start();
    await this.policies.start();
    await this.relay.start();
    this.working = true;
    for (const worker of this.workers) await worker.startWork();
  }

  /** Finishes the batch under way, then stops; the lease is released (or lost) only after this. */
  private async stopWork(): Promise<void> {
    this.working = false;
    for (const worker of this.workers) await worker.stopWork();
    await this.relay.stop();
    await this.policies.stop();
    await this.projections.stop();
    await this.projections.exclusive(() => undefined);
  }
}

@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig, options: InfrastructureOptions = {}): DynamicModule {
    const logger = new Logger('Projections');
    const providers = [
      { provide: APP_CONFIG, useValue: config },
      { provide: Metrics, useValue: new Metrics() },
      {
        provide: ADAPTERS,
        useFactory: async (metrics: Metrics) => instrumentAdapters(withUpcasting(await (options.adapters ?? createAdapters(config))), metrics),
        inject: [Metrics],
      },
      { provide: EVENT_STORE, useFactory: (a: Adapters) => a.eventStore, inject: [ADAPTERS] },
      { provide: READ_STORE, useFactory: (a: Adapters, metrics: Metrics) => instrumentReadStore(a.readStore, metrics), inject: [ADAPTERS, Metrics] },
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
          new ProjectionRunner(
            a.eventStore,
            a.readStore,
            projections,
            { log: (m) => logger.log(m), error: (m) => logger.error(m) },
            // API processes wait on the projections' stored checkpoints: a projector saves them every batch.
            config.appRole === 'projector' ? { idleSaveMs: 0 } : {},
          ),
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
            tickEveryMs: config.policyTickMs,
            // API processes wait on the policies' stored checkpoints: a projector saves them every batch.
            ...(config.appRole === 'projector' ? { idleSaveMs: 0 } : {}),
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
