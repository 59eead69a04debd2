import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, InputLabel, MenuItem, Select, Typography } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, HttpError, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { apiCall } from '../providers/httpClient';
import { useGroupChoices, useRoleChoices } from './choices';

function errorMessage(error: unknown): string {
  if (error instanceof HttpError) return (error.body as { message?: string })?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

export function DeactivateUsersButton() {
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('users');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const result = await apiCall<{ deactivated: number }>('/api/v2/admin/users/deactivate', { method: 'PUT', body: { uuids: selectedIds } });
      notify('admin.users.deactivated', { type: 'success', messageArgs: { smart_count: result.deactivated } });
      unselectAll();
      refresh();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <>
      <Button label="admin.users.deactivate" onClick={() => setOpen(true)} color="error" />
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('admin.users.deactivateTitle', { smart_count: selectedIds.length })}
        content="admin.users.deactivateContent"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const KEEP = '__keep__';

/** Spec §2/§5 batch edit: the chosen groups and roles replace the users' own; "no group"/"no role" empties them. */
export function BatchEditUsersButton() {
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('users');
  const groupChoices = useGroupChoices(true);
  const roleChoices = useRoleChoices(true);
  const [open, setOpen] = useState(false);
  const [groups, setGroups] = useState<string[]>([KEEP]);
  const [roles, setRoles] = useState<string[]>([KEEP]);
  const [busy, setBusy] = useState(false);

  // Choosing "no group" (or "no role") hides the others: it means none.
  const pick = (values: string[], exclusive: string) => {
    const last = values[values.length - 1];
    if (last === KEEP) return [KEEP];
    if (last === exclusive) return [exclusive];
    return values.filter((v) => v !== KEEP && v !== exclusive);
  };

  async function save() {
    setBusy(true);
    const query = new URLSearchParams();
    if (!groups.includes(KEEP) && groups.length) query.set('groupsIds', groups.join(','));
    if (!roles.includes(KEEP) && roles.length) query.set('roles', roles.join(','));
    try {
      await apiCall(`/api/v2/admin/users/batch-update?${query}`, { method: 'PUT', body: { usersIds: selectedIds } });
      notify('admin.users.batchUpdated', { type: 'success' });
      unselectAll();
      refresh();
      setOpen(false);
    } catch (error) {
      notify('admin.users.batchFailed', { type: 'error', messageArgs: { message: errorMessage(error) }, multiLine: true, autoHideDuration: null });
    } finally {
      setBusy(false);
    }
  }

  const selectSx = { mt: 2 };
  return (
    <>
      <Button label="admin.users.batchEdit" onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="batch-edit-title">
        <DialogTitle id="batch-edit-title">{translate('admin.users.batchEditTitle', { smart_count: selectedIds.length })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2">{translate('admin.users.batchEditHelp')}</Typography>
          <FormControl fullWidth sx={selectSx}>
            <InputLabel id="batch-groups-label">{translate('resources.users.fields.groups')}</InputLabel>
            <Select
              labelId="batch-groups-label"
              multiple
              value={groups}
              label={translate('resources.users.fields.groups')}
              onChange={(e) => setGroups(pick(e.target.value as string[], '-1'))}
            >
              <MenuItem value={KEEP}>{translate('admin.users.keepGroups')}</MenuItem>
              {groupChoices.map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <FormControl fullWidth sx={selectSx}>
            <InputLabel id="batch-roles-label">{translate('resources.users.fields.roles')}</InputLabel>
            <Select
              labelId="batch-roles-label"
              multiple
              value={roles}
              label={translate('resources.users.fields.roles')}
              onChange={(e) => setRoles(pick(e.target.value as string[], 'NONE'))}
            >
              <MenuItem value={KEEP}>{translate('admin.users.keepRoles')}</MenuItem>
              {roleChoices.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={save} disabled={busy || (groups.includes(KEEP) && roles.includes(KEEP))}>
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

export function UserBulkActions() {
  return (
    <>
      <BatchEditUsersButton />
      <DeactivateUsersButton />
    </>
  );
}
