import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ApiError, api } from '../api/client';
import { useI18n } from '../i18n';
import { SiteFooter } from '../site/SiteFooter';

type Outcome = { kind: 'done' } | { kind: 'gone'; message: string } | { kind: 'error'; message: string; field?: string };

/** The page of the mailed set-password link (issue 19): the user chooses their password, then signs in. */
export function SetPasswordPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const mismatch = confirmation !== '' && confirmation !== password;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mismatch) return;
    setBusy(true);
    setOutcome(null);
    try {
      await api<void>('/api/auth/set-password', { method: 'POST', json: { token, password } });
      setOutcome({ kind: 'done' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 410) setOutcome({ kind: 'gone', message: caught.message });
      else if (caught instanceof ApiError) setOutcome({ kind: 'error', message: caught.errors[0]?.reason ?? caught.message, field: caught.errors[0]?.field });
      else setOutcome({ kind: 'error', message: t('common.error') });
    } finally {
      setBusy(false);
    }
  }

  const passwordError = outcome?.kind === 'error' && outcome.field === 'password' ? outcome.message : undefined;
  return (
    <>
      <Box component="main" id="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
        <Paper component="form" onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 420 }} noValidate>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('setPassword.title')}
          </Typography>
          {!token && (
            <Alert severity="error" role="alert">
              {t('setPassword.noToken')}
            </Alert>
          )}
          {outcome?.kind === 'done' && (
            <Alert
              severity="success"
              role="status"
              action={
                <Button component={RouterLink} to="/login" color="inherit" size="small">
                  {t('setPassword.signIn')}
                </Button>
              }
            >
              {t('setPassword.done')}
            </Alert>
          )}
          {outcome?.kind === 'gone' && (
            <Alert severity="warning" role="alert">
              {t('setPassword.gone')}
            </Alert>
          )}
          {outcome?.kind === 'error' && !passwordError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {outcome.message}
            </Alert>
          )}
          {token && outcome?.kind !== 'done' && outcome?.kind !== 'gone' && (
            <>
              <Typography variant="body2" color="text.secondary">
                {t('setPassword.intro')}
              </Typography>
              <TextField
                label={t('setPassword.password')}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={Boolean(passwordError)}
                helperText={passwordError}
                fullWidth
                required
                margin="normal"
                autoFocus
              />
              <TextField
                label={t('setPassword.confirmation')}
                type="password"
                autoComplete="new-password"
                value={confirmation}
                onChange={(e) => setConfirmation(e.target.value)}
                error={mismatch}
                helperText={mismatch ? t('setPassword.mismatch') : undefined}
                fullWidth
                required
                margin="normal"
              />
              <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy || !password || mismatch || confirmation === ''}>
                {t('setPassword.submit')}
              </Button>
            </>
          )}
        </Paper>
      </Box>
      <SiteFooter />
    </>
  );
}
