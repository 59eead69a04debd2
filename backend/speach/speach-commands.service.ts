import { speachStream } from '../../events';
import { Inject, Injectable } from '@nestjs/common';
import { type ChapterContent, type Role, uuidv7 } from '../../events';
import { CATEGORIES, type CategoryDocument, GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { PasswordHasher } from '../identity';
import { type Actor } from '../infrastructure/http/actor';
import { Clock } from '../infrastructure/clock/clock';
import { CommandRunner, ConcurrencyError } from '../infrastructure/decider/command-runner';
import { DomainError, ValidationError, inOneDecision } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { HOME_PINS_STREAM, homePinsDecider } from './home-pins.decider';
import { ACCESS_CODE_MAX, type ExistingSpeach, type SpeachActor, type SpeachCommand, chapterSnapshots, speachDecider } from './speach.decider';
import { SpeachQueries } from './speach-queries.service';
import { isEditor } from './speach-views';
import type { SpeachDocument } from '../../projections/speaches.projection';

type Cmd = SpeachCommand extends infer C ? (C extends { speachId: string; actor: SpeachActor } ? Omit<C, 'speachId' | 'actor'> : never) : never;

const speachBatch = inOneDecision(speachDecider);

export { speachStream };

/** Commands on speaches: permissions and rules live in the deciders; this layer resolves references. */
@Injectable()
export class SpeachCommands {
  constructor(
    private readonly commands: CommandRunner,
    private readonly queries: SpeachQueries,
    private readonly readModels: ReadModels,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** Runs commands on one speach atomically; `version` is the client's stale-edit guard. */
  async run(actor: SpeachActor, speachId: string, commands: Cmd[], version?: number): Promise<void> {
    const full = commands.map((c) => ({ ...c, speachId, actor }) as SpeachCommand);
    // The actor is who caused it: a request's user, a seeded author, or the system's own policy ("system").
    await this.commands.run(speachBatch, speachStream(speachId), full, {
      userId: actor.id,
      ...(version === undefined ? {} : { expectedRevision: version }),
    });
    // A speach leaving the public published state leaves home too: the unpin-withdrawn-speach policy.
    await this.readModels.settled();
  }

  now(): string {
    return this.clock.now().toISOString();
  }

  async checkCategory(categoryId: string | null | undefined): Promise<void> {
    if (categoryId === undefined || categoryId === null) return;
    if (typeof categoryId !== 'string' || !(await this.store.collection<CategoryDocument>(CATEGORIES).findById(categoryId))) {
      throw new ValidationError('categoryId', 'Unknown category');
    }
  }

  async checkUsers(ids: unknown, field: string, role?: Role): Promise<string[]> {
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw new ValidationError(field, `${field} must be a list of user ids`);
    const users = await this.store.collection<UserDocument>(USERS).findByIds(ids as string[]);
    const found = new Map(users.map((u) => [u._id, u]));
    for (const id of ids as string[]) {
      const user = found.get(id);
      if (!user || !user.active) throw new ValidationError(field, `Unknown user ${id}`);
      if (role && !user.roles.includes(role)) throw new ValidationError(field, `${user.firstName} ${user.lastName} does not have the author role`);
    }
    return ids as string[];
  }

  async checkGroups(ids: unknown, field: string): Promise<string[]> {
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) throw new ValidationError(field, `${field} must be a list of group ids`);
    const groups = await this.store.collection<GroupDocument>(GROUPS).findByIds(ids as string[]);
    if (groups.length !== new Set(ids as string[]).size) throw new ValidationError(field, 'Unknown group');
    return ids as string[];
  }

  async hashAccessCode(code: unknown): Promise<string | null> {
    if (code === undefined || code === null || code === '') return null;
    if (typeof code !== 'string') throw new ValidationError('accessCode', 'accessCode must be a string');
    if (code.length > ACCESS_CODE_MAX) throw new ValidationError('accessCode', `accessCode must be at most ${ACCESS_CODE_MAX} characters`);
    return this.hasher.hash(code);
  }

  async create(
    user: Actor,
    input: { title: string; language: string; categoryId?: string | null; description?: string; templateId?: string | null; isTemplate?: boolean },
  ): Promise<string> {
    await this.checkCategory(input.categoryId);
    let chapters: ReturnType<typeof chapterSnapshots> = [];
    if (input.templateId) {
      const template = await this.queries.speaches.findById(input.templateId);
      if (!template || !template.isTemplate || template.archived) throw new ValidationError('templateId', 'Unknown template');
      chapters = chapterSnapshots(template.draft as ExistingSpeach, uuidv7);
    }
    const speachId = uuidv7();
    await this.run(user, speachId, [
      {
        type: 'CreateSpeach',
        title: input.title,
        description: input.description,
        language: input.language,
        categoryId: input.categoryId ?? null,
        isTemplate: input.isTemplate === true,
        templateId: input.templateId ?? null,
        duplicatedFrom: null,
        chapters,
      },
    ]);
    return speachId;
  }

  /** Duplicate (or make a template of) a speach: a new speach with the draft's content, the source recorded. */
  async copy(user: Actor, sourceId: string, asTemplate: boolean): Promise<string> {
    const source = await this.queries.document(sourceId);
    const viewer = await this.queries.viewer(user);
    if (!isEditor(source, viewer)) throw new DomainError('You may not copy this speach.', 403);
    const speachId = uuidv7();
    const title = asTemplate ? source.title : `${source.title} (copy)`.slice(0, 255);
    await this.run(user, speachId, [
      {
        type: 'CreateSpeach',
        title,
        description: source.description,
        language: source.language,
        categoryId: source.categoryId,
        isTemplate: asTemplate,
        templateId: null,
        duplicatedFrom: sourceId,
        chapters: chapterSnapshots(source.draft as ExistingSpeach, uuidv7),
      },
      ...(source.tags || source.img ? [{ type: 'ChangeDetails' as const, tags: source.tags, img: source.img }] : []),
      ...(source.badge !== 'NONE' ? [{ type: 'ConfigureBadge' as const, badge: source.badge }] : []),
      ...(source.lockedSubchapters ? [{ type: 'LockSubchapters' as const, locked: true }] : []),
      ...(source.cover ? [{ type: 'SetCover' as const, cover: source.cover }] : []),
    ]);
    return speachId;
  }

  async setContent(user: Actor, speachId: string, chapterId: string, content: ChapterContent, version?: number, nonMaterial?: boolean): Promise<void> {
    await this.run(user, speachId, [{ type: 'SetChapterContent', chapterId, content, nonMaterial }], version);
  }

  /**
   * The admin side panel's save: detail changes and the home pin as one decision. The speach's changes
   * are decided first without writing, the pin rule (at most 10) is checked on the state they lead to,
   * and only then is anything appended; an unpin follows the speach's changes.
   */
  async adminUpdate(user: SpeachActor, speachId: string, commands: Cmd[], pin: boolean | undefined, version?: number): Promise<void> {
    const full = commands.map((c) => ({ ...c, speachId, actor: user }) as SpeachCommand);
    const stream = speachStream(speachId);
    if (pin !== true) {
      if (full.length) await this.run(user, speachId, commands, version);
      if (pin === false) await this.pin(user, speachId, false);
      return;
    }
    const { state, revision } = await this.commands.preview(speachBatch, stream, full);
    // A stale version is refused before the pin is written.
    if (version !== undefined && version !== revision) throw new ConcurrencyError(stream);
    const eligible = state.status === 'active' && state.visibility === 'PUBLIC' && state.published && !state.archived && !state.isTemplate;
    await this.commands.run(homePinsDecider, HOME_PINS_STREAM, { type: 'Pin', speachId, isAdmin: user.isAdmin, eligible });
    try {
      if (full.length) await this.commands.run(speachBatch, stream, full, version === undefined ? {} : { expectedRevision: version });
    } catch (error) {
      await this.commands.run(homePinsDecider, HOME_PINS_STREAM, { type: 'Unpin', speachId, isAdmin: user.isAdmin });
      throw error;
    }
    await this.readModels.settled();
  }

  async pin(user: SpeachActor, speachId: string, pinned: boolean): Promise<void> {
    const doc = await this.queries.document(speachId);
    const eligible = doc.visibility === 'PUBLIC' && doc.published && !doc.archived && !doc.isTemplate;
    await this.commands.run(
      homePinsDecider,
      HOME_PINS_STREAM,
      pinned ? { type: 'Pin', speachId, isAdmin: user.isAdmin, eligible } : { type: 'Unpin', speachId, isAdmin: user.isAdmin },
    );
    await this.readModels.settled();
  }

  /** The batch-update and admin update commands for one speach, from the fields given. */
  async adminChanges(doc: SpeachDocument, input: Record<string, unknown>): Promise<{ commands: Cmd[]; pin?: boolean }> {
    const commands: Cmd[] = [];
    const details: Record<string, unknown> = {};
    for (const key of ['title', 'description', 'tags', 'language', 'categoryId', 'img'] as const) {
      if (input[key] !== undefined && input[key] !== (doc as unknown as Record<string, unknown>)[key]) details[key] = input[key];
    }
    if (details.categoryId !== undefined) await this.checkCategory(details.categoryId as string | null);
    for (const key of ['title', 'description', 'tags', 'language'] as const) {
      if (details[key] !== undefined && typeof details[key] !== 'string') throw new ValidationError(key, `${key} must be a string`);
    }
    if (Object.keys(details).length) commands.push({ type: 'ChangeDetails', ...(details as object) } as Cmd);
    if (input.authorId !== undefined && input.authorId !== doc.authorId) {
      await this.checkUsers([input.authorId], 'authorId', 'FORMATEUR');
      commands.push({ type: 'ChangeAuthor', authorId: input.authorId as string });
    }
    if (input.visibility !== undefined && (input.visibility !== doc.visibility || input.accessCode)) {
      commands.push({ type: 'ChangeVisibility', visibility: String(input.visibility), accessCodeHash: await this.hashAccessCode(input.accessCode) });
    } else if (input.accessCode !== undefined && input.accessCode !== null && input.accessCode !== '') {
      commands.push({ type: 'ChangeVisibility', visibility: doc.visibility, accessCodeHash: await this.hashAccessCode(input.accessCode) });
    }
    if (input.lockedSubchapters !== undefined) commands.push({ type: 'LockSubchapters', locked: input.lockedSubchapters === true });
    if (input.state !== undefined) {
      if (input.state !== 'PUBLIE' && input.state !== 'NON_PUBLIE') throw new ValidationError('state', 'state must be PUBLIE or NON_PUBLIE');
      if (input.state === 'PUBLIE' && !(doc.published && doc.liveFrom)) commands.push({ type: 'Publish', at: null, now: this.now() });
      if (input.state === 'NON_PUBLIE' && doc.published) commands.push({ type: 'Unpublish' });
    }
    const pin = input.isPinnedOnHome === undefined ? undefined : input.isPinnedOnHome === true;
    return { commands, pin: pin === doc.pinned ? undefined : pin };
  }
}
