import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { ScormType } from '@speach/web-shared/api';
import { useState } from 'react';
import { useAuth } from '../auth/AuthContext';
import { useI18n } from '../i18n';
import { errorMessage } from '../speach/speachApi';
import { useScormJob, useStartScormExport } from './useEmbed';

type Phase = { kind: 'idle' } | { kind: 'running'; done: number; total: number } | { kind: 'done'; name: string } | { kind: 'failed'; message: string };
const enc = encodeURIComponent;

/**
 * Spec §2/§4 SCORM export dialog from a speach card's menu (administrators, speach not unpublished): type,
 * "Navigation in content", start, poll every 2 s until the file exists, download in a new window; closing
 * resets the options.
 */
export function ScormExportDialog({ speachId, title, open, onClose }: { speachId: string; title: string; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const { me } = useAuth();
  const classic = me?.featureFlags.scormClassicEnabled === true;
  const [type, setType] = useState<ScormType>('SCORM_LITE');
  const [navigation, setNavigation] = useState(false);
  const exporting = useStartScormExport(speachId);
  const name = exporting.data ?? null;
  // Closing the dialog stops the poll (the query is off while closed); the package keeps being built on the server.
  const job = useScormJob(name, open);
  const failure = exporting.error ?? job.error;
  const phase: Phase = failure
    ? { kind: 'failed', message: errorMessage(failure) }
    : name && job.data?.ready
      ? { kind: 'done', name }
      : exporting.isPending || name
        ? { kind: 'running', done: job.data?.done ?? 0, total: job.data?.total ?? 0 }
        : { kind: 'idle' };

  const close = () => {
    setType('SCORM_LITE');
    setNavigation(false);
    exporting.reset();
    onClose();
  };

  const start = () => exporting.mutate({ type, navigation });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`scorm-${speachId}`} fullWidth maxWidth="sm">
      <DialogTitle id={`scorm-${speachId}`}>{t('scorm.dialog.title', { title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl disabled={phase.kind !== 'idle'}>
            <FormLabel
              id={`scorm-type-${speachId}`}
              sx={{ color: 'text.primary', '&.Mui-focused': { color: 'text.primary' }, '&.Mui-disabled': { color: 'text.secondary' } }}
            >
              {t('scorm.dialog.type')}
            </FormLabel>
            <RadioGroup aria-labelledby={`scorm-type-${speachId}`} value={type} onChange={(e) => setType(e.target.value as ScormType)}>
              <FormControlLabel value="SCORM_LITE" control={<Radio />} label={t('scorm.dialog.lite')} />
              {classic && <FormControlLabel value="SCORM_FULL" control={<Radio />} label={t('scorm.dialog.full')} />}
            </RadioGroup>
          </FormControl>
          <FormControlLabel
            control={<Switch checked={navigation} onChange={(e) => setNavigation(e.target.checked)} disabled={phase.kind !== 'idle'} />}
            label={t('scorm.dialog.navigation')}
          />
          {phase.kind === 'running' && (
            <Stack direction="row" spacing={2} alignItems="center" role="status">
              <CircularProgress size={24} aria-hidden />
              <Typography>{phase.total > 0 ? t('scorm.dialog.progress', { done: phase.done, total: phase.total }) : t('scorm.dialog.inProgress')}</Typography>
            </Stack>
          )}
          {phase.kind === 'done' && (
            <Alert severity="success" role="status">
              {t('scorm.dialog.ready')}
            </Alert>
          )}
          {phase.kind === 'failed' && <Alert severity="error">{phase.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('scorm.dialog.close')}</Button>
        {phase.kind === 'done' ? (
          <Button variant="contained" onClick={() => window.open(`/administration/scorm/download/${enc(phase.name)}`, '_blank', 'noopener')}>
            {t('scorm.dialog.download')}
          </Button>
        ) : (
          <Button variant="contained" onClick={start} disabled={phase.kind === 'running'}>
            {t('scorm.dialog.export')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
