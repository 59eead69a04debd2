import { Inject, Injectable } from '@nestjs/common';
import { type DomainEvent, type RecordedEvent, mailStream } from '../../../events';
import {
  NOTIFICATIONS,
  NOTIFICATION_MEMBERS,
  type NotificationDocument,
  type NotificationMemberDocument,
  notificationId,
} from '../../../projections/notifications.projection';
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

const slug = (title: string, fallback: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || fallback;

/** The assignees a path event may newly tell (the notifications projection decides which it did). */
interface PathAssignmentData {
  pathId: string;
  title: string;
  userId?: string;
  groupId?: string;
  assignedUserIds?: string[];
  assignedGroupIds?: string[];
}

const hasDueDate = (n: NotificationDocument) => typeof n.data?.dueDate === 'string';

/**
 * Issue 19 item 2: an assignment with a due date must not wait for the digest. Reacts to the events
 * that raise NEW_ASSIGNMENT for a speach or a learning path (the notifications projection decides who
 * is newly assigned; this policy waits for it and mails those whose assignment carries a due date),
 * once per user and event.
 */
@Injectable()
export class AssignmentMailPolicy implements Policy {
  readonly name = 'assignment-mails';
  readonly handles = {
    SpeachPublished: (event: RecordedEvent, ctx: PolicyContext) => this.react(event, ctx),
    SpeachAffectedUsersChanged: (event: RecordedEvent, ctx: PolicyContext) => this.react(event, ctx),
    SpeachAffectedGroupsChanged: (event: RecordedEvent, ctx: PolicyContext) => this.react(event, ctx),
    // A learning path's assignment with a due date must not wait either (issue 18 assigns paths with due dates).
    PathPublished: (event: RecordedEvent, ctx: PolicyContext) => this.reactToPath(event, ctx),
    PathUserAssignmentChanged: (event: RecordedEvent, ctx: PolicyContext) => this.reactToPath(event, ctx),
    PathGroupAssignmentChanged: (event: RecordedEvent, ctx: PolicyContext) => this.reactToPath(event, ctx),
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
    await this.caughtUp(event);
    const told = await this.store.collection<NotificationDocument>(NOTIFICATIONS).find({ speachId, type: 'NEW_ASSIGNMENT', 'reason.eventId': event.id });
    if (!told.some(hasDueDate)) return;
    const title = (await this.store.collection<SpeachDocument>(SPEACHES).findById(speachId))?.title ?? '';
    await this.mail(event, ctx, told, title, `${this.config.mail.publicUrl}/s/${speachId}/${slug(title, 'speach')}`, 'speach');
  }

  async reactToPath(event: RecordedEvent<DomainEvent>, ctx: PolicyContext): Promise<void> {
    const d = event.data as unknown as PathAssignmentData;
    const groupIds = d.groupId ? [d.groupId] : (d.assignedGroupIds ?? []);
    await this.caughtUp(event);
    // The notifications have deterministic ids: the candidates' are looked up by id, not searched for.
    const members = groupIds.length
      ? await this.store.collection<NotificationMemberDocument>(NOTIFICATION_MEMBERS).find({ groupIds: { $in: groupIds } }, { projection: { _id: 1 } })
      : [];
    const candidates = [...new Set([...(d.userId ? [d.userId] : []), ...(d.assignedUserIds ?? []), ...members.map((m) => m._id)])];
    const told = await this.store
      .collection<NotificationDocument>(NOTIFICATIONS)
      .findByIds(candidates.map((u) => notificationId(event.id, 'NEW_ASSIGNMENT', u)));
    await this.mail(event, ctx, told, d.title, `${this.config.mail.publicUrl}/p/${d.pathId}/${slug(d.title, 'path')}`, 'path');
  }

  /** The projection decides who is newly assigned; a timeout throws, and the runner retries. */
  private async caughtUp(event: RecordedEvent<DomainEvent>): Promise<void> {
    if (!(await this.projections.waitFor(event.position, this.config.readYourWritesTimeoutMs))) throw new Error('The notifications are not caught up yet');
  }

  /** One mail per user told of a dated assignment by this event, once (the user's mail stream keeps the trigger). */
  private async mail(
    event: RecordedEvent<DomainEvent>,
    ctx: PolicyContext,
    told: NotificationDocument[],
    title: string,
    link: string,
    kind: 'speach' | 'path',
  ): Promise<void> {
    for (const notification of told.filter(hasDueDate)) {
      const userId = notification.userId;
      const state = (await this.events.readStream(mailStream(userId))).reduce((s, e) => mailDecider.evolve(s, e as never), mailDecider.initialState());
      if (state.triggers.includes(event.id)) continue;
      const recipient = await this.recipients.get(userId);
      if (!recipient || recipient.frequency === 'NONE') continue;
      const messageId = deterministicId(this.name, event.id, userId);
      const mail = renderAssignment({
        language: recipient.language,
        firstName: recipient.firstName,
        speachTitle: title,
        // A speach's due date is a day; a path's the end of that day (an instant): the mail names the day.
        dueDate: (notification.data.dueDate as string).slice(0, 10),
        link,
        unsubscribe: this.links.url(userId),
        kind,
      });
      await this.mailer.send({ id: messageId, to: recipient.email, ...mail, headers: this.links.headers(userId), date: this.clock.now().toISOString() });
      await ctx.issue(`record:${userId}`, () =>
        this.commands.run(mailDecider, mailStream(userId), { type: 'RecordImmediateMail', userId, messageId, kind: 'ASSIGNMENT_DUE', triggerId: event.id }),
      );
    }
  }
}
