import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { useI18n } from '../i18n';
import { useAuth } from './AuthContext';

/** Spec §2 "Logout": a full-screen loader while the session is ended, then the login page (5 s at most). */
export function LogoutPage() {
  const { t } = useI18n();
  const { forget } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      forget();
      navigate('/login', { replace: true });
    };
    const fallback = setTimeout(finish, 5000);
    api('/api/auth/logout', { method: 'POST', headers: { 'x-silent-401': '1' } }).catch(() => undefined).finally(finish);
    return () => clearTimeout(fallback);
  }, [forget, navigate]);
  return (
    <Box component="main" id="main" sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.paper' }} aria-busy="true">
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress aria-label={t('logout.inProgress')} />
        <Typography component="h1" variant="h6" sx={{ mt: 2 }}>
          {t('logout.inProgress')}
        </Typography>
      </Box>
    </Box>
  );
}
