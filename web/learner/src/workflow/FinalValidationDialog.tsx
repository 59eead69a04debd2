import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import { useState } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import { errorMessage, fieldErrors } from '../speach/speachApi';
import { type FinalChoices, type PublicationDelay, REVIEW_FREQUENCIES, type ReviewFrequency, type Workflow, defaultDelay } from './workflowApi';

/**
 * Spec §2 "Workflow validation dialog": step 1 periodic review (OFF, or ON with a frequency; a GMP
 * speach forces ON), step 2 publication delay (SCHEDULED, IMMEDIATELY, NEW_DATE with a date). An
 * expired requested date makes IMMEDIATELY the default and disables SCHEDULED; Submit is disabled
 * while NEW_DATE has no date.
 */
export function FinalValidationDialog({
  workflow,
  open,
  onClose,
  onSubmit,
}: {
  workflow: Workflow;
  open: boolean;
  onClose: () => void;
  onSubmit: (choices: FinalChoices) => Promise<void>;
}) {
  const { t, date } = useI18n();
  const withReview = workflow.periodicReviewEnabled;
  const [step, setStep] = useState(withReview ? 1 : 2);
  const [review, setReview] = useState<'ON' | 'OFF'>(workflow.regulatedGmp ? 'ON' : 'OFF');
  const [frequency, setFrequency] = useState<ReviewFrequency>('ONE_YEAR');
  const [delay, setDelay] = useState<PublicationDelay>(defaultDelay(workflow));
  const [newDate, setNewDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const scheduledUsable = !!workflow.scheduledAt && !workflow.scheduledExpired;

  const submit = async () => {
    setError(null);
    setErrors({});
    setBusy(true);
    try {
      await onSubmit({
        ...(withReview ? { periodicReview: review, ...(review === 'ON' ? { frequency } : {}) } : {}),
        delay,
        ...(delay === 'NEW_DATE' ? { date: new Date(newDate).toISOString() } : {}),
      });
    } catch (e) {
      setErrors(fieldErrors(e));
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="final-validation-title">
      <DialogTitle id="final-validation-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {step === 2 && withReview && (
          <IconButton aria-label={t('workflow.dialog.back')} onClick={() => setStep(1)} size="small">
            <ArrowBack />
          </IconButton>
        )}
        <Box sx={{ flex: 1 }}>{t('workflow.dialog.title')}</Box>
        <Typography variant="body2" color="text.secondary">
          {t('workflow.dialog.stepOf', { step: withReview ? step : 1, total: withReview ? 2 : 1 })}
        </Typography>
        <IconButton aria-label={t('workflow.dialog.close')} onClick={onClose} size="small">
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {step === 1 ? (
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id="review-label">{t('workflow.dialog.review')}</FormLabel>
              <RadioGroup aria-labelledby="review-label" value={review} onChange={(e) => setReview(e.target.value as 'ON' | 'OFF')}>
                <FormControlLabel value="OFF" control={<Radio />} label={t('workflow.dialog.reviewOff')} disabled={workflow.regulatedGmp} />
                <FormControlLabel value="ON" control={<Radio />} label={t('workflow.dialog.reviewOn')} />
              </RadioGroup>
              {workflow.regulatedGmp && (
                <Typography variant="body2" color="text.secondary">
                  {t('workflow.dialog.gmp')}
                </Typography>
              )}
            </FormControl>
            {review === 'ON' && (
              <TextField
                select
                label={t('workflow.dialog.frequency')}
                value={frequency}
                onChange={(e) => setFrequency(e.target.value as ReviewFrequency)}
                error={!!errors.frequency}
                helperText={errors.frequency}
              >
                {REVIEW_FREQUENCIES.map((f) => (
                  <MenuItem key={f} value={f}>
                    {t(`workflow.frequency.${f}` as MessageKey)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        ) : (
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id="delay-label">{t('workflow.dialog.delay')}</FormLabel>
              <RadioGroup aria-labelledby="delay-label" value={delay} onChange={(e) => setDelay(e.target.value as PublicationDelay)}>
                <FormControlLabel
                  value="SCHEDULED"
                  control={<Radio />}
                  disabled={!scheduledUsable}
                  label={
                    workflow.scheduledAt
                      ? t('workflow.dialog.scheduledOn', { date: date(workflow.scheduledAt) }) +
                        (workflow.scheduledExpired ? ` (${t('workflow.dialog.expired')})` : '')
                      : t('workflow.dialog.scheduledNone')
                  }
                />
                <FormControlLabel value="IMMEDIATELY" control={<Radio />} label={t('workflow.dialog.immediately')} />
                <FormControlLabel value="NEW_DATE" control={<Radio />} label={t('workflow.dialog.newDate')} />
              </RadioGroup>
            </FormControl>
            {delay === 'NEW_DATE' && (
              <TextField
                type="datetime-local"
                label={t('workflow.dialog.date')}
                value={newDate}
                onChange={(e) => setNewDate(e.target.value)}
                error={!!errors.date}
                helperText={errors.date ?? ' '}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('workflow.dialog.cancel')}</Button>
        {step === 1 ? (
          <Button variant="contained" onClick={() => setStep(2)}>
            {t('workflow.dialog.next')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void submit()} disabled={busy || (delay === 'NEW_DATE' && !newDate)}>
            {t('workflow.dialog.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
