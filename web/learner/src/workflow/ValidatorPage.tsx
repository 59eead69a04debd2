import { Alert, Box, Button, Container, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { DraftPreview } from './DraftPreview';
import { FinalValidationDialog } from './FinalValidationDialog';
import { StepValidationDialog } from './StepValidationDialog';
import { type SignatureInput, SignatureDialog } from './SignatureDialog';
import { SignatureList } from './SignatureList';
import { ContentDiffView } from './ContentDiffView';
import { PeriodicReviewPanel } from './PeriodicReviewPanel';
import { WorkflowGraph } from './WorkflowGraph';
import { type FinalChoices, workflowApi } from './workflowApi';
import { useValidatorView, useWorkflowDecision } from './useWorkflow';

export const COMMENT_MAX = 2000;

function RejectDialog({ open, onClose, onReject }: { open: boolean; onClose: () => void; onReject: (comment: string) => Promise<void> }) {
  const { t } = useI18n();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!comment.trim()) {
      setError(t('workflow.validator.commentRequired'));
      return;
    }
    setBusy(true);
    try {
      await onReject(comment.trim());
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="reject-title">
      <DialogTitle id="reject-title">{t('workflow.validator.rejectTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          required
          fullWidth
          multiline
          minRows={4}
          margin="dense"
          label={t('workflow.validator.comment')}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? `${comment.length}/${COMMENT_MAX}`}
          slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('workflow.dialog.cancel')}</Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={busy}>
          {t('workflow.validator.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /workflow/validator/{speachID}: the draft to validate, the progress graph, validate or reject (comment required). */
export function ValidatorPage() {
  const { speachID = '' } = useParams();
  const { t } = useI18n();
  const [toast, showToast] = useToast();
  const view = useValidatorView(speachID);
  const workflow = view.data?.workflow ?? null;
  const speach = view.data?.speach ?? null;
  const decision = useWorkflowDecision(speachID);
  const [finalOpen, setFinalOpen] = useState(false);
  const [stepOpen, setStepOpen] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  // A GMP-regulated workflow's decisions are signed: the choices wait in `signing` until the signer signs.
  const [signing, setSigning] = useState<{ kind: 'validate'; choices: FinalChoices | Record<string, never> } | { kind: 'reject'; comment: string } | null>(
    null,
  );
  const contentHash = (speach as { contentHash?: string } | null)?.contentHash;
  const onSign = async (signature: SignatureInput) => {
    if (!signing) return;
    const updated = await decision.mutateAsync(() =>
      signing.kind === 'validate' ? workflowApi.validate(speachID, signing.choices, signature) : workflowApi.reject(speachID, signing.comment, signature),
    );
    setSigning(null);
    showToast(
      'success',
      signing.kind === 'reject'
        ? t('workflow.validator.rejected')
        : updated.state === 'COMPLETED'
          ? t('workflow.validator.completed')
          : t('workflow.validator.validated'),
    );
  };
  const validate = async (choices: FinalChoices | Record<string, never>) => {
    if (workflow?.regulatedGmp) {
      setFinalOpen(false);
      setSigning({ kind: 'validate', choices });
      return;
    }
    const updated = await decision.mutateAsync(() => workflowApi.validate(speachID, choices));
    setFinalOpen(false);
    showToast('success', updated.state === 'COMPLETED' ? t('workflow.validator.completed') : t('workflow.validator.validated'));
  };
  const onValidate = async () => {
    if (!workflow) return;
    if (workflow.isLastStep) setFinalOpen(true);
    else setStepOpen(true);
  };
  const onConfirmStep = async () => {
    setBusy(true);
    try {
      await validate({});
    } catch (e) {
      showToast('error', errorMessage(e));
    } finally {
      setBusy(false);
      setStepOpen(false);
    }
  };
  const onReject = async (comment: string) => {
    if (workflow?.regulatedGmp) {
      setRejectOpen(false);
      setSigning({ kind: 'reject', comment });
      return;
    }
    await decision.mutateAsync(() => workflowApi.reject(speachID, comment));
    setRejectOpen(false);
    showToast('success', t('workflow.validator.rejected'));
  };

  if (view.isPending) return <Loading />;
  if (view.error || !speach) {
    const message = !view.error || (view.error instanceof ApiError && view.error.status === 404) ? t('workflow.notFound') : errorMessage(view.error);
    return <ErrorState message={message} onRetry={() => void view.refetch()} />;
  }
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="overline" component="p">
            {t('workflow.validator.title')}
          </Typography>
          <Typography variant="h4" component="h1">
            {speach.title}
          </Typography>
          {speach.authorsInfos?.author && (
            <Typography color="text.secondary">
              {t('workflow.validator.by', { name: `${speach.authorsInfos.author.firstName} ${speach.authorsInfos.author.lastName}` })}
            </Typography>
          )}
        </Box>
        {workflow ? (
          <>
            <WorkflowGraph workflow={workflow} />
            <SignatureList signatures={workflow.signatures ?? []} />
            {speach.publishedVersion ? <ContentDiffView speachId={speachID} from={speach.publishedVersion} /> : null}
            {workflow.canValidate ? (
              <Stack direction="row" spacing={2}>
                <Button variant="contained" color="success" onClick={() => void onValidate()} disabled={busy}>
                  {t('workflow.validator.validate')}
                </Button>
                <Button variant="outlined" color="error" onClick={() => setRejectOpen(true)} disabled={busy}>
                  {t('workflow.validator.reject')}
                </Button>
              </Stack>
            ) : (
              workflow.state === 'AWAITING_VALIDATION' && <Alert severity="info">{t('workflow.validator.notYourStep')}</Alert>
            )}
            {speach.canEdit && (
              <Box>
                <Button component={RouterLink} to={`/workflow/author/${speachID}`}>
                  {t('workflow.author.open')}
                </Button>
              </Box>
            )}
          </>
        ) : (
          <Alert severity="info">{t('workflow.none')}</Alert>
        )}
        <PeriodicReviewPanel card={speach} />
        {speach.chapters && (
          <Box>
            <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
              {t('workflow.validator.content')}
            </Typography>
            <DraftPreview chapters={speach.chapters} />
          </Box>
        )}
      </Stack>
      {workflow && stepOpen && (
        <StepValidationDialog
          step={workflow.currentStep}
          total={workflow.totalSteps}
          busy={busy}
          onCancel={() => setStepOpen(false)}
          onConfirm={() => void onConfirmStep()}
        />
      )}
      {workflow && finalOpen && <FinalValidationDialog workflow={workflow} open={finalOpen} onClose={() => setFinalOpen(false)} onSubmit={validate} />}
      {rejectOpen && <RejectDialog open={rejectOpen} onClose={() => setRejectOpen(false)} onReject={onReject} />}
      {signing && (
        <SignatureDialog
          meaning={signing.kind === 'reject' ? 'rejected' : 'approved'}
          contentHash={contentHash}
          initialReason={signing.kind === 'reject' ? signing.comment : ''}
          onCancel={() => setSigning(null)}
          onSign={onSign}
        />
      )}
      {toast}
    </Container>
  );
}
