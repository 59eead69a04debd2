import type { DomainEvent } from './envelope';
import type { NotificationFrequency } from './engagement.events';
import { registerEventType } from './schema-registry';

/**
 * Stream `mail-{userId}`: the mails sent to one user. No address, subject or body here (personal data
 * stays out of events): the message id and what it covered, so a run after a crash sends nothing twice.
 */
export const mailStream = (userId: string) => `mail-${userId}`;

/** One digest per user and period (`period` like `D:2026-11-24`, `W:2026-11-23`, `M:2026-11`). */
export type MailDigestSent = DomainEvent<
  'MailDigestSent',
  { userId: string; messageId: string; frequency: NotificationFrequency; period: string; upToPosition: number; items: number }
>;
/** A mail that must not wait (a generated password, an assignment with a due date). */
export type ImmediateMailSent = DomainEvent<'ImmediateMailSent', { userId: string; messageId: string; kind: 'PASSWORD' | 'ASSIGNMENT_DUE'; triggerId: string }>;
export type MailEvent = MailDigestSent | ImmediateMailSent;

for (const type of ['MailDigestSent', 'ImmediateMailSent']) registerEventType(type, 1);
