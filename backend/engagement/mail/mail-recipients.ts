import { Inject, Injectable } from '@nestjs/common';
import { type MailLanguage, type NotificationFrequency } from '../../../events';
import { NOTIFICATION_SETTINGS, type NotificationSettingsDocument, defaultSettings } from '../../../projections/notifications.projection';
import { USERS, type UserDocument } from '../../../projections/users.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';

export interface MailRecipient {
  userId: string;
  email: string;
  firstName: string;
  frequency: NotificationFrequency;
  language: MailLanguage;
}

/** Who a mail goes to, read when it is sent: an address changed or a user unsubscribed meanwhile counts. */
@Injectable()
export class MailRecipients {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The active user's address and mail preferences; null for an unknown or deactivated user. */
  async get(userId: string): Promise<MailRecipient | null> {
    const [user, settings] = await Promise.all([
      this.store.collection<UserDocument>(USERS).findById(userId),
      this.store.collection<NotificationSettingsDocument>(NOTIFICATION_SETTINGS).findById(userId),
    ]);
    if (!user || !user.active || !user.email) return null;
    const prefs = settings ?? defaultSettings(userId);
    return { userId, email: user.email, firstName: user.firstName, frequency: prefs.frequency, language: prefs.language ?? this.config.mail.defaultLanguage };
  }

  /** Each user's mail frequency (the default for users who never changed it). */
  async frequencies(userIds: string[]): Promise<Map<string, NotificationFrequency>> {
    const found = await this.store.collection<NotificationSettingsDocument>(NOTIFICATION_SETTINGS).findByIds(userIds);
    const byId = new Map(found.map((s) => [s._id, s.frequency]));
    return new Map(userIds.map((id) => [id, byId.get(id) ?? defaultSettings(id).frequency]));
  }
}
