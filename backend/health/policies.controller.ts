import { Controller, HttpCode, Post, Query } from '@nestjs/common';
import { Roles } from '../infrastructure/http/auth.decorators';
import { NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { PolicyRunner, type PolicyStatus } from '../infrastructure/policies/policy-runner';

/** Runs a dead-lettered reaction again once its cause is fixed (the letter shows in /api/health). Admins only. */
@Controller('api/admin/policies')
@Roles('ADMIN')
export class PoliciesController {
  constructor(private readonly runner: PolicyRunner) {}

  @Post('retry')
  @HttpCode(200)
  async retry(@Query('name') name?: string, @Query('key') key?: string): Promise<{ succeeded: boolean; policies: PolicyStatus[] }> {
    if (typeof name !== 'string' || !name) throw new ValidationError('name', 'name (the policy) is required');
    if (typeof key !== 'string' || !key) throw new ValidationError('key', 'key (the dead letter) is required');
    const succeeded = await this.runner.retryDeadLetter(name, key);
    if (succeeded === null) throw new NotFoundError(`No dead letter ${key} for policy ${name}`);
    return { succeeded, policies: this.runner.status() };
  }
}
