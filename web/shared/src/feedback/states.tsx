import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useFeedbackLabels } from './labels';

/** A screen or block waiting for its data; announced to screen readers as a status. */
export function Loading({ label }: { label?: string }) {
  const labels = useFeedbackLabels();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label ?? labels.loading}</Typography>
    </Box>
  );
}

/** A failed load: the API's message, and a retry when the caller can try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const labels = useFeedbackLabels();
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {labels.retry}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}

/** Nothing to show yet: says so, and offers the next step (a link or a button) when there is one. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Box sx={{ py: 3, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1 }}>
      <Typography color="text.secondary">{message}</Typography>
      {action}
    </Box>
  );
}
