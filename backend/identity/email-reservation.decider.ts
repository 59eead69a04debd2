import { createHash } from 'node:crypto';
import type { EmailReservationEvent } from '../../events';
import { type Decider, DomainError } from '../infrastructure/decider/decider';

/**
 * One stream per e-mail address (`email-{sha256}`): reserving it with the stream's revision as
 * expected revision is what keeps e-mails unique when two admins create the same user at once.
 */
export type EmailReservationState = { reservedBy: string | null };
export type EmailReservationCommand = { type: 'ReserveEmail'; userId: string } | { type: 'ReleaseEmail'; userId: string };

export class EmailAlreadyUsedError extends DomainError {
  constructor() {
    super('This e-mail address is already used by another account.', 409, [{ field: 'email', reason: 'already used' }]);
  }
}

export function emailStream(normalisedEmail: string): string {
  return `email-${createHash('sha256').update(normalisedEmail).digest('hex')}`;
}

export const emailReservationDecider: Decider<EmailReservationState, EmailReservationCommand, EmailReservationEvent> = {
  initialState: () => ({ reservedBy: null }),
  decide(command, state) {
    switch (command.type) {
      case 'ReserveEmail':
        if (state.reservedBy === command.userId) return [];
        if (state.reservedBy) throw new EmailAlreadyUsedError();
        return [{ type: 'EmailReserved', data: { userId: command.userId } }];
      case 'ReleaseEmail':
        return state.reservedBy === command.userId ? [{ type: 'EmailReleased', data: { userId: command.userId } }] : [];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'EmailReserved':
        return { reservedBy: event.data.userId };
      case 'EmailReleased':
        return { reservedBy: null };
    }
  },
};
