import { Container, Typography } from '@mui/material';
import { SpeachGrid } from '../home/SpeachGrid';
import { useI18n } from '../i18n';

/** /account/s/validate: the speaches waiting for my validation. */
export function ToValidatePage() {
  const { t } = useI18n();
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('workflow.list.toValidate')}
      </Typography>
      <SpeachGrid url="/api/v2/my/speachWorkflowToValidate" label={t('workflow.list.toValidate')} stateFilter={false} />
    </Container>
  );
}

/** /account/s/validateInProgress: my speaches awaiting validation (or rejected). */
export function InValidationPage() {
  const { t } = useI18n();
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('workflow.list.inProgress')}
      </Typography>
      <SpeachGrid url="/api/v2/my/speachInWorkflowValidation" label={t('workflow.list.inProgress')} stateFilter={false} />
    </Container>
  );
}
