import { Alert, AlertTitle, Avatar, Box, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import Flag from '@mui/icons-material/Flag';
import HourglassTop from '@mui/icons-material/HourglassTop';
import PlayCircle from '@mui/icons-material/PlayCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { ReactNode } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import type { StepStatus, Workflow } from './workflowApi';

const STATUS_COLOR: Record<StepStatus, string> = {
  VALIDATED: 'success.main',
  ACTIVE: 'primary.main',
  INACTIVE: 'text.disabled',
  REJECTED: 'error.main',
};
/** Status words in darker shades than the icons, for text contrast (WCAG AA). */
const STATUS_TEXT: Record<StepStatus, string> = {
  VALIDATED: 'success.dark',
  ACTIVE: 'primary.dark',
  INACTIVE: 'text.secondary',
  REJECTED: 'error.dark',
};

function Node({
  icon,
  color,
  textColor,
  title,
  subtitle,
  status,
  testId,
}: {
  icon: ReactNode;
  color: string;
  textColor?: string;
  title: string;
  subtitle?: string | null;
  status?: string;
  testId?: string;
}) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        minWidth: 120,
        maxWidth: 170,
        position: 'relative',
        zIndex: 1,
      }}
    >
      <Box sx={{ color, bgcolor: 'background.paper', borderRadius: '50%', lineHeight: 0 }} aria-hidden="true">
        {icon}
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="caption" color="text.secondary">
          {subtitle}
        </Typography>
      )}
      {status && (
        <Typography variant="caption" sx={{ color: textColor ?? 'text.secondary', fontWeight: 600 }}>
          {status}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Spec §2 "Workflow progress graph": start node, one node per step, end node "publication of the
 * speach"; earlier steps validated (tick), current active, later inactive; a rejected step is marked
 * and a block shows who rejected (group, or user if anonymous), step number out of total, comment and date.
 */
export function WorkflowGraph({ workflow }: { workflow: Workflow }) {
  const { t, date } = useI18n();
  const rejected = workflow.state === 'REJECTED' ? workflow.rejected : null;
  const title =
    workflow.state === 'REJECTED'
      ? t('workflow.graph.rejected')
      : workflow.state === 'COMPLETED'
        ? t('workflow.graph.completed')
        : workflow.state === 'CANCELLED'
          ? t('workflow.graph.cancelled')
          : t('workflow.graph.awaiting');
  const published = workflow.state === 'COMPLETED';
  return (
    <Box component="section" aria-labelledby="workflow-graph-title" data-testid="workflow-graph">
      <Typography id="workflow-graph-title" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {workflow.anonymous ? t('workflow.graph.anonymous') : workflow.name}
      </Typography>
      <Box sx={{ position: 'relative', overflowX: 'auto', pb: 1 }}>
        <Stack
          component="ol"
          direction="row"
          aria-label={t('workflow.graph.steps')}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            gap: 1,
            width: 'max-content',
            alignItems: 'flex-start',
            position: 'relative',
            '&::before': { content: '""', position: 'absolute', top: 20, left: 60, right: 85, borderTop: 2, borderColor: 'divider', zIndex: 0 },
          }}
        >
          <Node icon={<PlayCircle sx={{ fontSize: 40 }} />} color="success.main" title={t('workflow.graph.start')} subtitle={date(workflow.submittedAt)} />
          {workflow.steps.map((step) => {
            const icon =
              step.status === 'VALIDATED' ? (
                <CheckCircle sx={{ fontSize: 40 }} />
              ) : step.status === 'REJECTED' ? (
                <Cancel sx={{ fontSize: 40 }} />
              ) : step.status === 'ACTIVE' ? (
                <HourglassTop sx={{ fontSize: 40 }} />
              ) : (
                <RadioButtonUnchecked sx={{ fontSize: 40 }} />
              );
            const who = step.userName ?? step.groupName ?? '';
            return (
              <Node
                key={step.order}
                testId={`workflow-step-${step.order}`}
                icon={icon}
                color={STATUS_COLOR[step.status]}
                textColor={STATUS_TEXT[step.status]}
                title={t('workflow.graph.step', { step: step.order, total: workflow.totalSteps })}
                subtitle={step.role ? `${who} (${step.role})` : who}
                status={t(`workflow.status.${step.status}` as MessageKey)}
              />
            );
          })}
          <Node
            icon={<Flag sx={{ fontSize: 40 }} />}
            color={published ? 'success.main' : 'text.disabled'}
            textColor="success.dark"
            title={t('workflow.graph.end')}
            status={published ? t('workflow.status.VALIDATED') : undefined}
          />
        </Stack>
      </Box>
      {rejected && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="workflow-rejection" icon={false}>
          <AlertTitle>
            {t('workflow.graph.rejectedBy', { who: rejected.userName ?? rejected.groupName ?? '', step: rejected.stepNumber, total: workflow.totalSteps })}
          </AlertTitle>
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
            <Avatar src={rejected.rejectedBy.img ?? undefined} alt="" sx={{ width: 24, height: 24 }} />
            <Typography variant="body2">
              {rejected.rejectedBy.firstName} {rejected.rejectedBy.lastName} · {date(rejected.date)}
            </Typography>
          </Stack>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {rejected.comment}
          </Typography>
        </Alert>
      )}
    </Box>
  );
}
