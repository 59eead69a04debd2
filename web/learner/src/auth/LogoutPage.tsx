import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { useI18n } from '../i18n';
import { useAuth } from './AuthContext';

/** Where the embedded editor lives (spec §2 embed URLs); without one there is no editor session to end. */
const EDITOR_URL: string | undefined = import.meta.env.VITE_EMBEDDED_EDITOR_URL;
/** Spec §9 "Logout fallback 5 s". */
const LOGOUT_FALLBACK_MS = 5000;

function editorLogoutFrame(): { src: string; origin: string } | null {
  if (!EDITOR_URL) return null;
  try {
    const url = new URL('/logout', EDITOR_URL);
    return { src: url.href, origin: url.origin };
  } catch {
    return null;
  }
}

/**
 * Spec §2/§4 "Logout": a full-screen loader and a hidden frame that logs out of the embedded editor.
 * Logout finishes when the session is ended here and the editor reports LOGGED_OUT, or after 5 s regardless.
 */
export function LogoutPage() {
  const { t } = useI18n();
  const { forget } = useAuth();
  const navigate = useNavigate();
  const frame = editorLogoutFrame();
  useEffect(() => {
    let done = false;
    let sessionEnded = false;
    let editorEnded = frame === null;
    const finish = () => {
      if (done) return;
      done = true;
      forget();
      navigate('/login', { replace: true });
    };
    const maybeFinish = () => sessionEnded && editorEnded && finish();
    const fallback = setTimeout(finish, LOGOUT_FALLBACK_MS);
    const onMessage = (event: MessageEvent) => {
      // Messages from frames are accepted only from the editor's origin (spec §5).
      if (!frame || event.origin !== frame.origin) return;
      const type = typeof event.data === 'string' ? event.data : (event.data as { type?: string } | null)?.type;
      if (type === 'LOGGED_OUT') {
        editorEnded = true;
        maybeFinish();
      }
    };
    window.addEventListener('message', onMessage);
    api('/api/auth/logout', { method: 'POST', headers: { 'x-silent-401': '1' } })
      .catch(() => undefined)
      .finally(() => {
        sessionEnded = true;
        maybeFinish();
      });
    return () => {
      clearTimeout(fallback);
      window.removeEventListener('message', onMessage);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [forget, navigate]);
  return (
    <Box
      component="main"
      id="main"
      sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.paper', zIndex: 2000 }}
      aria-busy="true"
    >
      <Box sx={{ textAlign: 'center' }}>
        <CircularProgress aria-label={t('logout.inProgress')} />
        <Typography component="h1" variant="h6" sx={{ mt: 2 }}>
          {t('logout.inProgress')}
        </Typography>
      </Box>
      {frame && <iframe src={frame.src} title={t('logout.frame')} aria-hidden="true" tabIndex={-1} style={{ display: 'none' }} />}
    </Box>
  );
}
