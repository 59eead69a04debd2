import { Alert, Box, Button, Paper, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../api/client';
import { useI18n } from '../i18n';
import { useAuth } from './AuthContext';

/** The forced password change: nothing else is reachable (the server refuses it too) until it is done. */
export function ChangePasswordPage() {
  const { t } = useI18n();
  const { me, refresh } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const min = me?.featureFlags.passwordMinLength ?? 8;
  const max = me?.featureFlags.passwordMaxLength ?? 64;
  const lengthError = next && next.length < min ? t('password.tooShort', { min }) : next.length > max ? t('password.tooLong', { max }) : null;
  const mismatch = confirm && confirm !== next ? t('password.mismatch') : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('/api/auth/change-password', { method: 'POST', json: { currentPassword: current, newPassword: next } });
      await refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('common.error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="main" id="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Paper component="form" onSubmit={submit} sx={{ p: 4, width: '100%', maxWidth: 440 }} noValidate>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('password.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('password.intro')}</Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          fullWidth
          required
          margin="normal"
        />
        <TextField
          label={t('password.new')}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          fullWidth
          required
          margin="normal"
          error={!!lengthError}
          helperText={lengthError ?? ' '}
        />
        <TextField
          label={t('password.confirm')}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          fullWidth
          required
          margin="normal"
          error={!!mismatch}
          helperText={mismatch ?? ' '}
        />
        <Button type="submit" variant="contained" fullWidth disabled={busy || !current || !next || !!lengthError || confirm !== next}>
          {t('password.submit')}
        </Button>
      </Paper>
    </Box>
  );
}
