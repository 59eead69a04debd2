import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useI18n } from '../i18n';

/** Validating a step that is not the last one is asked once more: the speach then leaves this approver's hands. */
export function StepValidationDialog({
  step,
  total,
  busy,
  onCancel,
  onConfirm,
}: {
  step: number;
  total: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog open onClose={onCancel} aria-labelledby="step-validation-title" aria-describedby="step-validation-text">
      <DialogTitle id="step-validation-title">{t('workflow.step.confirmTitle', { step, total })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="step-validation-text">{t('workflow.step.confirmText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('workflow.dialog.cancel')}</Button>
        <Button variant="contained" color="success" onClick={onConfirm} disabled={busy}>
          {t('workflow.validator.validate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
