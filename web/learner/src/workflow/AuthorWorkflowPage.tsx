import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { WorkflowGraph } from './WorkflowGraph';
import { workflowApi } from './workflowApi';
import { useAuthorWorkflow, useWorkflowDecision } from './useWorkflow';

/** /workflow/author/{speachID}: where the author follows the validation, edits after a rejection and resubmits. */
export function AuthorWorkflowPage() {
  const { speachID = '' } = useParams();
  const { t } = useI18n();
  const [toast, showToast] = useToast();
  const query = useAuthorWorkflow(speachID);
  const workflow = query.data ?? null;
  const decision = useWorkflowDecision(speachID);

  const resubmit = () =>
    decision.mutate(() => workflowApi.resubmit(speachID), {
      onSuccess: () => showToast('success', t('workflow.author.resubmitted')),
      onError: (e) => showToast('error', errorMessage(e)),
    });

  if (query.isPending) return <Loading />;
  if (query.error)
    return (
      <ErrorState
        message={query.error instanceof ApiError && query.error.status === 404 ? t('workflow.notFound') : errorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="overline" component="p">
            {t('workflow.author.title')}
          </Typography>
          <Typography variant="h4" component="h1">
            {workflow?.title ?? ''}
          </Typography>
        </Box>
        {workflow ? <WorkflowGraph workflow={workflow} /> : <Alert severity="info">{t('workflow.none')}</Alert>}
        {workflow?.state === 'REJECTED' && <Alert severity="warning">{t('workflow.author.rejectedHelp')}</Alert>}
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
          <Button component={RouterLink} to={`/recorder/edit/${speachID}`} variant="outlined">
            {t('workflow.author.edit')}
          </Button>
          {workflow?.canResubmit && (
            <Button variant="contained" onClick={resubmit} disabled={decision.isPending}>
              {t('workflow.author.resubmit')}
            </Button>
          )}
        </Stack>
      </Stack>
      {toast}
    </Container>
  );
}
