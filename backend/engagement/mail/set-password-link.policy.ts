import { Inject, Injectable } from '@nestjs/common';
import { type RecordedEvent, type SetPasswordLinkReason, type SetPasswordLinkRequested, type UserRegistered, mailStream } from '../../../events';
import { NOTIFICATION_SETTINGS, type NotificationSettingsDocument } from '../../../projections/notifications.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { derivedKey, resolveAuditKey } from '../../config/audit-key';
import { mailDecider } from './mail.decider';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { EventStore } from '../../infrastructure/event-store/event-store.port';
import { Mailer } from '../../infrastructure/mail/mailer.port';
import { type Policy, type PolicyContext, deterministicId } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { EVENT_STORE, READ_STORE } from '../../infrastructure/tokens';
import { userDecider, passwordLinkDecider, linkToken, tokenHash } from '../../identity';
import { renderSetPasswordMail } from './set-password-mail';

const HOUR = 3_600_000;

/**
 * Issue 19: the password an account starts with is chosen by its owner, never mailed. A user created
 * without a password (back office, CSV import) and an administrator's "generate password" both get a
 * single-use, expiring link, issued and mailed here rather than inside the request.
 *
 * Exactly one mail per trigger: the token is derived from the trigger (so a replay mails the link whose
 * hash was recorded), the link's issue is a command with a deterministic id, and the mail is recorded
 * on `mail-{userId}` after it leaves (a mail already recorded is not sent again; one sent but not yet
 * recorded keeps its deterministic message id, which the mailers dedupe).
 */
@Injectable()
export class SetPasswordLinkPolicy implements Policy<UserRegistered | SetPasswordLinkRequested> {
  readonly name = 'set-password-links';
  readonly handles = {
    UserRegistered: (event: RecordedEvent<UserRegistered>, ctx: PolicyContext) =>
      event.data.source === 'seed' ? Promise.resolve() : this.react(event.data.userId, 'WELCOME', event, ctx),
    SetPasswordLinkRequested: (event: RecordedEvent<SetPasswordLinkRequested>, ctx: PolicyContext) => this.react(event.data.userId, 'RESET', event, ctx),
  };
  private readonly key: Buffer;

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    private readonly mailer: Mailer,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = derivedKey(resolveAuditKey(config), 'set-password-links');
    void runner.register<UserRegistered | SetPasswordLinkRequested>(this);
  }

  private async react(userId: string, reason: SetPasswordLinkReason, event: RecordedEvent, ctx: PolicyContext): Promise<void> {
    const stream = await this.events.readStream(`user-${userId}`);
    const user = stream.reduce((s, e) => passwordLinkDecider.evolve(s, e as never), passwordLinkDecider.initialState());
    const profile = stream.reduce((s, e) => userDecider.evolve(s, e as never), userDecider.initialState());
    // A welcome link only for an account that started without a password (an admin may have typed one).
    if (profile.status !== 'active' || (reason === 'WELCOME' && user.hasPassword)) return;
    const token = linkToken(this.key, userId, event.id);
    const expiresAt = new Date(new Date(event.time).getTime() + this.config.mail.setPasswordLinkHours * HOUR).toISOString();
    await ctx.issue('link', () =>
      this.commands.run(passwordLinkDecider, `user-${userId}`, {
        type: 'IssuePasswordLink',
        userId,
        tokenHash: tokenHash(token),
        expiresAt,
        reason,
        triggerId: event.id,
      }),
    );
    const mails = (await this.events.readStream(mailStream(userId))).reduce((s, e) => mailDecider.evolve(s, e as never), mailDecider.initialState());
    if (mails.triggers.includes(event.id)) return;
    const settings = await this.store.collection<NotificationSettingsDocument>(NOTIFICATION_SETTINGS).findById(userId);
    const mail = renderSetPasswordMail({
      language: settings?.language ?? this.config.mail.defaultLanguage,
      firstName: profile.firstName,
      reason,
      link: `${this.config.mail.publicUrl}/set-password?${new URLSearchParams({ token })}`,
      expiresAt,
    });
    const messageId = deterministicId(this.name, event.id, userId);
    await this.mailer.send({ id: messageId, to: profile.email, ...mail, date: event.time });
    await ctx.issue('mail', () =>
      this.commands.run(mailDecider, mailStream(userId), { type: 'RecordImmediateMail', userId, messageId, kind: 'PASSWORD', triggerId: event.id }),
    );
  }
}
