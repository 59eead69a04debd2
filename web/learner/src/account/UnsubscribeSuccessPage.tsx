import { Box, Button, Paper, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useI18n } from '../i18n';
import { Loading } from '@speach/web-shared';
import { useUnsubscribe } from './useAccount';

/**
 * Spec §2 "Email unsubscribe success page with optional go-to-home button (goes to /)": `?homeButton=false` hides it.
 * Reached from a mail's signed link (`?user&sig`), it posts the unsubscribe itself (the link's GET changes
 * nothing, so mail scanners that follow links unsubscribe nobody).
 */
export function UnsubscribeSuccessPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const user = params.get('user');
  const sig = params.get('sig');
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  // A change made by arriving on the page: posted when the link's parameters are read, not on a click.
  useEffect(() => {
    if (user && sig) mutate({ user, sig });
  }, [user, sig, mutate]);
  const state = !user || !sig || unsubscribe.isSuccess ? 'done' : unsubscribe.isError ? 'invalid' : 'working';
  return (
    <Box component="main" id="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper variant="outlined" sx={{ p: 4, maxWidth: 520, textAlign: 'center' }}>
        {state === 'working' ? (
          <>
            <Typography component="h1" variant="h5" gutterBottom>
              {t('unsubscribe.working')}
            </Typography>
            <Loading />
          </>
        ) : state === 'invalid' ? (
          <Typography component="h1" variant="h6" sx={{ mb: 3 }}>
            {t('unsubscribe.invalid')}
          </Typography>
        ) : (
          <>
            <Typography variant="h5" component="h1" gutterBottom>
              {t('unsubscribe.title')}
            </Typography>
            <Typography sx={{ mb: 3 }}>{t('unsubscribe.text')}</Typography>
          </>
        )}
        {state !== 'working' && params.get('homeButton') !== 'false' && (
          <Button variant="contained" component={RouterLink} to="/">
            {t('unsubscribe.home')}
          </Button>
        )}
      </Paper>
    </Box>
  );
}
