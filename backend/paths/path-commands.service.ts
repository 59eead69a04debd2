import { Inject, Injectable } from '@nestjs/common';
import { pathLearnerStream, pathStream, uuidv7 } from '../../events';
import { GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import { PATHS, type PathDocument } from '../../projections/paths.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import type { Actor } from '../infrastructure/http/actor';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { SpeachAccess, SpeachQueries } from '../speach';
import { type PathActor, type PathChange, type PathCommand, pathDecider } from './path.decider';
import { pathLearnerDecider } from './path-learner.decider';
import type { PathDetailsDocument } from './path-details.dto';

/** A due date: a day (`YYYY-MM-DD`, end of that day UTC) or a full date-time; empty means none. */
export function dueDateOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new ValidationError('dueDate', 'dueDate must be a date (YYYY-MM-DD) or a date-time');
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value;
  if (Number.isNaN(Date.parse(iso))) throw new ValidationError('dueDate', 'dueDate must be a date (YYYY-MM-DD) or a date-time');
  return new Date(iso).toISOString();
}

/** The path editor's writes (spec §7 "Learning paths"): references are resolved here, the rules are the decider's. */
@Injectable()
export class PathCommands {
  constructor(
    private readonly commands: CommandRunner,
    private readonly speaches: SpeachQueries,
    private readonly access: SpeachAccess,
    private readonly readModels: ReadModels,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  actor(user: Actor): PathActor {
    return { id: user.id, isAdmin: user.isAdmin, isAuthor: user.isAuthor };
  }

  private async run(user: Actor, pathId: string, change: PathChange, version?: number): Promise<void> {
    await this.commands.run(
      pathDecider,
      pathStream(pathId),
      { ...change, actor: this.actor(user) } as PathCommand,
      version === undefined ? {} : { expectedRevision: version },
    );
    await this.readModels.settled();
  }

  /** `PUT /api/v2/learningPath`: a path without `pathId` is created, otherwise its details change. */
  async save(user: Actor, path: PathDetailsDocument, ifMatch?: number): Promise<string> {
    const { pathId, version, ...details } = path;
    if (!pathId) {
      const created = uuidv7();
      await this.run(user, created, { type: 'Create', pathId: created, details });
      return created;
    }
    await this.run(user, pathId, { type: 'ChangeDetails', details }, version ?? ifMatch);
    return pathId;
  }

  async changeGroup(user: Actor, pathId: string, groupId: string, add: boolean, dueDate: string | null, version?: number): Promise<void> {
    if (!(await this.store.collection<GroupDocument>(GROUPS).findById(groupId))) throw new NotFoundError('Unknown group');
    await this.run(user, pathId, { type: 'ChangeGroup', groupId, add, dueDate }, version);
  }

  async changeUser(user: Actor, pathId: string, userId: string, add: boolean, dueDate: string | null, version?: number): Promise<void> {
    const target = await this.store.collection<UserDocument>(USERS).findById(userId);
    if (!target || (add && !target.active)) throw new NotFoundError('Unknown user');
    await this.run(user, pathId, { type: 'ChangeUser', userId, add, dueDate }, version);
  }

  /** The editor must be able to read the speach now (the one access rule, SpeachAccess). */
  async addSpeach(user: Actor, pathId: string, speachId: string, version?: number): Promise<void> {
    const doc = await this.speaches.document(speachId);
    const mayView = await this.access.canRead(await this.speaches.viewer(user), doc);
    await this.run(user, pathId, { type: 'AddSpeach', speachId, mayView, addable: !doc.archived && !doc.isTemplate }, version);
  }

  async removeSpeach(user: Actor, pathId: string, speachId: string, version?: number): Promise<void> {
    await this.run(user, pathId, { type: 'RemoveSpeach', speachId }, version);
  }

  async recordOrder(user: Actor, pathId: string, order: string, version?: number): Promise<void> {
    const speachIds = order
      .split(';')
      .map((id) => id.trim())
      .filter(Boolean);
    await this.run(user, pathId, { type: 'RecordOrder', speachIds }, version);
  }

  async lifecycle(user: Actor, pathId: string, type: 'Publish' | 'Unpublish' | 'Archive', version?: number): Promise<void> {
    await this.run(user, pathId, { type }, version);
  }

  async enrol(user: Actor, pathId: string): Promise<void> {
    const path = await this.store.collection<PathDocument>(PATHS).findById(pathId);
    if (!path || path.archived) throw new NotFoundError('Unknown learning path');
    await this.commands.run(pathLearnerDecider, pathLearnerStream(pathId, user.id), {
      type: 'Enrol',
      pathId,
      userId: user.id,
      pathPublished: path.published,
      openForSelfEnrolment: path.openForSelfEnrolment,
    });
    await this.readModels.settled();
  }
}
