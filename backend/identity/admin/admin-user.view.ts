/**
 * Spec §3 "User (admin)": the back office's user answers. A view module: it imports only other view modules
 * (docs/web-shared-and-data-layer.md); the mapping from the read models is in admin-user-rows.ts.
 */

/** The "no group" pseudo group of spec §3, always listed first. */
export const NO_GROUP_ITEM = { id: '-1', name: 'no-group', system: true, order: -1, description: '' };

export interface GroupItem {
  id: string;
  name: string;
  system: boolean;
  order: number;
  description: string;
}

/** Spec §3 "User (admin)". */
export interface AdminUserView {
  id: string;
  userID: string;
  firstName: string;
  lastName: string;
  email: string;
  img: string | null;
  admin: boolean;
  trainer: boolean;
  approver: boolean;
  aiEditor: boolean;
  auditor: boolean;
  anonymous: boolean;
  active: boolean;
  createdAt: string;
  lastActiveDate: string | null;
  groups: GroupItem[];
  customFieldValues: { customField: { id: string; name: string }; value: string }[];
  /** The forced-change flag: the user must choose a new password at next login. */
  password: boolean;
}
