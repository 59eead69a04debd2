import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/** Spec §3 "due date approaching": the reminders sent before a due date, 7 days and 1 day ahead. */
export const DUE_DATE_REMINDER_DAYS = [7, 1] as const;
export type DueDateReminderDays = (typeof DUE_DATE_REMINDER_DAYS)[number];

/**
 * Stream `duedate-{speachId}`: what the platform told about a speach's due date. Kept apart from the
 * speach's own stream so the reminders (system facts driven by the clock) never race an author's edit;
 * the stream is the "each once" rule: one reminder per due date and milestone, one expiry per due date.
 */
export const dueDateStream = (speachId: string) => `duedate-${speachId}`;

export type SpeachDueDateApproaching = DomainEvent<'SpeachDueDateApproaching', { speachId: string; dueDate: string; daysBefore: DueDateReminderDays }>;
export type SpeachDueDateExpired = DomainEvent<'SpeachDueDateExpired', { speachId: string; dueDate: string }>;
export type DueDateEvent = SpeachDueDateApproaching | SpeachDueDateExpired;

for (const type of ['SpeachDueDateApproaching', 'SpeachDueDateExpired']) registerEventType(type, 1);
