import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ROLES, type Role } from '../../events';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { NO_GROUP } from './user.decider';
import { adminUsersFilter, userTextFilter } from './admin/admin-users.filter';
import { AdminUsersQuery } from './admin/admin-users.query.dto';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { ReadModels } from '../infrastructure/read-models';
import { READ_STORE } from '../infrastructure/tokens';
import { AdminUsersService } from './admin/admin-users.service';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import type { Actor } from '../infrastructure/http/actor';
import { restList } from './organisation/rest-list';
import { UserRegistrationService } from './user-registration.service';
import { UserRecordBody } from './users-rest.dto';
import { roleFlagsOf } from './admin/user-update';
import type { UserRecord } from './user-record.view';

export type { UserRecord } from './user-record.view';

function list(field: string, value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((v) => typeof v === 'string')) throw new ValidationError(field, 'must be a list of ids');
  return values as string[];
}

function roleList(value: unknown): string[] {
  const roles = list('filter.roles', value);
  for (const role of roles) if (role !== 'NONE' && !ROLES.includes(role as Role)) throw new ValidationError('filter.roles', `unknown role ${role}`);
  return roles;
}

function day(field: string, value: unknown): string | undefined {
  if (value === '' || value === null) return undefined;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) throw new ValidationError(field, 'must be a date YYYY-MM-DD');
  return value.slice(0, 10);
}

function toRecord(user: UserDocument): UserRecord {
  return {
    id: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    img: user.img,
    roles: user.roles,
    groupIds: user.groupIds,
    customFieldValues: user.customFieldValues,
    active: user.active,
    mustChangePassword: user.mustChangePassword,
    createdAt: user.createdAt,
    lastActiveAt: user.lastActiveAt,
  };
}

/** `users` for react-admin (ra-data-simple-rest protocol), admins only. DELETE deactivates. */
@Controller('api/rest/users')
@Roles('ADMIN')
export class UsersRestController {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly admin: AdminUsersService,
    private readonly registration: UserRegistrationService,
    private readonly readModels: ReadModels,
  ) {}

  @Get()
  list(@Query() query: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserRecord[]> {
    return restList('users', this.readStore.collection<UserDocument>(USERS), query, reply, {
      sortable: ['id', 'firstName', 'lastName', 'email', 'createdAt', 'lastActiveAt', 'active'],
      defaultSort: 'lastName',
      searchFields: ['firstName', 'lastName', 'email'],
      search: userTextFilter,
      equalityFilters: { active: 'boolean' },
      // The admin user list's filters (spec §2), same meaning as GET /api/v2/admin/users.
      customFilters: {
        groups: { type: 'strings', filter: (value) => adminUsersFilter(Object.assign(new AdminUsersQuery(), { groups: list('filter.groups', value) })) },
        roles: { type: 'strings', filter: (value) => adminUsersFilter(Object.assign(new AdminUsersQuery(), { roles: roleList(value) })) },
        createdAt_gte: {
          type: 'date',
          filter: (value) => adminUsersFilter(Object.assign(new AdminUsersQuery(), { startDateCreated: day('filter.createdAt_gte', value) })),
        },
        createdAt_lte: {
          type: 'date',
          filter: (value) => adminUsersFilter(Object.assign(new AdminUsersQuery(), { endDateCreated: day('filter.createdAt_lte', value) })),
        },
        lastActiveAt_gte: {
          type: 'date',
          filter: (value) => adminUsersFilter(Object.assign(new AdminUsersQuery(), { startDateLastActive: day('filter.lastActiveAt_gte', value) })),
        },
        lastActiveAt_lte: {
          type: 'date',
          filter: (value) => adminUsersFilter(Object.assign(new AdminUsersQuery(), { endDateLastActive: day('filter.lastActiveAt_lte', value) })),
        },
      },
      toRecord,
    });
  }

  @Get(':id')
  async one(@Param('id') id: string): Promise<UserRecord> {
    await this.readModels.settled();
    const user = await this.readStore.collection<UserDocument>(USERS).findById(id);
    if (!user) throw new NotFoundError('Unknown user');
    return toRecord(user);
  }

  @Post()
  async create(@Body() body: UserRecordBody): Promise<UserRecord> {
    const { userId } = await this.registration.register({
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      roles: body.roles ?? [],
      password: body.password,
      mustChangePassword: body.mustChangePassword ?? true,
      source: 'admin',
      groups: body.groupIds?.length ? { groupIds: body.groupIds, knownGroupIds: await this.knownGroups(body.groupIds) } : undefined,
    });
    return this.one(userId);
  }

  /** The known groups, once every group the body names is one of them (the error names the body's field). */
  private async knownGroups(groupIds: string[]): Promise<string[]> {
    const known = await this.admin.knownGroupIds();
    const unknown = groupIds.filter((id) => id !== NO_GROUP && !known.includes(id));
    if (unknown.length) throw new ValidationError('groupIds', `unknown group ${unknown.join(', ')}`);
    return known;
  }

  @Put(':id')
  async update(@CurrentUser() actor: Actor, @Param('id') id: string, @Body() body: UserRecordBody): Promise<UserRecord> {
    const current = await this.one(id);
    if (body.groupIds?.length) await this.knownGroups(body.groupIds);
    await this.admin.update(actor, {
      id,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      roleFlags: body.roles ? roleFlagsOf(body.roles) : undefined,
      groupIds: body.groupIds,
      customFieldValues: body.customFieldValues
        ? Object.fromEntries(Object.entries(body.customFieldValues).map(([fieldId, value]) => [fieldId, value ?? '']))
        : undefined,
    });
    if (body.mustChangePassword !== undefined) await this.admin.requirePasswordChange(id, body.mustChangePassword);
    if (body.active === false && current.active) await this.admin.deactivate(actor, [id]);
    if (body.active === true && !current.active) await this.admin.reactivate([id]);
    return this.one(id);
  }

  @Delete(':id')
  async remove(@CurrentUser() actor: Actor, @Param('id') id: string): Promise<UserRecord> {
    await this.one(id);
    await this.admin.deactivate(actor, [id]);
    return this.one(id);
  }
}
