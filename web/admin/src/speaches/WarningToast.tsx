import { Alert } from '@mui/material';
import { useCloseNotification, useTranslate } from 'react-admin';

/**
 * A warning toast that stays until closed (spec §8: long toasts stay). MUI's standard warning alert keeps
 * AA contrast, which the filled warning snackbar (white on orange) does not.
 */
export function WarningToast({ lines }: { lines: string[] }) {
  const close = useCloseNotification();
  const translate = useTranslate();
  return (
    <Alert severity="warning" onClose={close} closeText={translate('ra.action.close')} sx={{ whiteSpace: 'pre-line', boxShadow: 6, maxWidth: 600 }}>
      {lines.join('\n')}
    </Alert>
  );
}
