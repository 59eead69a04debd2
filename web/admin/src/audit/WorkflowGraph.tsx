import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import FlagIcon from '@mui/icons-material/Flag';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '@speach/web-shared/format';
import { type WorkflowState } from './api';

export type NodeStatus = 'validated' | 'active' | 'inactive' | 'rejected';

/** Each step's status as the workflow stood: validated, the active one, the rejected one, or not reached. */
export function stepStatuses(workflow: WorkflowState): NodeStatus[] {
  const steps = workflow.steps ?? [];
  const validated = new Set(workflow.validatedSteps ?? []);
  return steps.map((step) => {
    if (workflow.status === 'COMPLETED' || validated.has(step.order)) return 'validated';
    if (workflow.status === 'REJECTED' && workflow.rejection?.step === step.order) return 'rejected';
    if (workflow.status === 'AWAITING_VALIDATION' && workflow.currentStep === step.order) return 'active';
    return 'inactive';
  });
}

const ICONS = { validated: CheckCircleIcon, active: RadioButtonCheckedIcon, inactive: RadioButtonUncheckedIcon, rejected: CancelIcon };
const COLOURS = { validated: 'success.main', active: 'primary.main', inactive: 'text.disabled', rejected: 'error.main' } as const;

function Node({
  label,
  detail,
  status,
  testId,
  edge = true,
}: {
  label: string;
  detail?: string | null;
  status: NodeStatus | 'start';
  testId: string;
  edge?: boolean;
}) {
  const translate = useTranslate();
  const Icon = status === 'start' ? PlayCircleIcon : ICONS[status];
  return (
    <Box component="li" data-testid={testId} data-status={status} sx={{ listStyle: 'none', display: 'flex', alignItems: 'flex-start' }}>
      {edge && <Box aria-hidden sx={{ width: 24, height: 2, bgcolor: status === 'validated' ? 'success.main' : 'divider', mt: '18px' }} />}
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', minWidth: 96, maxWidth: 150, textAlign: 'center' }}>
        <Icon sx={{ color: status === 'start' ? 'primary.main' : COLOURS[status], fontSize: 36 }} aria-hidden />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary">
            {detail}
          </Typography>
        )}
        {status !== 'start' && (
          <Typography variant="caption" sx={{ color: status === 'inactive' ? 'text.secondary' : COLOURS[status], fontWeight: 600 }}>
            {translate(`admin.audit.graph.status.${status}`)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The workflow progress graph as it was: start node, one node per step, end node "publication of the speach". */
export function WorkflowGraph({ workflow }: { workflow: WorkflowState }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const steps = workflow.steps ?? [];
  const statuses = stepStatuses(workflow);
  const rejected = workflow.status === 'REJECTED' ? workflow.rejection : null;
  const rejectedStep = rejected ? steps.find((s) => s.order === rejected.step) : undefined;
  return (
    <Box>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle2" component="h4">
          {workflow.name ?? translate('admin.audit.graph.workflow')}
        </Typography>
        <Chip
          size="small"
          label={translate(`admin.audit.graph.workflowStatus.${workflow.status}`)}
          color={workflow.status === 'REJECTED' || workflow.status === 'CANCELLED' ? 'error' : workflow.status === 'COMPLETED' ? 'success' : 'primary'}
          data-testid="workflow-status"
        />
      </Stack>
      <Box
        component="ol"
        aria-label={translate('admin.audit.graph.label')}
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', rowGap: 2, p: 0, m: 0 }}
      >
        <Node label={translate('admin.audit.graph.start')} status="start" testId="graph-start" edge={false} />
        {steps.map((step, index) => (
          <Node
            key={step.order}
            label={translate('admin.audit.graph.step', { step: step.order, total: steps.length })}
            detail={[step.groupName ?? step.userName, step.role].filter(Boolean).join(' · ')}
            status={statuses[index]}
            testId={`graph-step-${step.order}`}
          />
        ))}
        <Node label={translate('admin.audit.graph.end')} status={workflow.status === 'COMPLETED' ? 'validated' : 'inactive'} testId="graph-end" />
      </Box>
      {rejected && (
        <Alert severity="error" icon={<FlagIcon />} sx={{ mt: 1 }} data-testid="graph-rejection">
          {translate('admin.audit.graph.rejected', {
            who: rejectedStep?.groupName ?? rejectedStep?.userName ?? '',
            step: rejected.step,
            total: steps.length,
            date: formatDateTime(locale, rejected.at),
          })}
          <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
            “{rejected.comment}”
          </Typography>
        </Alert>
      )}
    </Box>
  );
}
