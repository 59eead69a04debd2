import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import { type CsvExportFile, uuidv7 } from '../../events';
import { CSV_EXPORTS, type CsvExportDocument } from '../../projections/csv-exports.projection';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { NotFoundError } from '../infrastructure/decider/decider';
import { requestContext } from '../infrastructure/http/request-context';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { ReadModels } from '../infrastructure/read-models';
import { READ_STORE } from '../infrastructure/tokens';
import { csvExportDecider, exportStream } from './csv-export.decider';
import { CSV_TEMPLATES, type CsvTemplate } from './csv-templates';
import type { ExportJobView, ExportProgress } from './exports.view';

/** Source documents read per query: the most the job holds in memory at once. */
export const EXPORT_PAGE_SIZE = 1000;

export type { ExportJobView, ExportProgress } from './exports.view';

/**
 * CSV exports as background jobs. The request records `CsvExportRequested` and answers at once;
 * the job pages through the read store, streams each template through csv-stringify into
 * `DATA_DIR/exports/{exportId}/{template}.csv` (UTF-8 with BOM, RFC 4180), then records
 * `CsvExportCompleted` with the files (or `CsvExportFailed`). Progress lives in memory while the job runs.
 */
@Injectable()
export class ExportJobs implements OnApplicationShutdown {
  private readonly logger = new Logger(ExportJobs.name);
  private readonly running = new Map<string, { progress: ExportProgress; finished: Promise<void> }>();
  /** The final progress of jobs this process ran (bounded), so their status keeps the page counts. */
  private readonly finishedProgress = new Map<string, ExportProgress>();

  constructor(
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  templates(): CsvTemplate[] {
    return CSV_TEMPLATES;
  }

  directory(exportId: string): string {
    return join(this.config.dataDir, 'exports', exportId);
  }

  async launch(userId: string, templateNames: string[]): Promise<ExportJobView> {
    const exportId = uuidv7();
    await this.commands.run(csvExportDecider, exportStream(exportId), {
      type: 'RequestExport',
      exportId,
      templateNames,
      knownTemplates: CSV_TEMPLATES.map((t) => t.templateName),
      requestedBy: userId,
    });
    await this.readModels.settled();
    const templates = [...new Set(templateNames)].map((name) => CSV_TEMPLATES.find((t) => t.templateName === name)!);
    const progress: ExportProgress = { done: 0, total: 0, percent: 0, currentTemplate: null, pagesRead: 0, largestPage: 0 };
    // The job runs outside the request: its own context, so its events carry the requester but not the request's wait.
    const finished = requestContext.run({ userId, correlationId: exportId, lastAppendedPosition: 0 }, () => this.run(exportId, templates, progress));
    this.running.set(exportId, { progress, finished });
    void finished.finally(() => {
      this.running.delete(exportId);
      this.finishedProgress.set(exportId, progress);
      if (this.finishedProgress.size > 100) this.finishedProgress.delete(this.finishedProgress.keys().next().value as string);
    });
    return this.job(exportId);
  }

  /** Resolves when the job has finished (tests, shutdown). */
  async settled(exportId: string): Promise<void> {
    await this.running.get(exportId)?.finished;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((job) => job.finished));
  }

  async job(exportId: string): Promise<ExportJobView> {
    const doc = await this.readStore.collection<CsvExportDocument>(CSV_EXPORTS).findById(exportId);
    if (!doc) throw new NotFoundError('Unknown export');
    return this.view(doc);
  }

  async recent(limit = 20): Promise<ExportJobView[]> {
    const docs = await this.readStore.collection<CsvExportDocument>(CSV_EXPORTS).find({}, { sort: { requestedAt: -1, _id: -1 }, limit });
    return docs.map((doc) => this.view(doc));
  }

  /** The path of a finished export's file, or 404. */
  async file(exportId: string, templateName: string): Promise<{ path: string; file: CsvExportFile }> {
    const doc = await this.readStore.collection<CsvExportDocument>(CSV_EXPORTS).findById(exportId);
    const file = doc?.status === 'DONE' ? doc.files.find((f) => f.templateName === templateName) : undefined;
    if (!file) throw new NotFoundError('Unknown export file');
    return { path: join(this.directory(exportId), file.fileName), file };
  }

  private view(doc: CsvExportDocument): ExportJobView {
    const live = this.running.get(doc._id);
    const finishedProgress: ExportProgress = this.finishedProgress.get(doc._id) ?? {
      done: 0,
      total: 0,
      percent: doc.status === 'RUNNING' ? 0 : 100,
      currentTemplate: null,
      pagesRead: 0,
      largestPage: 0,
    };
    return {
      id: doc._id,
      status: doc.status === 'RUNNING' && !live ? 'INTERRUPTED' : doc.status,
      templateNames: doc.templateNames,
      requestedBy: doc.requestedBy,
      requestedAt: doc.requestedAt,
      finishedAt: doc.finishedAt,
      reason: doc.reason,
      progress: live ? { ...live.progress } : finishedProgress,
      files: doc.files.map((f) => ({ ...f, url: `/administration/exports/${doc._id}/files/${encodeURIComponent(f.templateName)}` })),
    };
  }

  private async run(exportId: string, templates: CsvTemplate[], progress: ExportProgress): Promise<void> {
    // Let the request answer first.
    await new Promise((resolve) => setImmediate(resolve));
    const directory = this.directory(exportId);
    try {
      const counts = await Promise.all(templates.map((t) => t.count(this.readStore)));
      progress.total = counts.reduce((a, b) => a + b, 0);
      await mkdir(directory, { recursive: true });
      const files: CsvExportFile[] = [];
      for (const template of templates) {
        progress.currentTemplate = template.templateName;
        files.push(await this.write(template, join(directory, `${template.templateName}.csv`), progress));
      }
      progress.percent = 100;
      progress.currentTemplate = null;
      await this.commands.run(csvExportDecider, exportStream(exportId), { type: 'CompleteExport', exportId, files });
    } catch (error) {
      this.logger.error(`CSV export ${exportId} failed: ${(error as Error).message}`);
      await rm(directory, { recursive: true, force: true }).catch(() => undefined);
      await this.commands
        .run(csvExportDecider, exportStream(exportId), { type: 'FailExport', exportId, reason: (error as Error).message })
        .catch(() => undefined);
    }
  }

  private async write(template: CsvTemplate, path: string, progress: ExportProgress): Promise<CsvExportFile> {
    let rows = 0;
    const readStore = this.readStore;
    async function* source() {
      for await (const page of template.pages(readStore, EXPORT_PAGE_SIZE)) {
        progress.pagesRead += 1;
        progress.largestPage = Math.max(progress.largestPage, page.sources);
        for (const row of page.rows) {
          rows += 1;
          yield row;
        }
        progress.done += page.sources;
        progress.percent = progress.total ? Math.min(99, Math.floor((progress.done / progress.total) * 100)) : 99;
      }
    }
    // csv-stringify applies back-pressure: a page is read only when the file has taken the previous one.
    // escape_formulas: a cell starting with = + - @ tab or CR is prefixed with ' so a spreadsheet shows it as text, never runs it.
    const csv = stringify({
      header: true,
      columns: template.columns,
      bom: true,
      record_delimiter: '\r\n',
      quoted_match: /[\r\n]/,
      escape_formulas: true,
      cast: { boolean: (value) => String(value) },
    });
    await pipeline(source(), csv, createWriteStream(path));
    const { size } = await stat(path);
    return { templateName: template.templateName, fileName: `${template.templateName}.csv`, rows, bytes: size };
  }
}
