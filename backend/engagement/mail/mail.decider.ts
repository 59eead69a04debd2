import type { MailEvent, NotificationFrequency } from '../../../events';
import type { Decider } from '../../infrastructure/decider/decider';

/** Stream `mail-{userId}`: the digest periods and the immediate mails already sent to one user. */
export interface MailState {
  periods: string[];
  triggers: string[];
}

export type MailCommand =
  | { type: 'RecordDigest'; userId: string; messageId: string; frequency: NotificationFrequency; period: string; upToPosition: number; items: number }
  | { type: 'RecordImmediateMail'; userId: string; messageId: string; kind: 'PASSWORD' | 'ASSIGNMENT_DUE'; triggerId: string };

/** A mail is recorded once: a second record of the same period or trigger (a run after a crash) records nothing. */
export const mailDecider: Decider<MailState, MailCommand, MailEvent> = {
  initialState: () => ({ periods: [], triggers: [] }),
  decide(command, state) {
    switch (command.type) {
      case 'RecordDigest': {
        const { type: _, ...data } = command;
        return state.periods.includes(command.period) ? [] : [{ type: 'MailDigestSent', data }];
      }
      case 'RecordImmediateMail': {
        const { type: _, ...data } = command;
        return state.triggers.includes(command.triggerId) ? [] : [{ type: 'ImmediateMailSent', data }];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'MailDigestSent':
        return { ...state, periods: [...state.periods, event.data.period] };
      case 'ImmediateMailSent':
        return { ...state, triggers: [...state.triggers, event.data.triggerId] };
      default:
        return state;
    }
  },
};
