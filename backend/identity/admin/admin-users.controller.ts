import { Body, Controller, Get, HttpCode, Param, Put, Query } from '@nestjs/common';
import { CurrentUser, Roles } from '../../infrastructure/http/auth.decorators';
import type { Actor } from '../../infrastructure/http/actor';
import {
  BatchUpdateBody,
  BatchUpdateQuery,
  GeneratePasswordQuery,
  SetPasswordQuery,
  UpdatePasswordQuery,
  UpdateUserBody,
  UserIdsBody,
} from './admin-users.dto';
import { AdminUsersQuery } from './admin-users.query.dto';
import { AdminUsersService } from './admin-users.service';
import { userUpdateOf } from './user-update';

/** Spec §7 "Admin users": admins only, enforced here whatever the UI shows. */
@Controller('api/v2/admin/users')
@Roles('ADMIN')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  list(@Query() query: AdminUsersQuery) {
    return this.users.list(query);
  }

  @Get('groups')
  groups() {
    return this.users.groups();
  }

  @Get('getAvailableCustomFields')
  customFields() {
    return this.users.customFields();
  }

  @Put('update')
  update(@CurrentUser() actor: Actor, @Body() body: UpdateUserBody) {
    return this.users.update(actor, userUpdateOf(body.user));
  }

  @Put('updatePassword')
  @HttpCode(204)
  async updatePassword(@Query() query: UpdatePasswordQuery): Promise<void> {
    await this.users.requirePasswordChange(query.userID, query.value);
  }

  @Put('generatePassword')
  generatePassword(@Query() query: GeneratePasswordQuery) {
    return this.users.generatePassword(query.email);
  }

  @Put('deactivate')
  deactivate(@CurrentUser() actor: Actor, @Body() body: UserIdsBody) {
    return this.users.deactivate(actor, body.uuids);
  }

  @Put('reactivate')
  reactivate(@Body() body: UserIdsBody) {
    return this.users.reactivate(body.uuids);
  }

  @Put('batch-update')
  batchUpdate(@CurrentUser() actor: Actor, @Body() body: BatchUpdateBody, @Query() query: BatchUpdateQuery) {
    return this.users.batchUpdate(actor, body.usersIds, query.groupsIds, query.roles);
  }

  @Put(':id/password')
  setPassword(@Param('id') id: string, @Query() query: SetPasswordQuery) {
    return this.users.setPassword(id, query.password);
  }
}
