import { Alert, AlertColor, Box, Button, CircularProgress, Snackbar, Typography } from '@mui/material';
import { type ReactNode, useCallback, useState } from 'react';
import { useI18n } from '../i18n';

export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label ?? t('common.loading')}</Typography>
    </Box>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}

interface Toast {
  severity: AlertColor;
  text: string;
  key: number;
}

/** A snackbar toast: returns the element to render and a function that shows a message. */
export function useToast(): [ReactNode, (severity: AlertColor, text: string) => void] {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback((severity: AlertColor, text: string) => setToast({ severity, text, key: Date.now() }), []);
  const node = (
    <Snackbar
      key={toast?.key}
      open={!!toast}
      autoHideDuration={toast?.severity === 'error' ? null : 4000}
      onClose={(_, reason) => reason !== 'clickaway' && setToast(null)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {toast ? (
        <Alert severity={toast.severity} variant="filled" onClose={() => setToast(null)} role={toast.severity === 'error' ? 'alert' : 'status'}>
          {toast.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
  return [node, show];
}
