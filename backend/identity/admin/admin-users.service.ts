import { userStream } from '../../../events';
import { Inject, Injectable } from '@nestjs/common';
import type { Role } from '../../../events';
import { CUSTOM_FIELDS, type CustomFieldDocument, GROUPS, type GroupDocument } from '../../../projections/organisation.projection';
import { USERS, type UserDocument } from '../../../projections/users.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SiteSettings } from '../../site';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError, ForbiddenError, NotFoundError, ValidationError, inOneDecision } from '../../infrastructure/decider/decider';
import { ReadModels } from '../../infrastructure/read-models';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import type { Actor } from '../../infrastructure/http/actor';
import { PasswordHasher } from '../auth/password-hasher';
import { passwordLinkDecider } from '../password-link/password-link.decider';
import { emailReservationDecider, emailStream } from '../email-reservation.decider';
import { UserRegistrationService } from '../user-registration.service';
import { NO_GROUP, type UserCommand, checkEmail, normaliseEmail, userDecider } from '../user.decider';
import { type AdminUserView, NO_GROUP_ITEM } from './admin-user.view';
import { adminUserView, groupItem } from './admin-user-rows';
import { adminUsersFilter, adminUsersSort } from './admin-users.filter';
import type { AdminUsersQuery } from './admin-users.query.dto';
import { type UserUpdate, applyRoleFlags } from './user-update';

/** The side panel's save: every change of the user stream in one append. */
const userDecision = inOneDecision(userDecider);

