import { Inject, Injectable } from '@nestjs/common';
import { mailStream } from '../../../events';
import { NOTIFICATIONS, type NotificationDocument } from '../../../projections/notifications.projection';
import { USERS, type UserDocument } from '../../../projections/users.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { SPEACHES, type SpeachDocument } from '../../speach';
import type { Adapters } from '../../infrastructure/adapters';
import { Clock } from '../../infrastructure/clock/clock';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import type { EventStore } from '../../infrastructure/event-store/event-store.port';
import { Mailer } from '../../infrastructure/mail/mailer.port';
import { type DueItem, type PolicyContext, type ScheduledPolicy, deterministicId } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { ADAPTERS, EVENT_STORE, READ_STORE } from '../../infrastructure/tokens';
import { DIGEST_FREQUENCIES, type DigestFrequency, type DigestPeriod, periodsToTell } from './digest-period';
import { batchRapidRepeats } from './digest-batch';
import { type DigestNotification as Notification, inPeriod, periodNotifications } from './digest-notifications';
import { type DigestSection, SECTION_LIMIT, renderDigest } from './digest-render';
import { mailDecider } from './mail.decider';
import { MailRecipients } from './mail-recipients';
import { UnsubscribeLinks } from './unsubscribe-links';

/** Items by key, in their order, in linear time. */
function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(keyOf(item));
    if (group) group.push(item);
    else groups.set(keyOf(item), [item]);
  }
  return groups;
}

/**
 * Issue 19 item 2: one digest mail per user and period (JOURNALIER, HEBDOMADAIRE, MENSUEL), sent once
 * the period is over, with the notifications it holds; none when it holds none. A time-driven policy:
 * each tick (every minute, or an operator's run as of a given instant) looks at the last whole period
 * of each frequency; a marker per frequency (the policy's checkpoint) says which period is done.
 *
 * Exactly once: the mail's id is derived from the user and the period; the user's `mail-{userId}`
 * stream records it after the send (and is read before it), and the embedded mailer keeps one file per
 * id, so a run after a crash at any point sends nothing twice.
 */
@Injectable()
export class MailDigestPolicy implements ScheduledPolicy {
  readonly name = 'mail-digests';
  private sentInRun = 0;

  constructor(
    private readonly runner: PolicyRunner,
    private readonly commands: CommandRunner,
    private readonly recipients: MailRecipients,
    private readonly links: UnsubscribeLinks,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(ADAPTERS) private readonly adapters: Adapters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    void runner.register(this);
  }

  private marker(frequency: DigestFrequency) {
    return `mail-digest:${frequency}`;
  }

  /** Every period of each frequency not told yet, oldest first: one missed while the server was down is caught up. */
  async due(at: Date): Promise<DueItem[]> {
    const items: DueItem[] = [];
    for (const frequency of DIGEST_FREQUENCIES) {
      const done = await this.adapters.relayCheckpoints.load(this.marker(frequency));
      for (const period of periodsToTell(frequency, at, done?.position ?? null)) items.push(...(await this.periodItems(period)));
    }
    return items;
  }

  /**
   * One item per user with a notification in the period and this frequency, found without reading any notification:
   * the distinct users of the period's rows come from the (date, userId) index. Each user's notifications are read
   * when their item runs, so a tick never holds the thread for a whole period's rows (20k+ on a busy organisation
   * stalled every request for seconds).
   */
  private async periodItems(period: DigestPeriod): Promise<DueItem[]> {
    const items: DueItem[] = [];
    const { frequency } = period;
    const userIds = (await this.store.collection<NotificationDocument>(NOTIFICATIONS).distinct('userId', inPeriod(period))).map(String).sort();
    const frequencies = await this.recipients.frequencies(userIds);
    for (const userId of userIds) {
      if (frequencies.get(userId) !== frequency) continue;
      items.push({ key: `${period.key}:${userId}`, run: (ctx) => this.send(ctx, userId, period) });
    }
    // Last of the period's items: later ticks skip the period (a failed user's item stays a dead letter to retry).
    items.push({
      key: `${period.key}:done`,
      run: () => this.adapters.relayCheckpoints.save({ name: this.marker(frequency), position: period.ordinal, version: 1 }),
    });
    return items;
  }

  /** Runs the digests as of `at` (the operator's call and the tests); answers how many digests were sent and recorded. */
  async runAt(at: Date): Promise<number> {
    this.sentInRun = 0;
    await this.runner.tick(this.name, at);
    return this.sentInRun;
  }

  private async send(ctx: PolicyContext, userId: string, period: DigestPeriod): Promise<void> {
    const state = (await this.events.readStream(mailStream(userId))).reduce((s, e) => mailDecider.evolve(s, e as never), mailDecider.initialState());
    if (state.periods.includes(period.key)) return;
    const recipient = await this.recipients.get(userId);
    // Unsubscribed (or changed frequency) since the period began: this period is not theirs to get.
    if (!recipient || recipient.frequency !== period.frequency) return;
    const notifications = await periodNotifications(this.store.collection<NotificationDocument>(NOTIFICATIONS), userId, period);
    if (notifications.length === 0) return;
    const messageId = deterministicId(this.name, userId, period.key);
    const base = this.config.mail.publicUrl;
    const mail = renderDigest({
      language: recipient.language,
      firstName: recipient.firstName,
      period,
      sections: await this.sections(notifications),
      links: {
        notifications: (type) => `${base}/account/myNotifications${type ? `?${new URLSearchParams({ type })}` : ''}`,
        unsubscribe: this.links.url(userId),
      },
    });
    await this.mailer.send({ id: messageId, to: recipient.email, ...mail, headers: this.links.headers(userId), date: this.clock.now().toISOString() });
    await ctx.issue('record', () =>
      this.commands.run(mailDecider, mailStream(userId), {
        type: 'RecordDigest',
        userId,
        messageId,
        frequency: period.frequency,
        period: period.key,
        upToPosition: notifications[0].position,
        items: notifications.length,
      }),
    );
    this.sentInRun++;
  }

  /** A section per type, newest type first; its newest SECTION_LIMIT lines (rapid repeats batched) with who and what about. */
  private async sections(notifications: Notification[]): Promise<DigestSection[]> {
    const byType = groupBy(notifications, (n) => n.type);
    const batched = [...byType.entries()].map(([type, list]) => ({ type, total: list.length, lines: batchRapidRepeats(list).slice(0, SECTION_LIMIT) }));
    const shown = batched.flatMap((section) => section.lines.map((line) => line.newest));
    const [speaches, users] = await Promise.all([
      this.store.collection<SpeachDocument>(SPEACHES).findByIds([...new Set(shown.map((n) => n.speachId).filter((id): id is string => !!id))]),
      this.store.collection<UserDocument>(USERS).findByIds([...new Set(shown.map((n) => n.actorId).filter((id): id is string => !!id))]),
    ]);
    const title = new Map(speaches.map((s) => [s._id, s.title]));
    const name = new Map(users.map((u) => [u._id, `${u.firstName} ${u.lastName}`.trim()]));
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return batched.map(({ type, total, lines }) => ({
      type,
      total,
      items: lines.map(({ newest: n, count }) => {
        const data = n.data ?? {};
        return {
          actor: n.actorId ? (name.get(n.actorId) ?? null) : null,
          // A path's notification has no speach: it carries its path's title.
          speachTitle: (n.speachId ? title.get(n.speachId) : undefined) ?? text(data.pathTitle),
          date: n.date,
          excerpt: text(data.content) ?? text(data.message) ?? text(data.comment),
          count,
        };
      }),
    }));
  }
}
