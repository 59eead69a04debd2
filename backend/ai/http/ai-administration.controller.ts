import { Controller, Get, Inject, Query } from '@nestjs/common';
import { USERS, type UserDocument } from '../../../projections/users.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CurrentUser, Roles } from '../../infrastructure/http/auth.decorators';
import { type Actor } from '../../infrastructure/http/actor';
import { ForbiddenError, NotFoundError, ValidationError } from '../../infrastructure/decider/decider';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { AiBudget } from '../metering/ai-budget';

/** The AI editor licence rule (spec §5/§6) and the metering of AI calls. */
@Controller('api/v2/administration/ai')
export class AiAdministrationController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly budget: AiBudget,
  ) {}

  /**
   * Whether the user (the caller, or for an admin the `userID` asked about) may hold the AI editor
   * role: they hold it already, or they are an author and a licence is free.
   */
  @Get('isAILicenseAvailable')
  @Roles('FORMATEUR', 'ADMIN')
  async isAILicenseAvailable(@CurrentUser() user: Actor, @Query('userID') userID?: unknown): Promise<boolean> {
    if (userID !== undefined && typeof userID !== 'string') throw new ValidationError('userID', 'userID must be a user id');
    if (userID && userID !== user.id && !user.roles.includes('ADMIN')) throw new ForbiddenError('Only administrators ask about another user.');
    const users = this.store.collection<UserDocument>(USERS);
    const target = userID ? await users.findById(userID) : null;
    if (userID && !target) throw new NotFoundError('Unknown user');
    const roles = target ? target.roles : user.roles;
    if (roles.includes('AI_EDITOR')) return true;
    if (!roles.includes('FORMATEUR')) return false;
    return (await users.count({ roles: 'AI_EDITOR', active: true })) < this.config.aiLicenses;
  }

  /** The organisation's and each author's AI spend in a month (default: this one), with the budgets. */
  @Get('usage')
  @Roles('ADMIN')
  usage(@Query('month') month?: unknown) {
    if (month !== undefined && (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)))
      throw new ValidationError('month', 'month must be YYYY-MM');
    return this.budget.usage(month as string | undefined);
  }

  /** The caller's budget this month, with the 80 % / 95 % warnings. */
  @Get('budget')
  @Roles('AI_EDITOR')
  myBudget(@CurrentUser() user: Actor) {
    return this.budget.status(user.id);
  }
}
