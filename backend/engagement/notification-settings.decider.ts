import {
  DEFAULT_NOTIFICATION_FREQUENCY,
  MAIL_LANGUAGES,
  type MailLanguage,
  NOTIFICATION_FREQUENCIES,
  NOTIFICATION_TYPE_NAMES,
  type NotificationFrequency,
  type NotificationSettingsEvent,
  type NotificationType,
} from '../../events';
import { type Decider, ValidationError } from '../infrastructure/decider/decider';

/** Stream `notifications-{userId}`: one user's notification preferences and acknowledgements. */
export interface NotificationSettingsState {
  deactivated: string[];
  frequency: NotificationFrequency;
  language: MailLanguage | null;
}

export type NotificationSettingsCommand =
  | { type: 'ActivateType'; userId: string; notificationType: string }
  | { type: 'DeactivateType'; userId: string; notificationType: string }
  | { type: 'SetFrequency'; userId: string; frequency: string }
  /** The language of the user's mails (the learner app reports the one it shows). */
  | { type: 'SetLanguage'; userId: string; language: string }
  /** `unread`: how many notifications are unread now (from the read model); none means nothing to record. */
  | { type: 'Acknowledge'; userId: string; unread: number };

/** Spec §8: an unknown notification type is refused with "unknown type". */
export function checkType(type: unknown): NotificationType {
  if (typeof type !== 'string' || !(NOTIFICATION_TYPE_NAMES as string[]).includes(type)) throw new ValidationError('type', 'unknown type');
  return type as NotificationType;
}

export function checkFrequency(frequency: unknown): NotificationFrequency {
  if (typeof frequency !== 'string' || !(NOTIFICATION_FREQUENCIES as readonly string[]).includes(frequency)) {
    throw new ValidationError('frequency', `frequency must be one of ${NOTIFICATION_FREQUENCIES.join(', ')}`);
  }
  return frequency as NotificationFrequency;
}

export function checkLanguage(language: unknown): MailLanguage {
  if (typeof language !== 'string' || !(MAIL_LANGUAGES as readonly string[]).includes(language)) {
    throw new ValidationError('language', `language must be one of ${MAIL_LANGUAGES.join(', ')}`);
  }
  return language as MailLanguage;
}

export const notificationSettingsDecider: Decider<NotificationSettingsState, NotificationSettingsCommand, NotificationSettingsEvent> = {
  initialState: () => ({ deactivated: [], frequency: DEFAULT_NOTIFICATION_FREQUENCY, language: null }),
  decide(command, state) {
    const { userId } = command;
    switch (command.type) {
      case 'ActivateType': {
        const type = checkType(command.notificationType);
        return state.deactivated.includes(type) ? [{ type: 'NotificationTypeActivated', data: { userId, type } }] : [];
      }
      case 'DeactivateType': {
        const type = checkType(command.notificationType);
        return state.deactivated.includes(type) ? [] : [{ type: 'NotificationTypeDeactivated', data: { userId, type } }];
      }
      case 'SetFrequency': {
        const frequency = checkFrequency(command.frequency);
        return state.frequency === frequency ? [] : [{ type: 'NotificationFrequencyChanged', data: { userId, frequency } }];
      }
      case 'SetLanguage': {
        const language = checkLanguage(command.language);
        return state.language === language ? [] : [{ type: 'NotificationLanguageChanged', data: { userId, language } }];
      }
      case 'Acknowledge':
        return command.unread > 0 ? [{ type: 'NotificationsAcknowledged', data: { userId } }] : [];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationTypeActivated':
        return { ...state, deactivated: state.deactivated.filter((t) => t !== event.data.type) };
      case 'NotificationTypeDeactivated':
        return { ...state, deactivated: [...state.deactivated, event.data.type] };
      case 'NotificationFrequencyChanged':
        return { ...state, frequency: event.data.frequency };
      case 'NotificationLanguageChanged':
        return { ...state, language: event.data.language };
      default:
        return state;
    }
  },
};
