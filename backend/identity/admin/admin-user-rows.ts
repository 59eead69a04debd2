import type { CustomFieldDocument, GroupDocument } from '../../../projections/organisation.projection';
import type { UserDocument } from '../../../projections/users.projection';
import type { AdminUserView, GroupItem } from './admin-user.view';

export function groupItem(group: GroupDocument): GroupItem {
  return { id: group._id, name: group.name, system: false, order: group.order, description: group.description };
}

export function adminUserView(user: UserDocument, groups: Map<string, GroupDocument>, fields: Map<string, CustomFieldDocument>): AdminUserView {
  return {
    id: user._id,
    userID: user._id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    img: user.img,
    admin: user.roles.includes('ADMIN'),
    trainer: user.roles.includes('FORMATEUR'),
    approver: user.roles.includes('APPROVER'),
    aiEditor: user.roles.includes('AI_EDITOR'),
    auditor: user.roles.includes('AUDITOR'),
    anonymous: false,
    active: user.active,
    createdAt: user.createdAt,
    lastActiveDate: user.lastActiveAt,
    groups: user.groupIds
      .map((id) => groups.get(id))
      .filter((g): g is GroupDocument => !!g)
      .map(groupItem),
    customFieldValues: Object.entries(user.customFieldValues)
      .filter(([id]) => fields.has(id))
      .map(([id, value]) => ({ customField: { id, name: fields.get(id)!.name }, value })),
    password: user.mustChangePassword,
  };
}
