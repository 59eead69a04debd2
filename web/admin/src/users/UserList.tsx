import { IconButton, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useState } from 'react';
import {
  CreateButton,
  Datagrid,
  DateField,
  DateInput,
  FilterButton,
  FunctionField,
  InfiniteList,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import type { UserRecord } from '@speach/web-shared/api';
import { ChipsWithMore } from './ChipsWithMore';
import { UserBulkActions } from './UserBulkActions';
import { UserPanel } from './UserPanel';
import { useGroupChoices, useRoleChoices } from './choices';

type UserRow = UserRecord;

function TotalCount() {
  const { total } = useListContext();
  const translate = useTranslate();
  if (total === undefined) return null;
  return (
    <Typography variant="body2" sx={{ mr: 'auto', alignSelf: 'center' }} aria-live="polite">
      {translate('admin.users.total', { smart_count: total })}
    </Typography>
  );
}

function Actions() {
  return (
    <TopToolbar sx={{ width: '100%' }}>
      <TotalCount />
      <FilterButton />
      <CreateButton />
    </TopToolbar>
  );
}

/** Spec §2 "Admin user list": filters with chips, total, infinite table, side panel, bulk actions. */
/** A deactivated user's row is greyed by its background and italics, its text keeping AA contrast (not by opacity). */
const DEACTIVATED_ROW = { bgcolor: 'grey.100', '& td': { color: 'text.secondary', fontStyle: 'italic' } } as const;

export function UserList() {
  const translate = useTranslate();
  const groups = useGroupChoices(true);
  const roles = useRoleChoices(true);
  const groupNames = new Map(groups.map((g) => [g.id, g.name]));
  const [panel, setPanel] = useState<string | null>(null);

  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('resources.users.fields.q')} aria-label={translate('resources.users.fields.q')} />,
    <SelectArrayInput key="groups" source="groups" choices={groups} alwaysOn sx={{ minWidth: 180 }} />,
    <SelectArrayInput key="roles" source="roles" choices={roles} alwaysOn sx={{ minWidth: 180 }} />,
    <DateInput key="createdAt_gte" source="createdAt_gte" label="admin.users.createdSince" />,
    <DateInput key="createdAt_lte" source="createdAt_lte" label="admin.users.createdUntil" />,
    <DateInput key="lastActiveAt_gte" source="lastActiveAt_gte" label="admin.users.activeSince" />,
    <DateInput key="lastActiveAt_lte" source="lastActiveAt_lte" label="admin.users.activeUntil" />,
    <SelectInput
      key="active"
      source="active"
      label="admin.users.state"
      choices={[
        { id: true, name: translate('admin.users.active') },
        { id: false, name: translate('admin.users.inactive') },
      ]}
    />,
  ];

  return (
    <>
      <InfiniteList filters={filters} actions={<Actions />} sort={{ field: 'lastName', order: 'ASC' }} perPage={25}>
        <Datagrid bulkActionButtons={<UserBulkActions />} rowClick={false} rowSx={(record) => (record.active ? {} : DEACTIVATED_ROW)}>
          <FunctionField
            source="lastName"
            label="resources.users.fields.user"
            render={(u: UserRow) => (
              <Stack>
                <Typography variant="body2" fontWeight={600}>
                  {u.firstName} {u.lastName}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {u.email}
                </Typography>
              </Stack>
            )}
          />
          <FunctionField
            source="groupIds"
            sortable={false}
            label="resources.users.fields.groups"
            render={(u: UserRow) => <ChipsWithMore labels={u.groupIds.map((id) => groupNames.get(id) ?? id)} />}
          />
          <DateField source="createdAt" />
          <FunctionField
            source="lastActiveAt"
            render={(u: UserRow) => (u.lastActiveAt ? new Date(u.lastActiveAt).toLocaleDateString() : translate('admin.users.neverActive'))}
          />
          <FunctionField source="roles" sortable={false} render={(u: UserRow) => <ChipsWithMore labels={u.roles.map((r) => translate(`roles.${r}`))} />} />
          <FunctionField
            label="admin.users.actions"
            render={(u: UserRow) => (
              <IconButton aria-label={`${translate('admin.users.edit')} ${u.firstName} ${u.lastName}`} onClick={() => setPanel(u.id)} size="small">
                <EditIcon fontSize="small" />
              </IconButton>
            )}
          />
        </Datagrid>
      </InfiniteList>
      <UserPanel id={panel} onClose={() => setPanel(null)} />
    </>
  );
}
