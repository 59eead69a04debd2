import { notificationSettingsStream } from '../../events';
import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATION_TYPES, NOTIFICATION_TYPE_NAMES, type NotificationType } from '../../events';
import { USER_RATINGS, type UserRatingDocument } from '../../projections/engagement.projection';
import {
  NOTIFICATIONS,
  NOTIFICATION_SETTINGS,
  NOTIFICATION_UNREAD,
  type NotificationDocument,
  type NotificationUnreadDocument,
  type NotificationSettingsDocument,
  defaultSettings,
} from '../../projections/notifications.projection';
import { SPEACHES, type SpeachDocument, person } from '../speach';
import { USERS, type UserDocument } from '../../projections/users.projection';
import type { Actor } from '../infrastructure/http/actor';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { ReadModels } from '../infrastructure/read-models';
import type { Filter, ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { checkType, notificationSettingsDecider } from './notification-settings.decider';
import type { NotificationView } from './notification.view';
import type { NotificationParameterView, NotificationParametersView } from './notification.view';

/** Spec §9: notification page size. */
export const NOTIFICATION_PAGE_SIZE = 10;
export const NOTIFICATION_PAGE_MAX = 50;

export { notificationSettingsStream };

/** The types a user's preferences show (spec §6: preference groups by role). */
export function typesFor(user: Pick<Actor, 'roles'>): NotificationType[] {
  return NOTIFICATION_TYPE_NAMES.filter((type) => {
    const roles = NOTIFICATION_TYPES[type].roles as readonly string[];
    return roles.length === 0 || roles.some((r) => (user.roles as string[]).includes(r));
  });
}

/** Spec §7 notification calls: the list, counts, acknowledgement and preferences of the signed-in user. */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
  ) {}

  private get notifications() {
    return this.store.collection<NotificationDocument>(NOTIFICATIONS);
  }

  async settings(userId: string): Promise<NotificationSettingsDocument> {
    return (await this.store.collection<NotificationSettingsDocument>(NOTIFICATION_SETTINGS).findById(userId)) ?? defaultSettings(userId);
  }

  private filter(userId: string, type?: string): Filter {
    if (type !== undefined) checkType(type);
    return type ? { userId, type } : { userId };
  }

  async count(userId: string, type?: string): Promise<number> {
    return this.notifications.count(this.filter(userId, type));
  }

  async countUnread(userId: string): Promise<number> {
    const counter = await this.store.collection<NotificationUnreadDocument>(NOTIFICATION_UNREAD).findById(userId);
    return counter?.unread ?? 0;
  }

  /** Newest first, spec §3 "Notification" shape, with the speach and the source user joined from their read models. */
  async list(userId: string, page = 0, size = NOTIFICATION_PAGE_SIZE, type?: string): Promise<NotificationView[]> {
    const [docs, settings] = await Promise.all([
      this.notifications.find(this.filter(userId, type), { sort: { position: -1, _id: 1 }, skip: page * size, limit: size }),
      this.settings(userId),
    ]);
    const speachIds = [...new Set(docs.map((d) => d.speachId).filter((id): id is string => !!id))];
    const actorIds = [...new Set(docs.map((d) => d.actorId).filter((id): id is string => !!id))];
    const ratingIds = docs.filter((d) => d.type === 'NEW_COMMENT' && d.actorId && d.speachId).map((d) => `${d.actorId}:${d.speachId}`);
    const [speaches, users, ratings] = await Promise.all([
      this.store.collection<SpeachDocument>(SPEACHES).findByIds(speachIds),
      this.store.collection<UserDocument>(USERS).findByIds(actorIds),
      this.store.collection<UserRatingDocument>(USER_RATINGS).findByIds(ratingIds),
    ]);
    const speachById = new Map(speaches.map((s) => [s._id, s]));
    const userById = new Map(users.map((u) => [u._id, u]));
    const ratingById = new Map(ratings.map((r) => [r._id, r.rating]));
    return docs.map((d) => {
      const speach = d.speachId ? speachById.get(d.speachId) : undefined;
      const data = d.data ?? {};
      return {
        key: d._id,
        typeNotification: d.type,
        date: d.date,
        timestamp: Date.parse(d.date),
        read: d.position <= settings.acknowledgedUpTo,
        sourceUser: d.actorId ? person(userById.get(d.actorId), d.actorId) : null,
        // A free text the raiser gave: a message, or the comment of a workflow rejection.
        message: typeof data.message === 'string' ? { content: data.message } : typeof data.comment === 'string' ? { content: data.comment } : null,
        commentaire: d.type === 'NEW_COMMENT' ? { content: String(data.content ?? ''), rating: ratingById.get(`${d.actorId}:${d.speachId}`) ?? null } : null,
        speach: d.speachId ? { speachID: d.speachId, title: speach?.title ?? '', img: speach?.img ?? null } : null,
        parcours: null,
        badge: null,
        topic: null,
        groupe: null,
        data,
        // "Why did I get this": the event, the rule that chose this user and the preference that let it through.
        reason: d.reason ?? null,
      };
    });
  }

  /** Marks every notification read (spec §4: once per page view of the bell). Nothing unread: nothing recorded. */
  async acknowledge(userId: string): Promise<void> {
    const unread = await this.countUnread(userId);
    await this.commands.run(notificationSettingsDecider, notificationSettingsStream(userId), { type: 'Acknowledge', userId, unread }, { userId });
    await this.readModels.settled();
  }

  async parameters(user: Actor): Promise<NotificationParametersView> {
    const settings = await this.settings(user.id);
    return {
      params: typesFor(user).map((type) => this.parameter(type, settings)),
      frequencyNotification: settings.frequency,
      language: settings.language ?? null,
    };
  }

  private parameter(type: NotificationType, settings: NotificationSettingsDocument): NotificationParameterView {
    return { id: type, typeNotification: type, activate: !settings.deactivated.includes(type), category: NOTIFICATION_TYPES[type].category };
  }

  async setActive(user: Actor, type: string, active: boolean): Promise<NotificationParameterView> {
    const checked = checkType(type);
    await this.commands.run(
      notificationSettingsDecider,
      notificationSettingsStream(user.id),
      { type: active ? 'ActivateType' : 'DeactivateType', userId: user.id, notificationType: checked },
      { userId: user.id },
    );
    await this.readModels.settled();
    return this.parameter(checked, await this.settings(user.id));
  }

  async setLanguage(user: Actor, language: string) {
    await this.commands.run(
      notificationSettingsDecider,
      notificationSettingsStream(user.id),
      { type: 'SetLanguage', userId: user.id, language },
      { userId: user.id },
    );
    await this.readModels.settled();
    return { language: (await this.settings(user.id)).language ?? null };
  }

  /** A signed unsubscribe link's effect: the user's mail frequency becomes NONE, through the settings decider. */
  async unsubscribe(userId: string): Promise<{ frequencyNotification: string }> {
    await this.commands.run(notificationSettingsDecider, notificationSettingsStream(userId), { type: 'SetFrequency', userId, frequency: 'NONE' }, { userId });
    await this.readModels.settled();
    return { frequencyNotification: (await this.settings(userId)).frequency };
  }

  async setFrequency(user: Actor, frequency: string) {
    await this.commands.run(
      notificationSettingsDecider,
      notificationSettingsStream(user.id),
      { type: 'SetFrequency', userId: user.id, frequency },
      { userId: user.id },
    );
    await this.readModels.settled();
    return { frequencyNotification: (await this.settings(user.id)).frequency };
  }
}
