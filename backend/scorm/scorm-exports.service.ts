import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type RecordedEvent, type ScormExportRequested, type ScormType, scormExportStream, uuidv7 } from '../../events';
import type { ProjectionRunner } from '../../projections/projection-runner';
import { SCORM_EXPORTS, type ScormExportDocument } from '../../projections/scorm.projection';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BlobStore } from '../infrastructure/blobs/blob-store';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { DomainError, NotFoundError } from '../infrastructure/decider/decider';
import { requestContext } from '../infrastructure/http/request-context';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { ReadModels } from '../infrastructure/read-models';
import { PROJECTION_RUNNER, READ_STORE } from '../infrastructure/tokens';
import { Platform } from '../infrastructure/infrastructure.module';
import { PolicyRunner } from '../infrastructure/policies/policy-runner';
import { SiteSettings } from '../site';
import { SpeachQueries, type SpeachDocument, liveVersion } from '../speach';
import { EmbedTokens } from './embed-tokens.service';
import { CLASSIC_INCOMPATIBLE, scormExportDecider } from './scorm-export.decider';
import { type PackageChapter, buildPackage } from './scorm-package';
import { writeZip } from './zip-writer';
import type { ScormExportStarted, ScormExportView } from './scorm.view';

/** File names the calls accept: what `exportScorm` hands out, nothing that could climb out of the folder. */
export const PACKAGE_NAME = /^[a-z0-9][a-z0-9-]{0,160}\.zip$/;

export interface ScormExportRequest {
  speachId: string;
  type: ScormType;
  contentNavigation: boolean;
  contentDelayed: boolean;
  /** The address the learner's browser reaches this platform at: the lite SCO frames `{origin}/embed/…`. */
  origin: string;
  requestedBy: string;
}

function slug(title: string): string {
  const s = title
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return s || 'speach';
}

/**
 * SCORM export jobs (spec §7). A request validates everything and appends `ScormExportRequested` once
 * (a lite package's read token is granted by that same event); the worker then builds the package from the
 * published version, records its progress, writes `DATA_DIR/exports/scorm/{name}` (to a temporary name, then
 * renamed) and records completion or failure. A job the process left running is built again at start: the
 * build is deterministic, so the resumed job gives the very file the first would have.
 */
