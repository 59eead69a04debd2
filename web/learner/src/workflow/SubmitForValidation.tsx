import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useI18n } from '../i18n';
import { errorMessage, fieldErrors } from '../speach/speachApi';
import type { SpeachCard } from '../speach/types';
import { ApproverPicker, type PickedApprover } from './ApproverPicker';
import type { Definition } from './workflowApi';
import { useSubmitForValidation, useWorkflowDefinitions } from './useWorkflow';

/**
 * The editor's "submit for validation" action (spec §4: while the workflow is on, publication goes
 * through validation): a definition (the default first) or an anonymous list of approvers, the GMP
 * flag, and the publication date the author asks for.
 */
export function SubmitForValidation({ speach }: { speach: SpeachCard & { isWorkflowInProgress?: boolean } }) {
  const { me } = useAuth();
  const { t } = useI18n();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const definitionsQuery = useWorkflowDefinitions(open);
  const definitions: Definition[] | null = definitionsQuery.data ?? null;
  // Until the author chooses, the default definition (listed first); no definition at all means anonymous.
  const [chosenMode, setMode] = useState<'DEFINITION' | 'ANONYMOUS' | null>(null);
  const mode = chosenMode ?? (definitions?.length === 0 ? 'ANONYMOUS' : 'DEFINITION');
  const [chosenDefinition, setDefinitionId] = useState<string | null>(null);
  const definitionId = chosenDefinition ?? definitions?.[0]?.id ?? '';
  const [approvers, setApprovers] = useState<PickedApprover[]>([]);
  const [gmp, setGmp] = useState(false);
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submission = useSubmitForValidation(speach.id);
  const busy = submission.isPending;
  const shownError = error ?? (definitionsQuery.error ? errorMessage(definitionsQuery.error) : null);

  if (!me?.featureFlags.workflowEnabled || speach.isTemplate || speach.state === 'ARCHIVE') return null;
  if (speach.isWorkflowInProgress) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={`/workflow/author/${speach.id}`} color="inherit" size="small">
            {t('workflow.author.open')}
          </Button>
        }
      >
        {t('workflow.submit.inProgress')}
      </Alert>
    );
  }

  const submit = async () => {
    setError(null);
    setErrors({});
    if (mode === 'ANONYMOUS' && approvers.length === 0) {
      setErrors({ approvers: t('workflow.submit.approversRequired') });
      return;
    }
    try {
      await submission.mutateAsync({
        speachId: speach.id,
        ...(mode === 'ANONYMOUS'
          ? { anonymous: true, approvers: approvers.map((a) => ({ id: a.id, role: a.role.trim() || null })) }
          : { definitionId: definitionId || undefined }),
        regulatedGmp: gmp,
        scheduledAt: at ? new Date(at).toISOString() : null,
      });
      setOpen(false);
      navigate(`/workflow/author/${speach.id}`);
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.startsWith('approvers') ? 'approvers' : k, v])));
      setError(errorMessage(e));
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button variant="contained" color="secondary" onClick={() => setOpen(true)} data-testid="submit-for-validation">
          {t('workflow.submit.button')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('workflow.submit.help')}
        </Typography>
      </Stack>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="submit-title">
        <DialogTitle id="submit-title">{t('workflow.submit.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {shownError && <Alert severity="error">{shownError}</Alert>}
            <FormControl>
              <FormLabel id="submit-mode">{t('workflow.submit.mode')}</FormLabel>
              <RadioGroup aria-labelledby="submit-mode" row value={mode} onChange={(e) => setMode(e.target.value as 'DEFINITION' | 'ANONYMOUS')}>
                <FormControlLabel value="DEFINITION" control={<Radio />} label={t('workflow.submit.definition')} disabled={definitions?.length === 0} />
                <FormControlLabel value="ANONYMOUS" control={<Radio />} label={t('workflow.submit.anonymous')} />
              </RadioGroup>
            </FormControl>
            {mode === 'DEFINITION' ? (
              <TextField
                select
                label={t('workflow.submit.definition')}
                value={definitionId}
                onChange={(e) => setDefinitionId(e.target.value)}
                error={!!errors.definitionId}
                helperText={errors.definitionId}
              >
                {(definitions ?? []).map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    {d.name} — {d.steps.map((s) => s.groupName).join(' → ')} {d.isDefault ? `(${t('workflow.submit.default')})` : ''}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <ApproverPicker value={approvers} onChange={setApprovers} error={errors.approvers} />
            )}
            <FormControlLabel control={<Checkbox checked={gmp} onChange={(e) => setGmp(e.target.checked)} />} label={t('workflow.submit.gmp')} />
            <TextField
              type="datetime-local"
              label={t('workflow.submit.date')}
              value={at}
              onChange={(e) => setAt(e.target.value)}
              error={!!errors.scheduledAt}
              helperText={errors.scheduledAt ?? t('workflow.submit.dateHelp')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('workflow.dialog.cancel')}</Button>
          <Button variant="contained" onClick={() => void submit()} disabled={busy}>
            {t('workflow.submit.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
