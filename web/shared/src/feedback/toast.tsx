import { Alert, type AlertColor, Snackbar } from '@mui/material';
import { type ReactNode, useCallback, useState } from 'react';
import { useFeedbackLabels } from './labels';

interface Toast {
  severity: AlertColor;
  text: string;
  key: number;
}

/**
 * A snackbar toast: returns the element to render and a function that shows a message. Errors stay
 * until closed (and are alerts); other messages go after 4 s (and are statuses).
 */
export function useToast(): [ReactNode, (severity: AlertColor, text: string) => void] {
  const labels = useFeedbackLabels();
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
        <Alert
          severity={toast.severity}
          variant="filled"
          closeText={labels.close}
          onClose={() => setToast(null)}
          role={toast.severity === 'error' ? 'alert' : 'status'}
        >
          {toast.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
  return [node, show];
}
