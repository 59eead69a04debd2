import { Box, Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useI18n } from '../i18n';

/** Spec §2 "Email unsubscribe success page with optional go-to-home button (goes to /)": `?homeButton=false` hides it. */
export function UnsubscribeSuccessPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  return (
    <Box component="main" id="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 520, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('unsubscribe.title')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('unsubscribe.text')}</Typography>
        {params.get('homeButton') !== 'false' && (
          <Button variant="contained" component={RouterLink} to="/">
            {t('unsubscribe.home')}
          </Button>
        )}
      </Paper>
    </Box>
  );
}
