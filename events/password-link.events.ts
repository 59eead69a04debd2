import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/**
 * Set-password links (issue 19): events on the user's own stream (`user-{userId}`), so choosing the
 * password and spending the link are one append. Only the SHA-256 of a link's token is ever stored:
 * the token itself lives in the mail alone.
 */
export type SetPasswordLinkReason = 'WELCOME' | 'RESET';

/** An administrator asked for a new password for the user (spec's generatePassword): the link policy answers it. */
export type SetPasswordLinkRequested = DomainEvent<'SetPasswordLinkRequested', { userId: string }>;

/** A link was issued (by the link policy) and mailed; `triggerId` is the event it answers, so a replay issues nothing twice. */
export type SetPasswordLinkIssued = DomainEvent<
  'SetPasswordLinkIssued',
  { userId: string; tokenHash: string; expiresAt: string; reason: SetPasswordLinkReason; triggerId: string }
>;

/** The user chose a password through the link: this link and every older one are spent. */
export type SetPasswordLinkUsed = DomainEvent<'SetPasswordLinkUsed', { userId: string; tokenHash: string }>;

export type PasswordLinkEvent = SetPasswordLinkRequested | SetPasswordLinkIssued | SetPasswordLinkUsed;

for (const type of ['SetPasswordLinkRequested', 'SetPasswordLinkIssued', 'SetPasswordLinkUsed']) registerEventType(type, 1);
