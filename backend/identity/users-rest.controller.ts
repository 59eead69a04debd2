import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Res } from '@nestjs/common';
import { IsArray, IsBoolean, IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply } from 'fastify';
import { ROLES, type Role } from '../../events';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { NotFoundError } from '../infrastructure/decider/decider';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { ReadModels } from '../infrastructure/read-models';
import { READ_STORE } from '../infrastructure/tokens';
import { AdminUsersService } from './admin/admin-users.service';
import { CurrentUser, Roles } from './auth/auth.decorators';
import type { AuthenticatedUser } from './auth/authenticated-user';
import { restList } from './organisation/rest-list';
import { UserRegistrationService } from './user-registration.service';

export interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  img: string | null;
  roles: Role[];
  groupIds: string[];
  customFieldValues: Record<string, string>;
  active: boolean;
  mustChangePassword: boolean;
  createdAt: string;
  lastActiveAt: string | null;
}

export class UserRecordBody {
  @IsOptional() @IsString()
  id?: string;

  @IsString() @IsNotEmpty() @MaxLength(30)
  firstName!: string;

  @IsString() @IsNotEmpty() @MaxLength(30)
  lastName!: string;

  @IsEmail() @MaxLength(230)
  email!: string;

  @IsOptional() @IsArray() @IsIn(ROLES, { each: true })
  roles?: Role[];

  @IsOptional() @IsArray() @IsString({ each: true })
  groupIds?: string[];

  @IsOptional() @IsBoolean()
  active?: boolean;

  @IsOptional() @IsBoolean()
  mustChangePassword?: boolean;

  /** Only on create: the initial password (otherwise the admin generates one). */
  @IsOptional() @IsString() @MaxLength(1024)
  password?: string;

  @IsOptional() img?: string | null;
  @IsOptional() customFieldValues?: Record<string, string>;
  @IsOptional() createdAt?: string;
  @IsOptional() lastActiveAt?: string | null;
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
      equalityFilters: ['roles', 'active', 'groupIds'],
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
    });
    if (body.groupIds?.length) await this.admin.batchUpdate(null, [userId], body.groupIds, undefined);
    return this.one(userId);
  }

  @Put(':id')
  async update(@CurrentUser() actor: AuthenticatedUser, @Param('id') id: string, @Body() body: UserRecordBody): Promise<UserRecord> {
    const current = await this.one(id);
    const user = {
      id,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      ...(body.roles ? Object.fromEntries([['admin', 'ADMIN'], ['trainer', 'FORMATEUR'], ['approver', 'APPROVER'], ['aiEditor', 'AI_EDITOR']].map(([flag, role]) => [flag, body.roles!.includes(role as Role)])) : {}),
      ...(body.groupIds ? { groups: body.groupIds.map((groupId) => ({ id: groupId })) } : {}),
    };
    await this.admin.update(actor, JSON.stringify(user));
    if (body.mustChangePassword !== undefined) await this.admin.requirePasswordChange(id, body.mustChangePassword);
    if (body.active === false && current.active) await this.admin.deactivate(actor, [id]);
    if (body.active === true && !current.active) await this.admin.reactivate([id]);
    return this.one(id);
  }

  @Delete(':id')
  async remove(@CurrentUser() actor: AuthenticatedUser, @Param('id') id: string): Promise<UserRecord> {
    await this.one(id);
    await this.admin.deactivate(actor, [id]);
    return this.one(id);
  }
}
