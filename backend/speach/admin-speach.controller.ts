import { Body, Controller, Get, Inject, Put, Query } from '@nestjs/common';
import { GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import { type Actor } from '../infrastructure/http/actor';
import { DomainError, ValidationError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import {
  AdminSpeachQuery,
  AdminUpdateBody,
  AffectedGroupsBody,
  AffectedUsersBody,
  BatchUpdateSpeachBody,
  BatchUpdateSpeachQuery,
  CoEditorsBody,
  PeriodicReviewersQuery,
  SpeachIdQuery,
} from './speach.dto';
import { SpeachCommands } from './speach-commands.service';
import { SpeachLists } from './speach-lists.service';
import { SpeachQueries } from './speach-queries.service';
import type { BatchUpdateResult } from './admin-speach.view';

function parseSpeach(raw: unknown): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ValidationError('speach', 'speach must be a JSON object');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ValidationError('speach', 'speach must be a JSON object');
  return value as Record<string, unknown>;
}

function speachIdOf(speach: Record<string, unknown>): string {
  const id = speach.speachID ?? speach.id;
  if (typeof id !== 'string' || !id) throw new ValidationError('speach.speachID', 'speachID is required');
  return id;
}

/** Spec §7 "Admin speaches": administrators only, whatever the UI shows. */
@Controller('api/v2/admin/speach')
@Roles('ADMIN')
export class AdminSpeachController {
  constructor(
    private readonly lists: SpeachLists,
    private readonly queries: SpeachQueries,
    private readonly commands: SpeachCommands,
    private readonly readModels: ReadModels,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  @Get()
  async list(@CurrentUser() user: Actor, @Query() query: AdminSpeachQuery) {
    return this.lists.admin(await this.queries.viewer(user), query);
  }

  @Get('categories')
  categories() {
    return this.queries.categories();
  }

  @Get('groups')
  async groups() {
    return (await this.store.collection<GroupDocument>(GROUPS).find({}, { sort: { order: 1, name: 1 } })).map((g) => ({ id: g._id, name: g.name }));
  }

  /**
   * Applies author, visibility and category to each speach; a speach whose rules refuse the change
   * is skipped and reported, one with a scheduled publication is left out and counted.
   */
  @Put('batch-update')
  async batchUpdate(@CurrentUser() user: Actor, @Query() query: BatchUpdateSpeachQuery, @Body() body: BatchUpdateSpeachBody): Promise<BatchUpdateResult> {
    if (!query.authorId && !query.visibility && !query.categoryId) throw new ValidationError('query', 'Choose an author, a visibility or a category');
    if (query.authorId) await this.commands.checkUsers([query.authorId], 'authorId', 'FORMATEUR');
    if (query.categoryId) await this.commands.checkCategory(query.categoryId);
    const viewer = await this.queries.viewer(user);
    let updated = 0;
    let scheduledExcluded = 0;
    const skipped: { speachID: string; title: string; reason: string }[] = [];
    for (const id of [...new Set(body.speachesIds)]) {
      const doc = await this.queries.speaches.findById(id);
      if (!doc) {
        skipped.push({ speachID: id, title: '', reason: 'Unknown speach' });
        continue;
      }
      const scheduled = doc.versions.some((v) => v.scheduledFor !== null && v.scheduledFor > viewer.now && v.version > doc.withdrawnUpTo);
      if (scheduled && doc.published) {
        scheduledExcluded++;
        continue;
      }
      try {
        const { commands } = await this.commands.adminChanges(doc, { authorId: query.authorId, visibility: query.visibility, categoryId: query.categoryId });
        if (commands.length) await this.commands.run(user, id, commands);
        updated++;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        skipped.push({ speachID: id, title: doc.title, reason: error.message });
      }
    }
    await this.readModels.settled();
    return { updated, skipped, scheduledExcluded };
  }

  @Put('duplicate')
  async duplicate(@CurrentUser() user: Actor, @Query() query: SpeachIdQuery) {
    const id = await this.commands.copy(user, query.speachId, false);
    return this.queries.card(id, await this.queries.viewer(user));
  }

  @Put('createTemplate')
  async createTemplate(@CurrentUser() user: Actor, @Query() query: SpeachIdQuery) {
    const id = await this.commands.copy(user, query.speachId, true);
    return this.queries.card(id, await this.queries.viewer(user));
  }

  @Put('update')
  async update(@CurrentUser() user: Actor, @Body() body: AdminUpdateBody) {
    const speach = parseSpeach(body.speach);
    const id = speachIdOf(speach);
    const doc = await this.queries.document(id);
    const version = speach.version === undefined ? undefined : Number(speach.version);
    if (version !== undefined && !Number.isInteger(version)) throw new ValidationError('speach.version', 'version must be an integer');
    const { commands, pin } = await this.commands.adminChanges(doc, speach);
    await this.commands.adminUpdate(user, id, commands, pin, version);
    await this.readModels.settled();
    return this.queries.card(id, await this.queries.viewer(user));
  }

  @Put('updateCoEditors')
  async updateCoEditors(@CurrentUser() user: Actor, @Body() body: CoEditorsBody) {
    const raw = body.speach;
    const id = typeof raw === 'string' && !raw.trim().startsWith('{') ? raw : speachIdOf(parseSpeach(raw));
    if (body.coEditors === undefined && body.coGroups === undefined) throw new ValidationError('coEditors', 'Send coEditors or coGroups');
    if (body.coEditors !== undefined) {
      const ids = await this.commands.checkUsers(body.coEditors, 'coEditors', 'FORMATEUR');
      await this.commands.run(user, id, [{ type: 'SetCoEditors', userIds: ids }]);
    }
    if (body.coGroups !== undefined) {
      const ids = await this.commands.checkGroups(body.coGroups, 'coGroups');
      await this.commands.run(user, id, [{ type: 'SetCoEditorGroups', groupIds: ids }]);
    }
    return this.queries.card(id, await this.queries.viewer(user));
  }

  @Put('updateAffectedUsers')
  async updateAffectedUsers(@CurrentUser() user: Actor, @Body() body: AffectedUsersBody) {
    const ids = await this.commands.checkUsers(body.users, 'users');
    await this.commands.run(user, body.speachID, [{ type: 'SetAffectedUsers', userIds: ids }]);
    return this.queries.card(body.speachID, await this.queries.viewer(user));
  }

  @Put('updateAffectedGroups')
  async updateAffectedGroups(@CurrentUser() user: Actor, @Body() body: AffectedGroupsBody) {
    const ids = await this.commands.checkGroups(body.groups, 'groups');
    await this.commands.run(user, body.speachID, [{ type: 'SetAffectedGroups', groupIds: ids }]);
    return this.queries.card(body.speachID, await this.queries.viewer(user));
  }

  @Put('update-periodic-reviewers')
  async updatePeriodicReviewers(@CurrentUser() user: Actor, @Query() query: PeriodicReviewersQuery) {
    const users = await this.commands.checkUsers(query.users ?? [], 'users');
    const groups = await this.commands.checkGroups(query.groups ?? [], 'groups');
    await this.commands.run(user, query.speachId, [{ type: 'AssignPeriodicReviewers', userIds: users, groupIds: groups }]);
    return this.queries.card(query.speachId, await this.queries.viewer(user));
  }
}
