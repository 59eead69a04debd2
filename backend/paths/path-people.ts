import { GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import type { PathDocument } from '../../projections/paths.projection';
import { USERS, type UserDocument } from '../../projections/users.projection';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';

/** The owners, assigned users and groups a page of paths names, read in two queries whatever the page's size. */
export async function pathPeople(store: ReadStore, docs: PathDocument[]) {
  const userIds = new Set(docs.flatMap((d) => [d.ownerId, ...d.userIds]));
  const groupIds = new Set(docs.flatMap((d) => d.groupIds));
  const users = new Map((await store.collection<UserDocument>(USERS).findByIds([...userIds])).map((u) => [u._id, u]));
  const groups = new Map((await store.collection<GroupDocument>(GROUPS).findByIds([...groupIds])).map((g) => [g._id, { name: g.name }]));
  return { users, groups };
}
