import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../speach/speachApi';
import { useI18n } from '../i18n';
import type { SignatureMeaning } from '@speach/web-shared/api';

export type { SignatureMeaning };

export interface SignatureInput {
  password: string;
  meaning: SignatureMeaning;
  reason?: string;
  email?: string;
  contentHash?: string;
  timeZone: string;
}

/**
 * The electronic signature (21 CFR Part 11): the password again, the e-mail for the session's first
 * signature, the meaning shown, a reason when rejecting. The content hash the signer saw goes along,
 * so the server refuses a signature on content that changed meanwhile.
 */
export function SignatureDialog({
  meaning,
  contentHash,
  initialReason = '',
  onCancel,
  onSign,
}: {
  meaning: SignatureMeaning;
  contentHash?: string;
  initialReason?: string;
  onCancel: () => void;
  onSign: (signature: SignatureInput) => Promise<void>;
}) {
  const { t } = useI18n();
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState(initialReason);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsReason = meaning === 'rejected';
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSign({
        password,
        meaning,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
        ...(contentHash ? { contentHash } : {}),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="signature-title" aria-describedby="signature-intro">
      <DialogTitle id="signature-title">{t('signature.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <DialogContentText id="signature-intro">{t('signature.intro')}</DialogContentText>
          <Typography>
            {t('signature.meaning')}: <strong>{t(`signature.meaning.${meaning}`)}</strong>
          </Typography>
          {contentHash && <Typography variant="caption">{contentHash.slice(0, 19)}</Typography>}
          <TextField label={t('signature.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField
            label={t('signature.password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {needsReason && <TextField label={t('signature.reason')} required multiline minRows={2} value={reason} onChange={(e) => setReason(e.target.value)} />}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('signature.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || !password || (needsReason && !reason.trim())}>
          {t('signature.sign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
