import { parse } from 'csv-parse/sync';
import { ROLES, type Role } from '../../../events';
import { ValidationError } from '../../infrastructure/decider/decider';
import { EMAIL_MAX, NAME_MAX, normaliseEmail } from '../user.decider';
import type { ImportRow } from './user-import.view';

export const REQUIRED_COLUMNS = ['firstName', 'lastName', 'email'] as const;
export const OPTIONAL_COLUMNS = ['roles', 'groups'] as const;
export const MAX_IMPORT_ROWS = 20_000;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type { ImportRow } from './user-import.view';

export interface ImportContext {
  existingEmails: Set<string>;
  groupIdsByName: Map<string, string>;
  workflowEnabled: boolean;
}

/**
 * Reads a user CSV (header row; `,` or `;` separated; roles and groups separated by `|`) and checks
 * every row against the same rules as the admin screens, without writing anything.
 */
export function parseUserCsv(csv: string, context: ImportContext): ImportRow[] {
  const text = csv.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { delimiter, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw new ValidationError('csv', `The file is not valid CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new ValidationError('csv', 'The file is empty.');
  const header = records[0].map((h) => h.trim());
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length)
    throw new ValidationError('csv', `Missing columns: ${missing.join(', ')} (expected ${[...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].join(', ')})`);
  const unknown = header.filter((h) => ![...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].includes(h as never));
  if (unknown.length) throw new ValidationError('csv', `Unknown columns: ${unknown.join(', ')}`);
  if (records.length - 1 > MAX_IMPORT_ROWS) throw new ValidationError('csv', `At most ${MAX_IMPORT_ROWS} users per file.`);

  const column = (record: string[], name: string) => (record[header.indexOf(name)] ?? '').trim();
  const seen = new Map<string, number>();
  return records.slice(1).map((record, index) => {
    const line = index + 2;
    const errors: ImportRow['errors'] = [];
    const firstName = column(record, 'firstName');
    const lastName = column(record, 'lastName');
    const email = normaliseEmail(column(record, 'email'));
    for (const [field, value] of [
      ['firstName', firstName],
      ['lastName', lastName],
    ] as const) {
      if (!value) errors.push({ field, reason: `${field} is required` });
      else if (value.length > NAME_MAX) errors.push({ field, reason: `${field} must be at most ${NAME_MAX} characters` });
    }
    if (!EMAIL_PATTERN.test(email)) errors.push({ field: 'email', reason: 'not a valid e-mail address' });
    else if (email.length > EMAIL_MAX) errors.push({ field: 'email', reason: `email must be at most ${EMAIL_MAX} characters` });
    else if (context.existingEmails.has(email)) errors.push({ field: 'email', reason: 'already used by an existing account' });
    else if (seen.has(email)) errors.push({ field: 'email', reason: `duplicate of line ${seen.get(email)}` });
    if (!seen.has(email)) seen.set(email, line);

    const roles = split(column(record, 'roles')).map((r) => r.toUpperCase());
    for (const role of roles) {
      if (!ROLES.includes(role as Role)) errors.push({ field: 'roles', reason: `unknown role ${role}` });
    }
    if (roles.includes('AI_EDITOR') && !roles.includes('FORMATEUR')) errors.push({ field: 'roles', reason: 'AI_EDITOR needs FORMATEUR' });
    if (roles.includes('APPROVER') && !context.workflowEnabled) errors.push({ field: 'roles', reason: 'APPROVER needs the workflow' });
    const groupNames = split(column(record, 'groups'));
    for (const name of groupNames) {
      if (!context.groupIdsByName.has(name.toLowerCase())) errors.push({ field: 'groups', reason: `unknown group ${name}` });
    }
    return { line, firstName, lastName, email, roles: roles.filter((r): r is Role => ROLES.includes(r as Role)), groupNames, errors };
  });
}

function split(cell: string): string[] {
  return cell
    .split('|')
    .map((v) => v.trim())
    .filter(Boolean);
}
