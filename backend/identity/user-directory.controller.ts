import { Controller, Get, HttpCode, Inject, Param, Query } from '@nestjs/common';
import { GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import { NotFoundError } from '../infrastructure/decider/decider';
import { USERS, type UserDocument } from '../../projections/users.projection';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { searchFilter } from './admin/admin-users.filter';
import { RemoveGetStartedQuery, UserSearchQuery, UsersByRoleQuery } from './admin/admin-users.dto';
import { AdminUsersService } from './admin/admin-users.service';
import { CurrentUser, Roles } from '../infrastructure/http/auth.decorators';
import type { Actor } from '../infrastructure/http/actor';
import { ChangesState } from '../infrastructure/http/csrf';
import type { UserProfileView, UserSearchPage, UserSearchResult } from './user-directory.view';

/** Spec §3 "User search result". */
function searchResult(user: UserDocument): UserSearchResult {
  return { id: user._id, email: user.email, firstName: user.firstName, lastName: user.lastName, img: user.img };
}

/** Pickers and the users carousel: active users only. */
@Controller()
export class UserDirectoryController {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly users: AdminUsersService,
  ) {}

  @Get('api/v2/users')
  async search(@Query() query: UserSearchQuery): Promise<UserSearchPage> {
    const filter = { $and: [{ active: true }, searchFilter(query.term) ?? {}] };
    const collection = this.readStore.collection<UserDocument>(USERS);
    const { docs: users, total } = await collection.findPage(filter, {
      sort: { lastName: 1, firstName: 1, _id: 1 },
      skip: query.page * query.count,
      limit: query.count,
    });
    return { totalNumberOfUsersFound: total, results: users.map(searchResult) };
  }

  /** Author, co-author and approver pickers (spec §6): authors and admins pick among users of a role. */
  @Get('api/v2/speach/getUsersByRole')
  @Roles('ADMIN', 'FORMATEUR')
  async byRole(@Query() query: UsersByRoleQuery): Promise<UserSearchResult[]> {
    const filter = { $and: [{ active: true, roles: query.role }, searchFilter(query.search) ?? {}] };
    const users = await this.readStore.collection<UserDocument>(USERS).find(filter, { sort: { lastName: 1, firstName: 1 }, limit: 50 });
    return users.map(searchResult);
  }

  /** The profile page /profil/{userID}/{slug}: what colleagues may see of a user. */
  @Get('api/v2/users/:id/profile')
  async profile(@Param('id') id: string): Promise<UserProfileView> {
    const user = await this.readStore.collection<UserDocument>(USERS).findById(id);
    if (!user || !user.active) throw new NotFoundError('Unknown user');
    const groups = await this.readStore.collection<GroupDocument>(GROUPS).findByIds(user.groupIds);
    return {
      ...searchResult(user),
      author: user.roles.includes('FORMATEUR'),
      approver: user.roles.includes('APPROVER'),
      groups: groups.map((g) => ({ id: g._id, name: g.name })),
      memberSince: user.createdAt,
    };
  }

  @Get('user.usercontroller/removegetstarted')
  @ChangesState()
  @HttpCode(204)
  async removeGetStarted(@CurrentUser() user: Actor, @Query() query: RemoveGetStartedQuery): Promise<void> {
    await this.users.dismissGetStarted(user.id, query.type);
  }
}
