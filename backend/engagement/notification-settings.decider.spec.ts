import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { ValidationError } from '../infrastructure/decider/decider';
import { notificationSettingsDecider } from './notification-settings.decider';

const settings = deciderSpec(notificationSettingsDecider);
const deactivated = { type: 'NotificationTypeDeactivated' as const, data: { userId: 'u1', type: 'NEW_COMMENT' as const } };

describe('notification settings decider (stream notifications-{userId})', () => {
  it('every type starts active: deactivating records it, once', () => {
    settings.given([]).when({ type: 'DeactivateType', userId: 'u1', notificationType: 'NEW_COMMENT' }).then([deactivated]);
    settings.given([deactivated]).when({ type: 'DeactivateType', userId: 'u1', notificationType: 'NEW_COMMENT' }).then([]);
  });
  it('activating a deactivated type records it; an active one records nothing', () => {
    settings
      .given([deactivated])
      .when({ type: 'ActivateType', userId: 'u1', notificationType: 'NEW_COMMENT' })
      .then([{ type: 'NotificationTypeActivated', data: { userId: 'u1', type: 'NEW_COMMENT' } }]);
    settings.given([]).when({ type: 'ActivateType', userId: 'u1', notificationType: 'NEW_COMMENT' }).then([]);
  });
  it('refuses an unknown type with "unknown type" (spec §8)', () => {
    settings
      .given([])
      .when({ type: 'DeactivateType', userId: 'u1', notificationType: 'NOPE' })
      .thenThrows(ValidationError, /^unknown type$/);
    settings
      .given([])
      .when({ type: 'ActivateType', userId: 'u1', notificationType: '' })
      .thenThrows(ValidationError, /^unknown type$/);
  });
  it('changes the mail frequency to one of the spec values; the default is HEBDOMADAIRE', () => {
    settings
      .given([])
      .when({ type: 'SetFrequency', userId: 'u1', frequency: 'JOURNALIER' })
      .then([{ type: 'NotificationFrequencyChanged', data: { userId: 'u1', frequency: 'JOURNALIER' } }]);
    settings.given([]).when({ type: 'SetFrequency', userId: 'u1', frequency: 'HEBDOMADAIRE' }).then([]);
    settings
      .given([])
      .when({ type: 'SetFrequency', userId: 'u1', frequency: 'HOURLY' })
      .thenThrows(ValidationError, /frequency must be one of/);
  });
  it('acknowledges only when something is unread', () => {
    settings
      .given([])
      .when({ type: 'Acknowledge', userId: 'u1', unread: 3 })
      .then([{ type: 'NotificationsAcknowledged', data: { userId: 'u1' } }]);
    settings.given([]).when({ type: 'Acknowledge', userId: 'u1', unread: 0 }).then([]);
  });
  it('records the mail language once, one of en, fr, es, de', () => {
    settings
      .given([])
      .when({ type: 'SetLanguage', userId: 'u1', language: 'fr' })
      .then([{ type: 'NotificationLanguageChanged', data: { userId: 'u1', language: 'fr' } }]);
    settings
      .given([{ type: 'NotificationLanguageChanged', data: { userId: 'u1', language: 'fr' } }])
      .when({ type: 'SetLanguage', userId: 'u1', language: 'fr' })
      .then([]);
    settings
      .given([])
      .when({ type: 'SetLanguage', userId: 'u1', language: 'it' })
      .thenThrows(ValidationError, /language must be one of/);
  });
});