@Injectable()
export class ScormExports implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ScormExports.name);
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly queries: SpeachQueries,
    private readonly settings: SiteSettings,
    private readonly tokens: EmbedTokens,
    private readonly blobs: BlobStore,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly platform: Platform,
    policies: PolicyRunner,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
  ) {
    // Split roles: the API process records the request; the projector holding the lease builds the package.
    if (config.appRole !== 'all') {
      void policies.register<ScormExportRequested>({ name: 'scorm-export-dispatch', handles: { ScormExportRequested: (event) => this.dispatch(event) } });
    }
  }

  private async dispatch(event: RecordedEvent<ScormExportRequested>): Promise<void> {
    // The job starts from its read-model document: wait until the projection holds it (a timeout retries).
    if (!(await this.projections.waitFor(event.position, this.config.readYourWritesTimeoutMs))) throw new Error('The SCORM exports are not caught up yet');
    const doc = await this.exports.findById(event.data.name);
    if (doc?.status === 'RUNNING') this.start(doc);
  }

  private get exports() {
    return this.store.collection<ScormExportDocument>(SCORM_EXPORTS);
  }

  directory(): string {
    return join(this.config.dataDir, 'exports', 'scorm');
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.platform.runJobWorker({
      open: (allowed) => (this.stopping = !allowed),
      resume: () => this.resumeInterrupted(),
      stop: () => this.onApplicationShutdown(),
    });
  }

  private async resumeInterrupted(): Promise<void> {
    const interrupted = await this.exports.find({ status: 'RUNNING' }, { sort: { requestedAt: 1, _id: 1 } });
    for (const doc of interrupted) {
      this.logger.warn(`SCORM export ${doc._id} was interrupted: building it again`);
      this.start(doc);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running.values()]);
  }

  /** The version a package carries: the live one, or with `contentDelayed` the newest published one even if scheduled later. */
  private version(doc: SpeachDocument, contentDelayed: boolean): number | null {
    if (!doc.published || doc.archived) return null;
    if (!contentDelayed) return liveVersion(doc, this.clock.now().toISOString())?.version ?? null;
    const current = doc.versions.filter((v) => v.version > doc.withdrawnUpTo);
    return current.length ? current[current.length - 1].version : null;
  }

  async request(request: ScormExportRequest): Promise<ScormExportStarted> {
    const doc = await this.queries.document(request.speachId);
    const version = this.version(doc, request.contentDelayed);
    const versionDoc = version === null ? null : await this.queries.version(doc._id, version);
    const chapters = versionDoc?.chapters ?? [];
    const offendingChapters = [...new Set(chapters.filter((c) => CLASSIC_INCOMPATIBLE.has(c.content.type)).map((c) => c.title))];
    const classicEnabled = (await this.settings.flags()).scormClassicEnabled;
    const exportId = uuidv7();
    const name = `${slug(versionDoc?.title ?? doc.title)}-v${version ?? 0}-${request.type === 'SCORM_LITE' ? 'lite' : 'full'}-${exportId}.zip`;
    const token = request.type === 'SCORM_LITE' && version !== null ? await this.tokens.forPackage(doc._id, version) : null;
    await this.commands.run(scormExportDecider, scormExportStream(exportId), {
      type: 'RequestScormExport',
      exportId,
      name,
      speachId: doc._id,
      scormType: request.type,
      contentNavigation: request.contentNavigation,
      contentDelayed: request.contentDelayed,
      origin: request.origin,
      requestedBy: request.requestedBy,
      token: token && { tokenId: token.tokenId, expiresAt: token.expiresAt, series: token.series },
      facts: { version, classicEnabled, offendingChapters },
    });
    await this.readModels.settled();
    const created = await this.exports.findById(name);
    // An API process builds nothing: the projector's dispatch policy does.
    if (created && this.config.appRole !== 'api') this.start(created);
    return { dataValue: name };
  }

  private async known(name: string): Promise<ScormExportDocument> {
    const doc = PACKAGE_NAME.test(name) ? await this.exports.findById(name) : null;
    if (!doc) throw new NotFoundError('Unknown SCORM export');
    return doc;
  }

  /** Spec §7 checkScormCreated: false while the job runs, true once the file is there; a failed job is a 409 with its reason (the dialog stops polling). */
  async created(name: string): Promise<boolean> {
    const doc = await this.known(name);
    if (doc.status === 'FAILED') throw new DomainError(`The SCORM export failed: ${doc.reason ?? 'unknown reason'}`, 409);
    return doc.status === 'DONE' && existsSync(join(this.directory(), doc._id));
  }

  async status(name: string): Promise<ScormExportView> {
    const { _position: _p, ...doc } = await this.known(name);
    return doc;
  }

  /** The finished package's path: only a name the read model knows, inside the exports folder. */
  async file(name: string): Promise<{ path: string; bytes: number }> {
    const doc = await this.known(name);
    const path = join(this.directory(), doc._id);
    if (doc.status !== 'DONE' || !existsSync(path)) throw new NotFoundError('This SCORM package is not ready');
    return { path, bytes: doc.bytes ?? 0 };
  }

  /** The mass export's one download: the finished packages, each stored as is inside one zip. */
  async bundle(names: string[]): Promise<Buffer> {
    const entries = [];
    for (const name of [...new Set(names)]) {
      const { path } = await this.file(name);
      entries.push({ path: name, data: await readFile(path) });
    }
    return writeZip(entries);
  }

  /** Resolves when the job for this name has finished (tests, shutdown). */
  async settled(name: string): Promise<void> {
    await this.running.get(name);
  }

  private start(doc: ScormExportDocument): void {
    if (this.running.has(doc._id) || this.stopping) return;
    // The job runs outside the request: its own context, so its events carry the requester but not the request's wait.
    const job = requestContext.run({ userId: doc.requestedBy, correlationId: doc.exportId, lastAppendedPosition: 0 }, () => this.run(doc));
    this.running.set(doc._id, job);
    void job.finally(() => this.running.delete(doc._id));
  }

  private async run(doc: ScormExportDocument): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const stream = scormExportStream(doc.exportId);
    const target = join(this.directory(), doc._id);
    const partial = `${target}.partial`;
    try {
      const speach = await this.queries.document(doc.speachId);
      const version = await this.queries.version(doc.speachId, doc.version);
      if (!version) throw new Error(`Version ${doc.version} of the speach is not in the read model`);
      let embed: { url: string; origin: string } | undefined;
      if (doc.type === 'SCORM_LITE') {
        if (!doc.tokenId) throw new Error('The lite package has no access token');
        const token = await this.tokens.packageToken(doc.tokenId, doc.version);
        const query = new URLSearchParams({ access_token: token, tool: 'SPEACH', dedicatedTenant: new URL(doc.origin).host });
        embed = { url: `${doc.origin}/embed/${encodeURIComponent(doc.speachId)}?${query.toString()}`, origin: doc.origin };
      }
      let reported = -1;
      const built = await buildPackage(
        {
          speachId: doc.speachId,
          version: doc.version,
          title: version.title,
          language: speach.language,
          type: doc.type,
          contentNavigation: doc.contentNavigation,
          chapters: version.chapters as PackageChapter[],
          embed,
        },
        async (blobId) => this.blob(blobId),
        async (done, total) => {
          // A progress event per tenth (and the last): the circle moves without flooding the log.
          const step = Math.floor((done * 10) / total);
          if (step === reported || this.stopping) return;
          reported = step;
          await this.commands.run(scormExportDecider, stream, { type: 'RecordScormProgress', exportId: doc.exportId, done, total });
        },
      );
      if (this.stopping) return;
      const zip = writeZip(built.entries);
      await mkdir(this.directory(), { recursive: true });
      await writeFile(partial, zip);
      await rename(partial, target);
      const sha256 = createHash('sha256').update(zip).digest('hex');
      await this.commands.run(scormExportDecider, stream, {
        type: 'CompleteScormExport',
        exportId: doc.exportId,
        bytes: zip.length,
        sha256,
        contentSha256: built.contentSha256,
      });
    } catch (error) {
      this.logger.error(`SCORM export ${doc._id} failed: ${(error as Error).message}`);
      await rm(partial, { force: true }).catch(() => undefined);
      await this.commands
        .run(scormExportDecider, stream, { type: 'FailScormExport', exportId: doc.exportId, reason: (error as Error).message })
        .catch(() => undefined);
    }
  }

  private async blob(blobId: string): Promise<Buffer> {
    const stored = await this.blobs.get(blobId);
    if (!stored) throw new Error(`A file of the speach is missing from the store (${blobId})`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.open()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