/** The admin user calls of spec §7: every change is a command on the user's stream. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly hasher: PasswordHasher,
    private readonly registration: UserRegistrationService,
    private readonly readModels: ReadModels,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettings,
  ) {}

  private get users() {
    return this.readStore.collection<UserDocument>(USERS);
  }

  async list(query: AdminUsersQuery): Promise<{ result: AdminUserView[]; total: number }> {
    const filter = adminUsersFilter(query);
    const { docs: users, total } = await this.users.findPage(filter, { sort: adminUsersSort(query), skip: query.page * query.size, limit: query.size });
    return { result: await this.views(users), total };
  }

  async view(userId: string): Promise<AdminUserView> {
    await this.readModels.settled();
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('Unknown user');
    return (await this.views([user]))[0];
  }

  async views(users: UserDocument[]): Promise<AdminUserView[]> {
    const [groups, fields] = await Promise.all([this.groupMap(), this.fieldMap()]);
    return users.map((user) => adminUserView(user, groups, fields));
  }

  /** The groups of the filter and the side panel, "no group" first. */
  async groups() {
    const groups = await this.readStore.collection<GroupDocument>(GROUPS).find({}, { sort: { order: 1, name: 1 } });
    return [NO_GROUP_ITEM, ...groups.map(groupItem)];
  }

  async customFields() {
    const fields = await this.readStore.collection<CustomFieldDocument>(CUSTOM_FIELDS).find({}, { sort: { name: 1 } });
    return fields.map(({ _id, name, labelEn, labelFr, labelEs, labelDe }) => ({ id: _id, name, labelEn, labelFr, labelEs, labelDe }));
  }

  /**
   * PUT update: the side panel sends the whole user after every field change; only differences become
   * events. Every reference is checked first, then the user stream gets one append for all of it.
   */
  async update(actor: Actor, update: UserUpdate): Promise<AdminUserView> {
    const current = await this.users.findById(update.id);
    if (!current) throw new NotFoundError('Unknown user');
    await this.checkReferences(update);
    const roles = update.roleFlags ? applyRoleFlags(current.roles, update.roleFlags) : undefined;
    if (roles) await this.guardLastAdmin(actor, [current], () => roles);
    const email = update.email === undefined || normaliseEmail(update.email) === current.email ? undefined : checkEmail(update.email);
    const commands: UserCommand[] = [
      { type: 'ChangeProfile', userId: current._id, firstName: update.firstName, lastName: update.lastName, email, img: update.img },
    ];
    if (roles) commands.push(await this.changeRolesCommand(current._id, roles));
    if (update.groupIds) commands.push({ type: 'ChangeGroups', userId: current._id, groupIds: update.groupIds, knownGroupIds: await this.knownGroupIds() });
    if (update.customFieldValues) {
      commands.push({ type: 'SetCustomFields', userId: current._id, values: update.customFieldValues, knownFieldIds: [...(await this.fieldMap()).keys()] });
    }
    // Decided once without writing, so a refusal never reserves (and releases) the new e-mail.
    if (email !== undefined) await this.commands.preview(userDecision, userStream(current._id), commands);
    await this.withEmail(current, email, () => this.commands.run(userDecision, userStream(current._id), commands));
    return this.view(current._id);
  }

  async requirePasswordChange(userId: string, required: boolean): Promise<void> {
    await this.existing(userId);
    await this.commands.run(userDecider, userStream(userId), { type: 'RequirePasswordChange', userId, required });
  }

  async setPassword(userId: string, password: string): Promise<{ message: string }> {
    if (!(await this.site.flags()).userPasswordIsEditable) throw new ForbiddenError('Passwords cannot be typed here; generate one instead.');
    const user = await this.existing(userId);
    await this.registration.checkPassword(password);
    const passwordHash = await this.hasher.hash(password);
    await this.commands.run(userDecider, userStream(userId), {
      type: 'SetPassword',
      userId,
      passwordHash,
      mustChangeAtNextLogin: user.mustChangePassword,
    });
    return { message: 'The password has been changed.' };
  }

  /**
   * The spec's "generate password": no password is made or mailed any more (issue 19). The request is
   * recorded on the user stream; the set-password link policy mails a single-use link with which the
   * user chooses the new password.
   */
  async generatePassword(email: string): Promise<{ message: string }> {
    const user = await this.users.findOne({ email: normaliseEmail(email) });
    if (!user) throw new NotFoundError('No user has this e-mail address.');
    await this.commands.run(passwordLinkDecider, userStream(user._id), { type: 'RequestPasswordLink', userId: user._id });
    return { message: `A link to choose a new password has been sent to ${user.email}.` };
  }

  async deactivate(actor: Actor, userIds: string[]): Promise<{ deactivated: number }> {
    const users = await this.existingMany(userIds);
    await this.guardLastAdmin(actor, users, (user) => user.roles, new Set(userIds));
    let deactivated = 0;
    for (const user of users.filter((u) => u.active)) {
      await this.commands.run(userDecider, userStream(user._id), { type: 'DeactivateUser', userId: user._id });
      deactivated++;
    }
    return { deactivated };
  }

  async reactivate(userIds: string[]): Promise<{ reactivated: number }> {
    const users = await this.existingMany(userIds);
    let reactivated = 0;
    for (const user of users.filter((u) => !u.active)) {
      await this.commands.run(userDecider, userStream(user._id), { type: 'ReactivateUser', userId: user._id });
      reactivated++;
    }
    return { reactivated };
  }

  /**
   * Batch edit: the selected groups and roles replace the users' own. "No group" (-1) or "no role"
   * (NONE) empties them. A parameter left out leaves that part untouched.
   */
  async batchUpdate(actor: Actor | null, userIds: string[], groupIds?: string[], roles?: string[]): Promise<{ updated: number }> {
    const users = await this.existingMany(userIds);
    const knownGroupIds = await this.knownGroupIds();
    const targetGroups = groupIds === undefined ? undefined : groupIds.includes(NO_GROUP) ? [] : groupIds;
    for (const id of targetGroups ?? []) if (!knownGroupIds.includes(id)) throw new ValidationError('groupsIds', `unknown group ${id}`);
    const targetRoles = roles === undefined ? undefined : roles.includes('NONE') ? [] : (roles as Role[]);
    if (targetRoles) {
      await this.guardLastAdmin(actor, users, () => targetRoles);
    }
    const failed: string[] = [];
    for (const user of users) {
      try {
        if (targetGroups) {
          await this.commands.run(userDecider, userStream(user._id), { type: 'ChangeGroups', userId: user._id, groupIds: targetGroups, knownGroupIds });
        }
        if (targetRoles) await this.changeRoles(user._id, targetRoles);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        failed.push(`${user.email}: ${error.message}`);
      }
    }
    if (failed.length) throw new DomainError(`Users batch update failed for ${failed.join('<br/>')}`, 400);
    return { updated: users.length };
  }

  async dismissGetStarted(userId: string, card: 'SPEACH' | 'USER'): Promise<void> {
    await this.commands.run(userDecider, userStream(userId), { type: 'DismissGetStarted', userId, card });
  }

  private async changeRoles(userId: string, roles: Role[]): Promise<void> {
    await this.commands.run(userDecider, userStream(userId), await this.changeRolesCommand(userId, roles));
  }

  private async changeRolesCommand(userId: string, roles: Role[]): Promise<UserCommand> {
    const aiEditors = await this.users.count({ roles: 'AI_EDITOR', active: true });
    return {
      type: 'ChangeRoles',
      userId,
      roles,
      workflowEnabled: (await this.site.flags()).workflowEnabled,
      aiLicenceAvailable: aiEditors < this.config.aiLicenses,
    };
  }

  /** A new e-mail is reserved before the user stream changes, released again if that change is refused, and the old one released after. */
  private async withEmail(user: UserDocument, next: string | undefined, change: () => Promise<unknown>): Promise<void> {
    if (next === undefined) {
      await change();
      return;
    }
    await this.commands.run(emailReservationDecider, emailStream(next), { type: 'ReserveEmail', userId: user._id });
    try {
      await change();
    } catch (error) {
      await this.commands.run(emailReservationDecider, emailStream(next), { type: 'ReleaseEmail', userId: user._id });
      throw error;
    }
    await this.commands.run(emailReservationDecider, emailStream(user.email), { type: 'ReleaseEmail', userId: user._id });
  }

  /**
   * Spec rule: the organisation always keeps an active admin. `rolesAfter` gives each affected
   * user's roles after the change; `leaving` are users the change deactivates.
   */
  private async guardLastAdmin(
    actor: Actor | null,
    affected: UserDocument[],
    rolesAfter: (user: UserDocument) => Role[],
    leaving: Set<string> = new Set(),
  ): Promise<void> {
    const losing = affected.filter((u) => u.active && u.roles.includes('ADMIN') && (leaving.has(u._id) || !rolesAfter(u).includes('ADMIN')));
    if (losing.length === 0) return;
    const activeAdmins = await this.users.find({ roles: 'ADMIN', active: true }, { projection: { _id: 1 } });
    const remaining = activeAdmins.filter((a) => !losing.some((l) => l._id === a._id));
    if (remaining.length === 0) {
      throw new DomainError(
        losing.some((l) => l._id === actor?.id)
          ? 'You are the last active administrator: you cannot remove your own access.'
          : 'The last active administrator cannot be deactivated or demoted.',
        409,
      );
    }
  }

  private async checkReferences(update: UserUpdate): Promise<void> {
    if (update.groupIds) {
      const known = await this.knownGroupIds();
      for (const id of update.groupIds) if (id !== NO_GROUP && !known.includes(id)) throw new ValidationError('user.groups', `unknown group ${id}`);
    }
  }

  private async existing(userId: string): Promise<UserDocument> {
    await this.readModels.settled();
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('Unknown user');
    return user;
  }

  private async existingMany(userIds: string[]): Promise<UserDocument[]> {
    await this.readModels.settled();
    const users = await this.users.findByIds(userIds);
    const missing = userIds.filter((id) => !users.some((u) => u._id === id));
    if (missing.length) throw new ValidationError('usersIds', `unknown users: ${missing.join(', ')}`);
    return users;
  }

  async knownGroupIds(): Promise<string[]> {
    return (await this.readStore.collection<GroupDocument>(GROUPS).find({}, { projection: { _id: 1 } })).map((g) => g._id);
  }

  private async groupMap(): Promise<Map<string, GroupDocument>> {
    return new Map((await this.readStore.collection<GroupDocument>(GROUPS).find()).map((g) => [g._id, g]));
  }

  private async fieldMap(): Promise<Map<string, CustomFieldDocument>> {
    return new Map((await this.readStore.collection<CustomFieldDocument>(CUSTOM_FIELDS).find()).map((f) => [f._id, f]));
  }
}
