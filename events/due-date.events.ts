import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/** Spec §3 "due date approaching": the reminders sent before a due date, 7 days and 1 day ahead. */
export const DUE_DATE_REMINDER_DAYS = [7, 1] as const;
export type DueDateReminderDays = (typeof DUE_DATE_REMINDER_DAYS)[number];

const DAY_MS = 86_400_000;

/**
 * The milestone a due day (`YYYY-MM-DD`, UTC) is at on `today`: expired after the day, 1 the day before
 * (and the day itself), 7 within the week, else none. Speaches' and learning paths' reminders share it.
 */
export function dueDateMilestone(dueDay: string, today: string): DueDateReminderDays | 'expired' | null {
  const left = Math.round((Date.parse(dueDay) - Date.parse(today)) / DAY_MS);
  if (left < 0) return 'expired';
  if (left <= 1) return 1;
  return left <= 7 ? 7 : null;
}

/**
 * Stream `duedate-{speachId}`: what the platform told about a speach's due date. Kept apart from the
 * speach's own stream so the reminders (system facts driven by the clock) never race an author's edit;
 * the stream is the "each once" rule: one reminder per due date and milestone, one expiry per due date.
 */
export const dueDateStream = (speachId: string) => `duedate-${speachId}`;

/**
 * A reminder names the assigned learners who had already completed the speach (`exceptUserIds`): they met
 * the date, so they are not reminded. Decided by the policy when it told the reminder, so a replay tells
 * the same people. Schema 2 added it; a version-1 reminder left out no one.
 */
export type SpeachDueDateApproaching = DomainEvent<
  'SpeachDueDateApproaching',
  { speachId: string; dueDate: string; daysBefore: DueDateReminderDays; exceptUserIds: string[] }
>;
export type SpeachDueDateExpired = DomainEvent<'SpeachDueDateExpired', { speachId: string; dueDate: string }>;
export type DueDateEvent = SpeachDueDateApproaching | SpeachDueDateExpired;

registerEventType('SpeachDueDateApproaching', 2, { 1: (data) => ({ exceptUserIds: [], ...data }) });
registerEventType('SpeachDueDateExpired', 1);
