import type { PasswordLinkEvent, SetPasswordLinkReason, UserEvent } from '../../../events';
import { type Decider, DomainError, NotFoundError } from '../../infrastructure/decider/decider';

/** What the user stream says about set-password links: the hashes issued, which are spent, and whether the account can still sign in. */
export interface PasswordLinkState {
  exists: boolean;
  active: boolean;
  hasPassword: boolean;
  links: { tokenHash: string; expiresAt: string; spent: boolean }[];
  triggers: string[];
}

export type PasswordLinkCommand =
  | { type: 'RequestPasswordLink'; userId: string }
  | { type: 'IssuePasswordLink'; userId: string; tokenHash: string; expiresAt: string; reason: SetPasswordLinkReason; triggerId: string }
  | { type: 'SetPasswordWithLink'; userId: string; tokenHash: string; passwordHash: string; now: string };

type LinkStreamEvent = PasswordLinkEvent | UserEvent;

/** A link that does not work any more answers 410 Gone: the page tells the user to ask for a new one. */
export class LinkGoneError extends DomainError {
  override readonly name = 'LinkGoneError';
  constructor(message: string) {
    super(message, 410);
  }
}

function usable(state: PasswordLinkState, command: Extract<PasswordLinkCommand, { type: 'SetPasswordWithLink' }>) {
  if (!state.exists) throw new LinkGoneError('This link is not valid.');
  const link = state.links.find((l) => l.tokenHash === command.tokenHash);
  if (!link) throw new LinkGoneError('This link is not valid.');
  if (link.spent) throw new LinkGoneError('This link has already been used.');
  if (link.expiresAt <= command.now) throw new LinkGoneError('This link has expired.');
  if (!state.active) throw new LinkGoneError('This account is deactivated.');
}

export const passwordLinkDecider: Decider<PasswordLinkState, PasswordLinkCommand, LinkStreamEvent> = {
  initialState: () => ({ exists: false, active: false, hasPassword: false, links: [], triggers: [] }),

  decide(command, state) {
    switch (command.type) {
      case 'RequestPasswordLink':
        if (!state.exists) throw new NotFoundError('Unknown user');
        return [{ type: 'SetPasswordLinkRequested', data: { userId: command.userId } }];
      case 'IssuePasswordLink': {
        if (!state.exists || state.triggers.includes(command.triggerId)) return [];
        const { type: _, ...data } = command;
        return [{ type: 'SetPasswordLinkIssued', data }];
      }
      case 'SetPasswordWithLink':
        usable(state, command);
        return [
          { type: 'SetPasswordLinkUsed', data: { userId: command.userId, tokenHash: command.tokenHash } },
          { type: 'UserPasswordSet', data: { userId: command.userId, passwordHash: command.passwordHash, mustChangeAtNextLogin: false } },
        ];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, exists: true, active: true };
      case 'UserDeactivated':
        return { ...state, active: false };
      case 'UserReactivated':
        return { ...state, active: true };
      case 'UserPasswordSet':
        return { ...state, hasPassword: true };
      case 'SetPasswordLinkIssued':
        return {
          ...state,
          links: [...state.links, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt, spent: false }],
          triggers: [...state.triggers, event.data.triggerId],
        };
      case 'SetPasswordLinkUsed':
        // A password chosen through one link spends every link issued before it.
        return { ...state, links: state.links.map((l) => ({ ...l, spent: true })) };
      default:
        return state;
    }
  },
};
