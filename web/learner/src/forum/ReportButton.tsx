import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, MenuItem, Stack, TextField } from '@mui/material';
import OutlinedFlag from '@mui/icons-material/OutlinedFlag';
import { type FormEvent, useId, useState } from 'react';
import { useI18n } from '../i18n';
import { useToast } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { ABUSE_REASONS, type AbuseReason, REPORT_DETAILS_MAX, reportApi } from './forumApi';

/** "Report" on a speach, a comment or a user: a reason and optional details, sent to the administrators' queue. */
export function ReportButton({
  target,
  targetId,
  label,
  compact = false,
}: {
  target: 'USER' | 'SPEACH' | 'COMMENT';
  targetId: string;
  label: string;
  compact?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<AbuseReason>('SPAM');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [toast, show] = useToast();
  const tooLong = details.length > REPORT_DETAILS_MAX;
  const needsDetails = reason === 'OTHER' && !details.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || needsDetails) return;
    setSending(true);
    setError(null);
    try {
      await reportApi.report(target, targetId, reason, details.trim());
      setOpen(false);
      setDetails('');
      show('success', t('report.sent'));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {compact ? (
        <IconButton aria-label={label} onClick={() => setOpen(true)}>
          <OutlinedFlag />
        </IconButton>
      ) : (
        <Button startIcon={<OutlinedFlag />} onClick={() => setOpen(true)} aria-label={label}>
          {t('report.action')}
        </Button>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
        <form onSubmit={(e) => void submit(e)} noValidate>
          <DialogTitle id={`${id}-title`}>{t('report.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField select label={t('report.reason')} value={reason} onChange={(e) => setReason(e.target.value as AbuseReason)} fullWidth>
                {ABUSE_REASONS.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`report.reason.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('report.details')}
                value={details}
                onChange={(e) => setDetails(e.target.value)}
                multiline
                minRows={3}
                fullWidth
                required={reason === 'OTHER'}
                error={tooLong || !!error}
                helperText={error ?? t('report.detailsHelp', { count: details.length, max: REPORT_DETAILS_MAX })}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('forum.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={sending || tooLong || needsDetails}>
              {t('report.send')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {toast}
    </>
  );
}
