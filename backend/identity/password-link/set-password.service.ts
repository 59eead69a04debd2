import { Injectable } from '@nestjs/common';
import { Clock } from '../../infrastructure/clock/clock';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { ValidationError } from '../../infrastructure/decider/decider';
import { PasswordHasher } from '../auth/password-hasher';
import { UserRegistrationService } from '../user-registration.service';
import { LinkGoneError, passwordLinkDecider } from './password-link.decider';
import { parseToken } from './set-password-token';

/** Spends a set-password link: checks the password first, then the link and the new hash in one append on the user stream. */
@Injectable()
export class SetPasswordService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly hasher: PasswordHasher,
    private readonly registration: UserRegistrationService,
    private readonly clock: Clock,
  ) {}

  async setPassword(token: string, password: string): Promise<void> {
    if (!token) throw new ValidationError('token', 'token must not be empty');
    await this.registration.checkPassword(password);
    const parsed = parseToken(token);
    if (!parsed) throw new LinkGoneError('This link is not valid.');
    const passwordHash = await this.hasher.hash(password);
    await this.commands.run(passwordLinkDecider, `user-${parsed.userId}`, {
      type: 'SetPasswordWithLink',
      userId: parsed.userId,
      tokenHash: parsed.tokenHash,
      passwordHash,
      now: this.clock.now().toISOString(),
    });
  }
}
