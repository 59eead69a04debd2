import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useI18n } from '../i18n';
import { type SignatureInput, SignatureDialog } from '../workflow/SignatureDialog';
import { SignatureList } from '../workflow/SignatureList';
import { type Reading, errorMessage } from './speachApi';
import { useCompleteSpeach } from './useSpeach';

/**
 * Shown once every chapter is read: the learner records the completion of the version in force
 * (issue 23). A GMP-regulated speach's completion is signed (meaning `trained`) in the signature dialog.
 */
export function CompletionPanel({ speachId, regulated, reading }: { speachId: string; regulated: boolean; reading: Reading }) {
  const { t, date } = useI18n();
  const [signing, setSigning] = useState(false);
  const completion = useCompleteSpeach(speachId, reading);
  const done = completion.data ?? null;
  // The signature dialog shows its own failure (and cancelling it forgets it): only the unsigned completion's is shown here.
  const error = completion.error && !signing ? errorMessage(completion.error) : null;
  const complete = async (signature?: SignatureInput) => {
    await completion.mutateAsync(signature);
    setSigning(false);
  };
  const start = () => {
    if (regulated) return setSigning(true);
    completion.mutate(undefined);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="completion-title">
      <Stack spacing={2}>
        <Typography id="completion-title" variant="h6" component="h2">
          {t('gxp.complete.title')}
        </Typography>
        {done ? (
          <>
            <Alert severity="success">{t('gxp.complete.done', { date: date(done.completedAt), version: done.version })}</Alert>
            {done.signature && <SignatureList signatures={[done.signature]} />}
          </>
        ) : (
          <>
            <Typography>{t(regulated ? 'gxp.complete.introSigned' : 'gxp.complete.intro')}</Typography>
            {error && <Alert severity="error">{error}</Alert>}
            <Stack direction="row">
              <Button variant="contained" onClick={start} disabled={completion.isPending}>
                {t(regulated ? 'gxp.complete.signButton' : 'gxp.complete.button')}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
      {signing && (
        <SignatureDialog
          meaning="trained"
          onCancel={() => {
            setSigning(false);
            completion.reset();
          }}
          onSign={complete}
        />
      )}
    </Paper>
  );
}
