import type { Filter, Sort } from '../../infrastructure/read-store/read-store.port';
import { escapeRegex } from '../../infrastructure/http/simple-rest';
import { NO_GROUP } from '../user.decider';
import { SEARCH_TEXT_SEPARATOR } from '../../../projections/users.projection';
import type { AdminUsersQuery } from './admin-users.query.dto';

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** ISO timestamps compare as strings, so a day range is [start, end + 1 day). */
function dayRange(field: string, start?: string, end?: string): Filter | null {
  if (!start && !end) return null;
  const range: Record<string, string> = {};
  if (start) range.$gte = start;
  if (end) range.$lt = nextDay(end);
  return { [field]: range };
}

/** Every word of the search must appear in the first name, the last name or the e-mail. */
export function searchFilter(search: string | undefined): Filter | null {
  const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return null;
  return { $and: words.map((word) => userTextFilter(word)) };
}

/** `text` in the first name, the last name or the e-mail: one field per user (searchText) unless the text spans lines. */
export function userTextFilter(text: string): Filter {
  const pattern = { $regex: escapeRegex(text), $options: 'i' };
  if (!text.includes(SEARCH_TEXT_SEPARATOR)) return { searchText: pattern };
  return { $or: ['firstName', 'lastName', 'email'].map((field) => ({ [field]: pattern })) };
}

export function adminUsersFilter(query: AdminUsersQuery): Filter {
  const clauses: Filter[] = [];
  const search = searchFilter(query.search);
  if (search) clauses.push(search);
  if (query.groups?.length) {
    const ids = query.groups.filter((g) => g !== NO_GROUP);
    const alternatives: Filter[] = [];
    if (ids.length) alternatives.push({ groupIds: { $in: ids } });
    if (query.groups.includes(NO_GROUP)) alternatives.push({ groupIds: { $size: 0 } });
    clauses.push(alternatives.length === 1 ? alternatives[0] : { $or: alternatives });
  }
  if (query.roles?.length) {
    const roles = query.roles.filter((r) => r !== 'NONE');
    const alternatives: Filter[] = [];
    if (roles.length) alternatives.push({ roles: { $in: roles } });
    if (query.roles.includes('NONE')) alternatives.push({ roles: { $size: 0 } });
    clauses.push(alternatives.length === 1 ? alternatives[0] : { $or: alternatives });
  }
  for (const range of [
    dayRange('createdAt', query.startDateCreated, query.endDateCreated),
    dayRange('lastActiveAt', query.startDateLastActive, query.endDateLastActive),
  ]) {
    if (range) clauses.push(range);
  }
  if (query.onlyState) clauses.push({ active: query.onlyState === 'ACTIVE' });
  if (clauses.length === 0) return {};
  return clauses.length === 1 ? clauses[0] : { $and: clauses };
}

export function adminUsersSort(query: AdminUsersQuery): Sort {
  const order = query.asc ? 1 : -1;
  switch (query.sort) {
    case 'FIRST_NAME':
      return { firstName: order, lastName: order, _id: 1 };
    case 'EMAIL':
      return { email: order, _id: 1 };
    case 'CREATED_AT':
      return { createdAt: order, _id: 1 };
    case 'LAST_ACTIVE':
      return { lastActiveAt: order, _id: 1 };
    default:
      return { lastName: order, firstName: order, _id: 1 };
  }
}
