import { Inject, Injectable, Logger } from '@nestjs/common';
import { uuidv7, userStream } from '../../../events';
import { GROUPS, type GroupDocument } from '../../../projections/organisation.projection';
import { USERS, type UserDocument } from '../../../projections/users.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SiteSettings } from '../../site';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError, NotFoundError } from '../../infrastructure/decider/decider';
import { requestContext } from '../../infrastructure/http/request-context';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { UserRegistrationService } from '../user-registration.service';
import { userDecider } from '../user.decider';
import { parseUserCsv } from './user-csv';
import type { ImportJob, ImportPreview, ImportRow } from './user-import.view';

export type { ImportJob, ImportPreview } from './user-import.view';

/**
 * CSV import of users (spec §2 /administration/importUser): a preview with per-row errors, then an
 * import that runs in the background (progress polled by the screen). A file with errors imports
 * nothing unless the admin chooses to import only the valid rows.
 */
@Injectable()
export class UserImportService {
  private readonly logger = new Logger('UserImport');
  private readonly jobs = new Map<string, ImportJob>();

  constructor(
    private readonly registration: UserRegistrationService,
    private readonly commands: CommandRunner,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettings,
  ) {}

  async preview(csv: string): Promise<ImportPreview> {
    const rows = await this.parse(csv);
    const invalid = rows.filter((r) => r.errors.length).length;
    return { total: rows.length, valid: rows.length - invalid, invalid, rows };
  }

  async start(actorId: string, csv: string, onlyValid: boolean): Promise<ImportJob> {
    const rows = await this.parse(csv);
    const invalid = rows.filter((r) => r.errors.length);
    if (invalid.length && !onlyValid) {
      throw new DomainError(
        `${invalid.length} row(s) have errors; nothing was imported.`,
        400,
        invalid.flatMap((r) => r.errors.map((e) => ({ field: `line ${r.line}: ${e.field}`, reason: e.reason }))),
      );
    }
    const valid = rows.filter((r) => !r.errors.length);
    const job: ImportJob = {
      jobId: uuidv7(),
      state: 'running',
      total: valid.length,
      done: 0,
      imported: 0,
      failed: [],
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
    this.jobs.set(job.jobId, job);
    void requestContext.run({ userId: actorId, correlationId: job.jobId, lastAppendedPosition: 0 }, () => this.run(job, valid));
    return { ...job };
  }

  job(jobId: string): ImportJob {
    const job = this.jobs.get(jobId);
    if (!job) throw new NotFoundError('Unknown import job');
    return { ...job, failed: [...job.failed] };
  }

  private async run(job: ImportJob, rows: ImportRow[]): Promise<void> {
    const groupIds = await this.groupIdsByName();
    for (const row of rows) {
      try {
        const { userId } = await this.registration.register({
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          roles: row.roles,
          source: 'import',
        });
        if (row.groupNames.length) {
          const ids = row.groupNames.map((name) => groupIds.get(name.toLowerCase())!);
          await this.commands.run(userDecider, userStream(userId), { type: 'ChangeGroups', userId, groupIds: ids, knownGroupIds: [...groupIds.values()] });
        }
        job.imported++;
      } catch (error) {
        job.failed.push({ line: row.line, email: row.email, reason: error instanceof Error ? error.message : String(error) });
      }
      job.done++;
    }
    job.state = 'done';
    job.finishedAt = new Date().toISOString();
    this.logger.log(`Import ${job.jobId}: ${job.imported} imported, ${job.failed.length} failed`);
  }

  private async parse(csv: string): Promise<ImportRow[]> {
    const emails = await this.readStore.collection<UserDocument>(USERS).find({}, { projection: { email: 1 } });
    return parseUserCsv(csv, {
      existingEmails: new Set(emails.map((u) => u.email)),
      groupIdsByName: await this.groupIdsByName(),
      workflowEnabled: (await this.site.flags()).workflowEnabled,
    });
  }

  private async groupIdsByName(): Promise<Map<string, string>> {
    const groups = await this.readStore.collection<GroupDocument>(GROUPS).find({}, { projection: { name: 1 } });
    return new Map(groups.map((g) => [g.name.toLowerCase(), g._id]));
  }
}
