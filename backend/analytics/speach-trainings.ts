import { Inject, Injectable } from '@nestjs/common';
import { GXP_TRAINING, type GxpCompletion, type GxpTrainingDocument } from '../../projections/qualification.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { SpeachAccess, SpeachQueries, liveVersion, person } from '../speach';
import type { Actor } from '../infrastructure/http/actor';
import { ValidationError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import type { SpeachTrainingsView, TrainingRow, TrainingStatusFilter } from './speach-analytics.view';

export const TRAININGS_PAGE_MAX = 100;
const STATUSES: readonly TrainingStatusFilter[] = ['ALL', 'CURRENT', 'OUTDATED'];

function integerOf(field: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new ValidationError(field, `${field} must be an integer from ${min} to ${max}`);
  return n;
}

function statusOf(value: unknown): TrainingStatusFilter {
  if (value === undefined || value === '') return 'ALL';
  if (typeof value !== 'string' || !(STATUSES as readonly string[]).includes(value))
    throw new ValidationError('status', `status must be one of ${STATUSES.join(', ')}`);
  return value as TrainingStatusFilter;
}

/** The latest completion, as the reads export and the qualification answers take it. */
function latest(completions: GxpCompletion[]): GxpCompletion | null {
  return completions.reduce<GxpCompletion | null>((a, b) => (!a || b.at > a.at || (b.at === a.at && b.version > a.version) ? b : a), null);
}

/**
 * Issue 23 item 4 on the analytics page: which version each learner completed, from the `qualification` read model
 * the reads export uses (one document per learner and speach, indexed by speach). The learners of one speach are
 * sorted in memory, as the qualification query does: the cost grows with that speach's learners, not with the log.
 */
@Injectable()
export class SpeachTrainings {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly speaches: SpeachQueries,
    private readonly access: SpeachAccess,
  ) {}

  async forSpeach(user: Actor, speachId: string, query: { page?: unknown; size?: unknown; status?: unknown }): Promise<SpeachTrainingsView> {
    const page = integerOf('page', query.page, 0, 0, 1_000_000);
    const size = integerOf('size', query.size, 20, 1, TRAININGS_PAGE_MAX);
    const status = statusOf(query.status);
    const viewer = await this.speaches.viewer(user);
    const doc = await this.access.editable(speachId, viewer);
    const currentVersion = liveVersion(doc, viewer.now)?.version ?? null;
    const trainings = await this.store.collection<GxpTrainingDocument>(GXP_TRAINING).find({ speachId });
    const all = trainings.flatMap((t) => {
      const done = latest(t.completions);
      return done ? [{ t, done, outdated: currentVersion !== null && done.version < currentVersion }] : [];
    });
    const chosen = all
      .filter((r) => status === 'ALL' || r.outdated === (status === 'OUTDATED'))
      .sort((a, b) => Number(b.outdated) - Number(a.outdated) || b.done.at.localeCompare(a.done.at) || a.t.userId.localeCompare(b.t.userId));
    const slice = chosen.slice(page * size, (page + 1) * size);
    const users = new Map((await this.store.collection<UserDocument>(USERS).findByIds(slice.map((r) => r.t.userId))).map((u) => [u._id, u]));
    const rows: TrainingRow[] = slice.map(({ t, done, outdated }) => ({
      user: person(users.get(t.userId), t.userId),
      versionsRead: Object.entries(t.reads)
        .filter(([version, chapters]) => chapters.length > 0 && /^\d+$/.test(version))
        .map(([version]) => Number(version))
        .sort((a, b) => a - b),
      completedVersion: done.version,
      completedAt: done.at,
      contentHash: done.contentHash,
      pinned: done.pinned,
      signed: !!done.signature,
      outdated,
      retrainingDue: t.retrainingDue ?? null,
    }));
    return { currentVersion, total: chosen.length, outdated: all.filter((r) => r.outdated).length, page, size, rows };
  }
}
