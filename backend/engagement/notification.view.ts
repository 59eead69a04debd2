/**
 * What the notification calls answer (spec §3 "Notification", docs/engagement-api.md). A view module: it imports
 * only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { NotificationCategory, NotificationFrequency } from '../../events/notification-vocabulary.view';
import type { Person } from '../speach/speach-card.view';

/** Why a notification was sent: the event, the rule that chose this user and the preference that let it through. */
export interface NotificationReasonView {
  eventId: string;
  eventType: string;
  rule: string;
  preference: string;
}

/** One notification, newest first, with its speach and source user joined. */
export interface NotificationView {
  key: string;
  typeNotification: string;
  date: string;
  timestamp: number;
  read: boolean;
  sourceUser: Person | null;
  message: { content: string } | null;
  commentaire: { content: string; rating: number | null } | null;
  speach: { speachID: string; title: string; img: string | null } | null;
  parcours: null;
  badge: null;
  topic: null;
  groupe: null;
  /** What the raiser recorded (comment id, path id, step…): where the notification leads. */
  data: Record<string, unknown>;
  /** Null on notifications older than the reasons. */
  reason: NotificationReasonView | null;
}

/** Spec §3 "Notification parameter": one type's switch, in its preference group. */
export interface NotificationParameterView {
  id: string;
  typeNotification: string;
  activate: boolean;
  category: NotificationCategory;
}

/** `GET /api/v2/notifications/parameters`: the switches the user's roles show, the mail frequency and language. */
export interface NotificationParametersView {
  params: NotificationParameterView[];
  frequencyNotification: NotificationFrequency;
  language: string | null;
}
