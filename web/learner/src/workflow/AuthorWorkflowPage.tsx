import { Alert, Box, Button, Container, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { WorkflowGraph } from './WorkflowGraph';
import { type Workflow, workflowApi } from './workflowApi';

/** /workflow/author/{speachID}: where the author follows the validation, edits after a rejection and resubmits. */
export function AuthorWorkflowPage() {
  const { speachID = '' } = useParams();
  const { t } = useI18n();
  const [toast, showToast] = useToast();
  const [workflow, setWorkflow] = useState<Workflow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setWorkflow(await workflowApi.get(speachID));
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404 ? t('workflow.notFound') : errorMessage(e));
    } finally {
      setLoading(false);
    }
  }, [speachID, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const resubmit = async () => {
    setBusy(true);
    try {
      setWorkflow(await workflowApi.resubmit(speachID));
      showToast('success', t('workflow.author.resubmitted'));
    } catch (e) {
      showToast('error', errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (loading) return <Loading />;
  if (error) return <ErrorState message={error} onRetry={() => void load()} />;
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
            <Button variant="contained" onClick={() => void resubmit()} disabled={busy}>
              {t('workflow.author.resubmit')}
            </Button>
          )}
        </Stack>
      </Stack>
      {toast}
    </Container>
  );
}
