import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { contentRange, escapeRegex, parseSimpleRestQuery } from '../infrastructure/http/simple-rest';
import type { Filter } from '../infrastructure/read-store/read-store.port';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { Roles } from './auth/auth.decorators';

export interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  img: string | null;
  roles: string[];
  active: boolean;
  mustChangePassword: boolean;
  createdAt: string;
  lastActiveAt: string | null;
}

const SORTABLE = ['id', 'firstName', 'lastName', 'email', 'createdAt', 'lastActiveAt', 'active'];

function toRecord(user: UserDocument): UserRecord {
  return {
    id: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    img: user.img,
    roles: user.roles,
    active: user.active,
    mustChangePassword: user.mustChangePassword,
    createdAt: user.createdAt,
    lastActiveAt: user.lastActiveAt,
  };
}

/** `users` for react-admin (ra-data-simple-rest protocol), admins only. */
@Controller('api/rest/users')
@Roles('ADMIN')
export class UsersRestController {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  @Get()
  async list(@Query() query: Record<string, string | undefined>, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserRecord[]> {
    const { sort, skip, limit, filter } = parseSimpleRestQuery(query, SORTABLE);
    const mongoFilter: Filter = {};
    if (filter.id !== undefined) {
      const ids = Array.isArray(filter.id) ? filter.id : [filter.id];
      if (!ids.every((id) => typeof id === 'string')) throw new ValidationError('filter.id', 'ids must be strings');
      mongoFilter._id = { $in: ids };
    }
    if (filter.q !== undefined) {
      if (typeof filter.q !== 'string') throw new ValidationError('filter.q', 'q must be a string');
      const pattern = escapeRegex(filter.q.trim().slice(0, 200));
      mongoFilter.$or = ['firstName', 'lastName', 'email'].map((field) => ({ [field]: { $regex: pattern, $options: 'i' } }));
    }
    if (filter.role !== undefined) mongoFilter.roles = filter.role;
    if (filter.active !== undefined) mongoFilter.active = filter.active === true || filter.active === 'true';
    const collection = this.readStore.collection<UserDocument>(USERS);
    const sortField = sort ? (sort.field === 'id' ? '_id' : sort.field) : 'lastName';
    const [users, total] = await Promise.all([
      collection.find(mongoFilter, { sort: { [sortField]: sort?.order ?? 1, _id: 1 }, skip, limit }),
      collection.count(mongoFilter),
    ]);
    void reply.header('Content-Range', contentRange('users', skip, users.length, total));
    void reply.header('Access-Control-Expose-Headers', 'Content-Range');
    return users.map(toRecord);
  }

  @Get(':id')
  async one(@Param('id') id: string): Promise<UserRecord> {
    const user = await this.readStore.collection<UserDocument>(USERS).findById(id);
    if (!user) throw new NotFoundError('Unknown user');
    return toRecord(user);
  }
}
