import { Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('page.notFound.title')}
      </Typography>
      <Typography gutterBottom>{t('page.notFound.text')}</Typography>
      <Button component={RouterLink} to="/" variant="outlined">
        {t('page.backHome')}
      </Button>
    </>
  );
}
