import { Inject, Injectable } from '@nestjs/common';
import { type Role, uuidv7, userStream } from '../../events';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SiteSettings } from '../site';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { ValidationError, inOneDecision } from '../infrastructure/decider/decider';
import { PasswordHasher } from './auth/password-hasher';
import { emailReservationDecider, emailStream } from './email-reservation.decider';
import { checkEmail, type UserCommand, userDecider } from './user.decider';

export interface Registration {
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  password?: string;
  mustChangePassword?: boolean;
  source: 'seed' | 'admin' | 'import';
  /** Groups the account starts in, checked against `knownGroupIds` with the rest of the registration. */
  groups?: { groupIds: string[]; knownGroupIds: string[] };
}

/**
 * Registers a user across the streams the rule "one account per e-mail" needs: the registration is
 * validated first, then the e-mail stream is reserved (expected revision makes it race-free), then
 * the user stream is created. A failure after the reservation releases it.
 */
@Injectable()
export class UserRegistrationService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly hasher: PasswordHasher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettings,
  ) {}

  async checkPassword(password: string, field = 'password'): Promise<void> {
    const { passwordMinLength: min, passwordMaxLength: max } = await this.site.flags();
    if (password.length < min) throw new ValidationError(field, `The password is too short: at least ${min} characters.`);
    if (password.length > max) throw new ValidationError(field, `The password is too long: at most ${max} characters.`);
  }

  async register(registration: Registration): Promise<{ userId: string; position: number }> {
    const userId = uuidv7();
    const commands: UserCommand[] = [
      {
        type: 'RegisterUser',
        userId,
        email: registration.email,
        firstName: registration.firstName,
        lastName: registration.lastName,
        roles: registration.roles,
        source: registration.source,
        workflowEnabled: (await this.site.flags()).workflowEnabled,
      },
    ];
    if (registration.groups?.groupIds.length) commands.push({ type: 'ChangeGroups', userId, ...registration.groups });
    const decision = inOneDecision(userDecider);
    decision.decide(commands, decision.initialState()); // throws on bad input before anything is written
    if (registration.password !== undefined) {
      await this.checkPassword(registration.password);
      commands.push({
        type: 'SetPassword',
        userId,
        passwordHash: await this.hasher.hash(registration.password),
        mustChangeAtNextLogin: registration.mustChangePassword ?? false,
      });
    }

    const reservation = emailStream(checkEmail(registration.email));
    await this.commands.run(emailReservationDecider, reservation, { type: 'ReserveEmail', userId });
    try {
      const result = await this.commands.run(decision, userStream(userId), commands);
      return { userId, position: result.position };
    } catch (error) {
      await this.commands.run(emailReservationDecider, reservation, { type: 'ReleaseEmail', userId });
      throw error;
    }
  }
}
