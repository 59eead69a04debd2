import ReportIcon from '@mui/icons-material/Report';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { type AbuseReason, type AbuseReportRecord, type AbuseReportStatus, type AbuseTarget, listOf } from '@speach/web-shared/api';
import { httpClient } from '../providers/httpClient';

const STATUSES = listOf<AbuseReportStatus>()(['OPEN', 'RESOLVED']).map((id) => ({ id, name: `admin.abuse.status.${id}` }));
const TARGETS = listOf<AbuseTarget>()(['USER', 'SPEACH', 'COMMENT']).map((id) => ({ id, name: `admin.abuse.target.${id}` }));
const REASONS = listOf<AbuseReason>()(['SPAM', 'HARASSMENT', 'HATE', 'INAPPROPRIATE', 'MISINFORMATION', 'COPYRIGHT', 'OTHER']).map((id) => ({
  id,
  name: `admin.abuse.reason.${id}`,
}));

const name = (p: { firstName: string; lastName: string } | null | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : '');

/** One request, one decision: the report is resolved with what is done to its target (the server's policy does it through the target's own decider). */
function ResolveActions() {
  const record = useRecordContext<AbuseReportRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'OPEN') return null;
  const resolve = async (resolution: string) => {
    setBusy(true);
    try {
      await httpClient(`/api/rest/abuse-reports/${encodeURIComponent(record.id)}/resolve`, { method: 'POST', body: JSON.stringify({ resolution }) });
      notify('admin.abuse.resolved', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button size="small" variant="outlined" disabled={busy} onClick={() => void resolve('DISMISSED')}>
        {translate('admin.abuse.actions.resolve')}
      </Button>
      {record.target === 'COMMENT' && record.commentText !== null && (
        <Button size="small" variant="outlined" color="warning" disabled={busy} onClick={() => void resolve('COMMENT_HIDDEN')}>
          {translate('admin.abuse.actions.hideComment')}
        </Button>
      )}
      {record.targetUser && record.targetUser.active && !record.targetUser.admin && (
        <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => void resolve('USER_DEACTIVATED')}>
          {translate('admin.abuse.actions.deactivateUser', { name: name(record.targetUser) })}
        </Button>
      )}
    </Stack>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUSES} alwaysOn label="admin.abuse.fields.status" />,
  <SelectInput key="target" source="target" choices={TARGETS} label="admin.abuse.fields.target" />,
  <SelectInput key="reason" source="reason" choices={REASONS} label="admin.abuse.fields.reason" />,
];

function TargetField(_props: { label?: string }) {
  const translate = useTranslate();
  return (
    <FunctionField<AbuseReportRecord>
      label="admin.abuse.fields.what"
      render={(r) => {
        const kind = translate(`admin.abuse.target.${r.target}`);
        if (r.target === 'USER') return `${kind}: ${name(r.targetUser)}`;
        if (r.target === 'SPEACH') return `${kind}: ${r.speachTitle ?? ''}`;
        return `${kind} (${name(r.targetUser)}): ${r.commentText ?? translate('admin.abuse.commentGone')}`;
      }}
    />
  );
}

export default {
  list: () => (
    <List filters={filters} filterDefaultValues={{ status: 'OPEN' }} sort={{ field: 'createdAt', order: 'DESC' }} title="admin.abuse.title">
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="createdAt" label="admin.abuse.fields.createdAt" showTime />
        <TargetField label="admin.abuse.fields.what" />
        <FunctionField<AbuseReportRecord>
          label="admin.abuse.fields.reason"
          render={(r) => <Translated keyName={`admin.abuse.reason.${r.reason}`} />}
          sortBy="reason"
        />
        <TextField source="details" label="admin.abuse.fields.details" />
        <FunctionField<AbuseReportRecord> label="admin.abuse.fields.reporter" render={(r) => name(r.reporter)} />
        <FunctionField<AbuseReportRecord>
          label="admin.abuse.fields.status"
          render={(r) => <Translated keyName={`admin.abuse.status.${r.status}`} />}
          sortBy="status"
        />
        <ResolveActions />
      </Datagrid>
    </List>
  ),
  show: () => (
    <Show title="admin.abuse.title">
      <SimpleShowLayout>
        <DateField source="createdAt" label="admin.abuse.fields.createdAt" showTime />
        <TargetField label="admin.abuse.fields.what" />
        <TextField source="details" label="admin.abuse.fields.details" />
        <FunctionField<AbuseReportRecord> label="admin.abuse.fields.reporter" render={(r) => name(r.reporter)} />
        <FunctionField<AbuseReportRecord> label="admin.abuse.fields.status" render={(r) => <Translated keyName={`admin.abuse.status.${r.status}`} />} />
        <TextField source="resolution" label="admin.abuse.fields.resolution" emptyText="—" />
        <ResolveActions />
      </SimpleShowLayout>
    </Show>
  ),
  icon: ReportIcon,
};

function Translated({ keyName }: { keyName: string }) {
  const translate = useTranslate();
  return <span>{translate(keyName)}</span>;
}
