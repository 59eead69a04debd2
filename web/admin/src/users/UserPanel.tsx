import { Box, Button as MuiButton, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import {
  BooleanInput,
  CheckboxGroupInput,
  Edit,
  HttpError,
  SaveButton,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  maxLength,
  required,
  useGetList,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { apiCall } from '../providers/httpClient';
import { useGroupChoices, useRoleChoices } from './choices';

const LABEL_BY_LOCALE: Record<string, 'labelEn' | 'labelFr' | 'labelEs' | 'labelDe'> = { en: 'labelEn', fr: 'labelFr', es: 'labelEs', de: 'labelDe' };

function slug(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'user'
  );
}

function PanelActions() {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  const call = async (url: string, body: unknown, success: string) => {
    try {
      await apiCall(url, { method: 'PUT', body });
      notify(success, { type: 'success' });
      refresh();
    } catch (error) {
      notify(error instanceof HttpError ? ((error.body as { message?: string })?.message ?? error.message) : 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 2 }}>
      <MuiButton size="small" href={`/profil/${record.id}/${slug(`${record.firstName} ${record.lastName}`)}`}>
        {translate('admin.users.viewProfile')}
      </MuiButton>
      <MuiButton size="small" href={`/analytics/u/${record.id}`}>
        {translate('admin.users.analytics')}
      </MuiButton>
      <MuiButton
        size="small"
        onClick={() => call(`/api/v2/admin/users/generatePassword?email=${encodeURIComponent(record.email)}`, undefined, 'admin.users.passwordSent')}
      >
        {translate('admin.users.resetPassword')}
      </MuiButton>
      {record.active ? (
        <MuiButton size="small" color="error" onClick={() => call('/api/v2/admin/users/deactivate', { uuids: [record.id] }, 'admin.users.deactivated')}>
          {translate('admin.users.deactivate')}
        </MuiButton>
      ) : (
        <MuiButton size="small" onClick={() => call('/api/v2/admin/users/reactivate', { uuids: [record.id] }, 'ra.notification.updated')}>
          {translate('admin.users.reactivate')}
        </MuiButton>
      )}
    </Stack>
  );
}

function CustomFieldInputs() {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const { data = [] } = useGetList('custom-fields', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  if (data.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('admin.users.customFields')}
      </Typography>
      {data.map((field) => (
        <TextInput
          key={field.id}
          source={`customFieldValues.${field.id}`}
          label={field[LABEL_BY_LOCALE[locale] ?? 'labelEn'] || field.name}
          validate={maxLength(500)}
          fullWidth
        />
      ))}
    </>
  );
}

/** Spec §2 admin user list side panel: profile and analytics links, password reset, deactivate, roles, names, e-mail, custom fields, groups. */
export function UserPanel({ id, onClose }: { id: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const roles = useRoleChoices(false);
  const groups = useGroupChoices(false);
  return (
    <Drawer anchor="right" open={!!id} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}>
      {id && (
        <Box sx={{ p: 2 }} role="region" aria-label={translate('admin.users.panelTitle')}>
          <Stack direction="row" alignItems="center" justifyContent="space-between">
            <Typography variant="h6" component="h2">
              {translate('admin.users.panelTitle')}
            </Typography>
            <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Divider sx={{ mb: 2 }} />
          <Edit resource="users" id={id} mutationMode="pessimistic" redirect={false} actions={false} title=" " sx={{ '& .RaEdit-card': { boxShadow: 'none' } }}>
            <PanelActions />
            <SimpleForm
              toolbar={
                <Toolbar>
                  <SaveButton />
                </Toolbar>
              }
            >
              <CheckboxGroupInput source="roles" choices={roles} row={false} />
              <TextInput source="firstName" validate={[required(), maxLength(30)]} fullWidth />
              <TextInput source="lastName" validate={[required(), maxLength(30)]} fullWidth />
              <TextInput source="email" validate={[required(), email(), maxLength(230)]} fullWidth />
              <CustomFieldInputs />
              <SelectArrayInput source="groupIds" choices={groups} fullWidth />
              <BooleanInput source="mustChangePassword" label="admin.users.forceChange" />
            </SimpleForm>
          </Edit>
        </Box>
      )}
    </Drawer>
  );
}
