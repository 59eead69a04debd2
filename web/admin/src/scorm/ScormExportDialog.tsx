import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../speaches/api';
import { type ScormJob, type ScormType, scormApi, waitForPackage } from './api';
import { ScormOptions } from './ScormOptions';

type Phase = { kind: 'idle' } | { kind: 'running'; job: ScormJob | null } | { kind: 'done'; name: string } | { kind: 'failed'; message: string };

/**
 * Spec §2/§4 single-speach SCORM export: type and navigation, start, poll every 2 s until the file
 * exists, then download (in a new window). Closing resets the options.
 */
export function ScormExportDialog({ speachId, title, open, onClose }: { speachId: string; title: string; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const [type, setType] = useState<ScormType>('SCORM_LITE');
  const [navigation, setNavigation] = useState(false);
  const [classic, setClassic] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const signal = useRef({ cancelled: false });

  useEffect(() => {
    if (!open) return;
    signal.current = { cancelled: false };
    scormApi.classicEnabled().then(setClassic, () => setClassic(false));
    return () => {
      signal.current.cancelled = true;
    };
  }, [open]);

  const close = () => {
    signal.current.cancelled = true;
    setType('SCORM_LITE');
    setNavigation(false);
    setPhase({ kind: 'idle' });
    onClose();
  };

  const start = async () => {
    setPhase({ kind: 'running', job: null });
    try {
      const name = await scormApi.start(speachId, type, type === 'SCORM_FULL' && navigation);
      await waitForPackage(name, (job) => setPhase({ kind: 'running', job }), signal.current);
      if (!signal.current.cancelled) setPhase({ kind: 'done', name });
    } catch (error) {
      if (!signal.current.cancelled) setPhase({ kind: 'failed', message: errorMessage(error) });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="scorm-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="scorm-dialog-title">{translate('admin.scorm.dialogTitle', { title })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ScormOptions
            type={type}
            onType={setType}
            navigation={navigation}
            onNavigation={setNavigation}
            classicEnabled={classic}
            disabled={phase.kind !== 'idle'}
          />
          {phase.kind === 'running' && (
            <Stack direction="row" spacing={2} alignItems="center" role="status">
              <CircularProgress size={24} aria-hidden />
              <Typography>
                {phase.job && phase.job.total > 0
                  ? translate('admin.scorm.progress', { done: phase.job.done, total: phase.job.total })
                  : translate('admin.scorm.inProgress')}
              </Typography>
            </Stack>
          )}
          {phase.kind === 'done' && (
            <Alert severity="success" role="status">
              {translate('admin.scorm.ready')}
            </Alert>
          )}
          {phase.kind === 'failed' && <Alert severity="error">{phase.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.close')}</Button>
        {phase.kind === 'done' ? (
          <Button variant="contained" onClick={() => window.open(scormApi.downloadUrl(phase.name), '_blank', 'noopener')}>
            {translate('admin.scorm.download')}
          </Button>
        ) : (
          <Box>
            <Button variant="contained" onClick={start} disabled={phase.kind === 'running'}>
              {translate('admin.scorm.export')}
            </Button>
          </Box>
        )}
      </DialogActions>
    </Dialog>
  );
}
