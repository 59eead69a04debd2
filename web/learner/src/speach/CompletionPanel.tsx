import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useI18n } from '../i18n';
import { type SignatureInput, SignatureDialog } from '../workflow/SignatureDialog';
import { SignatureList } from '../workflow/SignatureList';
import { type Completion, type Reading, errorMessage, speachApi } from './speachApi';

/**
 * Shown once every chapter is read: the learner records the completion of the version in force
 * (issue 23). A GMP-regulated speach's completion is signed (meaning `trained`) in the signature dialog.
 */
export function CompletionPanel({ speachId, regulated, reading }: { speachId: string; regulated: boolean; reading: Reading }) {
  const { t, date } = useI18n();
  const [signing, setSigning] = useState(false);
  const [done, setDone] = useState<Completion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = async (signature?: SignatureInput) => {
    const completion = await speachApi.complete(speachId, signature, reading);
    setDone(completion);
    setSigning(false);
  };
  const start = async () => {
    if (regulated) return setSigning(true);
    setBusy(true);
    setError(null);
    try {
      await complete();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
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
              <Button variant="contained" onClick={() => void start()} disabled={busy}>
                {t(regulated ? 'gxp.complete.signButton' : 'gxp.complete.button')}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
      {signing && <SignatureDialog meaning="trained" onCancel={() => setSigning(false)} onSign={complete} />}
    </Paper>
  );
}
