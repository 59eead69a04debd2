import { useGetList, useTranslate } from 'react-admin';

export const ROLE_IDS = ['ADMIN', 'FORMATEUR', 'APPROVER', 'AI_EDITOR', 'AUDITOR'] as const;

export function useRoleChoices(withNone: boolean) {
  const translate = useTranslate();
  const roles = ROLE_IDS.map((id) => ({ id, name: translate(`roles.${id}`) }));
  return withNone ? [{ id: 'NONE', name: translate('roles.NONE') }, ...roles] : roles;
}

/** Groups for selects; with the "no group" pseudo group (-1) first when asked. */
export function useGroupChoices(withNoGroup: boolean) {
  const translate = useTranslate();
  const { data = [] } = useGetList('groups', { pagination: { page: 1, perPage: 500 }, sort: { field: 'order', order: 'ASC' } });
  const groups = data.map((g) => ({ id: String(g.id), name: String(g.name) }));
  return withNoGroup ? [{ id: '-1', name: translate('admin.users.noGroup') }, ...groups] : groups;
}
