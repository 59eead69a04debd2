import { Inject, Injectable } from '@nestjs/common';
import { type DomainEvent, type RecordedEvent, mailStream } from '../../../events';
import { NOTIFICATIONS, type NotificationDocument } from '../../../projections/notifications.projection';
import type { ProjectionRunner } from '../../../projections/projection-runner';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SPEACHES, type SpeachDocument } from '../../speach';
import { Clock } from '../../infrastructure/clock/clock';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { EventStore } from '../../infrastructure/event-store/event-store.port';
import { Mailer } from '../../infrastructure/mail/mailer.port';
import { type Policy, type PolicyContext, deterministicId } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { EVENT_STORE, PROJECTION_RUNNER, READ_STORE } from '../../infrastructure/tokens';
import { renderAssignment } from './digest-render';
import { mailDecider } from './mail.decider';
import { MailRecipients } from './mail-recipients';
import { UnsubscribeLinks } from './unsubscribe-links';

const slug = (title: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'speach';

/**
 * Issue 19 item 2: an assignment with a due date must not wait for the digest. Reacts to the events
 * that raise NEW_ASSIGNMENT (the notifications projection decides who is newly assigned; this policy
 * waits for it and mails those whose assignment carries a due date), once per user and event.
 */
@Injectable()
export class AssignmentMailPolicy implements Policy {
  readonly name = 'assignment-mails';
  readonly handles = {
    SpeachPublished: (event: RecordedEvent, ctx: PolicyContext) => this.react(event, ctx),
    SpeachAffectedUsersChanged: (event: RecordedEvent, ctx: PolicyContext) => this.react(event, ctx),
    SpeachAffectedGroupsChanged: (event: RecordedEvent, ctx: PolicyContext) => this.react(event, ctx),
  };

  constructor(
    runner: PolicyRunner,
    private readonly commands: CommandRunner,
    private readonly recipients: MailRecipients,
    private readonly links: UnsubscribeLinks,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    void runner.register(this);
  }

  async react(event: RecordedEvent<DomainEvent>, ctx: PolicyContext): Promise<void> {
    const speachId = (event.data as { speachId: string }).speachId;
    // The projection decides who is newly assigned; a timeout throws, and the runner retries.
    if (!(await this.projections.waitFor(event.position, this.config.readYourWritesTimeoutMs))) throw new Error('The notifications are not caught up yet');
    const told = await this.store.collection<NotificationDocument>(NOTIFICATIONS).find({ speachId, type: 'NEW_ASSIGNMENT', 'reason.eventId': event.id });
    const due = told.filter((n) => typeof n.data?.dueDate === 'string');
    if (due.length === 0) return;
    const speach = await this.store.collection<SpeachDocument>(SPEACHES).findById(speachId);
    for (const notification of due) {
      const userId = notification.userId;
      const state = (await this.events.readStream(mailStream(userId))).reduce((s, e) => mailDecider.evolve(s, e as never), mailDecider.initialState());
      if (state.triggers.includes(event.id)) continue;
      const recipient = await this.recipients.get(userId);
      if (!recipient || recipient.frequency === 'NONE') continue;
      const messageId = deterministicId(this.name, event.id, userId);
      const title = speach?.title ?? '';
      const mail = renderAssignment({
        language: recipient.language,
        firstName: recipient.firstName,
        speachTitle: title,
        dueDate: notification.data.dueDate as string,
        link: `${this.config.mail.publicUrl}/s/${speachId}/${slug(title)}`,
        unsubscribe: this.links.url(userId),
      });
      await this.mailer.send({ id: messageId, to: recipient.email, ...mail, headers: this.links.headers(userId), date: this.clock.now().toISOString() });
      await ctx.issue(`record:${userId}`, () =>
        this.commands.run(mailDecider, mailStream(userId), { type: 'RecordImmediateMail', userId, messageId, kind: 'ASSIGNMENT_DUE', triggerId: event.id }),
      );
    }
  }
}
