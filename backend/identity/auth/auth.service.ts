import { sessionStream, userStream } from '../../../events';
import { Inject, Injectable } from '@nestjs/common';
import { CREDENTIALS, type CredentialDocument, USERS, type UserDocument } from '../../../projections/users.projection';
import { SESSIONS, type SessionDocument } from '../../../projections/sessions.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SiteSettings } from '../../site';
import { Clock } from '../../infrastructure/clock/clock';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError } from '../../infrastructure/decider/decider';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { sessionDecider } from '../session.decider';
import { TermsService } from '../terms/terms.service';
import { UserRegistrationService } from '../user-registration.service';
import { normaliseEmail, userDecider } from '../user.decider';
import { type Actor, roleFlags } from '../../infrastructure/http/actor';
import { LoginThrottle } from './login-throttle';
import { PasswordHasher } from './password-hasher';
import { SessionActors } from './session-actors';
import { newSessionToken, sessionIdOf } from './session-token';
import type { MeResponse } from '../me.view';

export type { MeResponse } from '../me.view';

export class InvalidCredentialsError extends DomainError {
  constructor() {
    super('Wrong e-mail or password.', 401);
  }
}

@Injectable()
export class AuthService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
    private readonly terms: TermsService,
    private readonly registration: UserRegistrationService,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettings,
    private readonly throttle: LoginThrottle,
    private readonly sessions: SessionActors,
  ) {}

  /**
   * Checks the password and opens a session; the same answer for an unknown e-mail and a wrong password.
   * The session the browser presented before (if any) ends: a login always gets a fresh session id,
   * so an id planted before login is worth nothing after it.
   */
  async login(
    email: string,
    password: string,
    from: { address: string | null; previousToken: string | null },
  ): Promise<{ token: string; user: MeResponse; expiresAt: Date }> {
    const attempt = this.throttle.begin(normaliseEmail(email), from.address);
    const credential = await this.readStore.collection<CredentialDocument>(CREDENTIALS).findOne({ email: normaliseEmail(email) });
    const user = credential ? await this.readStore.collection<UserDocument>(USERS).findById(credential._id) : null;
    const valid = await this.hasher.verify(credential?.passwordHash ?? null, password);
    if (!credential || !user || !valid) throw new InvalidCredentialsError();
    attempt.succeeded();
    if (!user.active) throw new DomainError('This account is deactivated.', 403);
    if (from.previousToken) {
      const previous = sessionIdOf(from.previousToken);
      await this.commands.run(sessionDecider, sessionStream(previous), { type: 'EndSession', sessionId: previous, reason: 'replaced' }, { userId: user._id });
    }
    const { token, sessionId } = newSessionToken();
    const expiresAt = new Date(this.clock.now().getTime() + this.config.sessionTtlHours * 3600_000);
    await this.commands.run(
      sessionDecider,
      sessionStream(sessionId),
      { type: 'StartSession', sessionId, userId: user._id, expiresAt: expiresAt.toISOString() },
      { userId: user._id },
    );
    return { token, user: await this.me(user), expiresAt };
  }

  async logout(user: Actor): Promise<void> {
    await this.commands.run(sessionDecider, sessionStream(user.sessionId), { type: 'EndSession', sessionId: user.sessionId, reason: 'logout' });
  }

  /** The user behind a bearer token, or null when the session is unknown, ended, expired or the user deactivated. */
  async authenticate(token: string): Promise<Actor | null> {
    const sessionId = sessionIdOf(token);
    const now = this.clock.now().getTime();
    const known = this.sessions.get(sessionId, now);
    if (known) return known;
    const readAt = this.sessions.version();
    // Read the stored documents without copying them, copy what is kept.
    const session = await this.readStore.collection<SessionDocument>(SESSIONS).peekById(sessionId);
    if (!session || !session.open || Date.parse(session.expiresAt) <= now) return null;
    const user = await this.readStore.collection<UserDocument>(USERS).peekById(session.userId);
    if (!user || !user.active) return null;
    const actor: Actor = {
      id: user._id,
      sessionId,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      roles: Object.freeze([...user.roles]) as Actor['roles'],
      mustChangePassword: user.mustChangePassword,
      ...roleFlags(user.roles),
      groupIds: Object.freeze([...user.groupIds]) as string[],
    };
    this.sessions.remember(sessionId, actor, Date.parse(session.expiresAt), readAt);
    return actor;
  }

  async meById(userId: string): Promise<MeResponse> {
    const user = await this.readStore.collection<UserDocument>(USERS).findById(userId);
    if (!user) throw new DomainError('Unknown user', 404);
    return this.me(user);
  }

  /** Ends every other session of the user (a thief's included); the one making the change stays open. */
  async changePassword(user: Actor, currentPassword: string, newPassword: string, address: string | null): Promise<void> {
    // A stolen session must not become a way to guess the password either.
    const attempt = this.throttle.begin(normaliseEmail(user.email), address);
    const credential = await this.readStore.collection<CredentialDocument>(CREDENTIALS).findById(user.id);
    if (!(await this.hasher.verify(credential?.passwordHash ?? null, currentPassword))) {
      throw new DomainError('The current password is wrong.', 400, [{ field: 'currentPassword', reason: 'wrong password' }]);
    }
    attempt.succeeded();
    await this.registration.checkPassword(newPassword, 'newPassword');
    if (newPassword === currentPassword) {
      throw new DomainError('The new password must differ from the current one.', 400, [{ field: 'newPassword', reason: 'same as the current password' }]);
    }
    const passwordHash = await this.hasher.hash(newPassword);
    await this.commands.run(userDecider, userStream(user.id), {
      type: 'SetPassword',
      userId: user.id,
      passwordHash,
      mustChangeAtNextLogin: false,
      keepSessionId: user.sessionId,
    });
  }

  private async me(user: UserDocument): Promise<MeResponse> {
    const pending = await this.terms.pending(user);
    const featureFlags = await this.site.flags();
    return {
      id: user._id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      img: user.img,
      isAdmin: user.roles.includes('ADMIN'),
      isAuthor: user.roles.includes('FORMATEUR'),
      isApprover: featureFlags.workflowEnabled && user.roles.includes('APPROVER'),
      isAiEditor: user.roles.includes('AI_EDITOR'),
      isAuditor: user.roles.includes('AUDITOR'),
      roles: user.roles,
      mustChangePassword: user.mustChangePassword,
      mustAcceptGcu: pending.GCU,
      mustAcceptPdp: pending.PDP,
      dismissedGetStarted: user.dismissedGetStarted,
      featureFlags,
    };
  }
}
