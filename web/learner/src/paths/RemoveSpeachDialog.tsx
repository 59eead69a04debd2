import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useI18n } from '../i18n';
import { removalVariant } from './path-rules';
import type { PathItem } from './pathsApi';

/** Spec §5: a plain confirmation when the editor can view the speach, else the warning that it cannot be undone. */
export function RemoveSpeachDialog({ item, onCancel, onConfirm }: { item: PathItem | null; onCancel: () => void; onConfirm: (item: PathItem) => void }) {
  const { t } = useI18n();
  const variant = item ? removalVariant(item.canView !== false) : 'plain';
  return (
    <Dialog open={!!item} onClose={onCancel} aria-labelledby="path-remove-title" aria-describedby="path-remove-text">
      <DialogTitle id="path-remove-title">{t('path.remove.title')}</DialogTitle>
      <DialogContent>
        {variant === 'warning' ? (
          <Alert severity="warning" id="path-remove-text">
            {t('path.remove.warning')}
          </Alert>
        ) : (
          <DialogContentText id="path-remove-text">{t('path.remove.plain', { title: item?.title ?? '' })}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('path.common.cancel')}
        </Button>
        <Button color={variant === 'warning' ? 'error' : 'primary'} variant="contained" onClick={() => item && onConfirm(item)}>
          {t('path.remove.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
