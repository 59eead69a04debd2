import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { type ReactNode, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useI18n } from '../i18n';
import { AppLayout } from '../layout/AppLayout';
import { ErrorState, Loading } from '@speach/web-shared';
import { SiteFooter } from './SiteFooter';
import { useStatement } from './useSite';

/** The statement's HTML inside a document of its own: no scripts, links open outside the frame. */
function srcDoc(html: string, lang: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:Roboto,Helvetica,Arial,sans-serif;line-height:1.5;color:#1f1f1f;margin:0;padding:8px}img{max-width:100%}a{color:#0b57d0}</style></head><body>${html}</body></html>`;
}

/** Public: the footer links here from the login page too; signed-in users see it in the app's frame. */
function Frame({ children }: { children: ReactNode }) {
  const { me } = useAuth();
  if (me) return <AppLayout>{children}</AppLayout>;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box component="main" id="main" sx={{ maxWidth: 900, width: '100%', mx: 'auto', p: 4, flexGrow: 1 }}>
        {children}
      </Box>
      <SiteFooter />
    </Box>
  );
}

/** /accessibility-statement: the stored HTML in a sandboxed frame; on 404 an admin sees a placeholder with an edit link. */
export function AccessibilityStatementPage() {
  const { t, language } = useI18n();
  const { me, loading } = useAuth();
  const location = useLocation();
  const saved = (location.state as { saved?: boolean } | null)?.saved;
  const statement = useStatement();
  const data = statement.data;
  const [height, setHeight] = useState(400);
  const frame = useRef<HTMLIFrameElement>(null);

  const fit = () => {
    const body = frame.current?.contentDocument?.body;
    if (body) setHeight(Math.max(200, body.scrollHeight + 24));
  };

  if (loading) return <Loading />;
  const isAdmin = !!me?.isAdmin;
  return (
    <Frame>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h4" component="h1">
          {t('route.accessibility')}
        </Typography>
        {isAdmin && data && (
          <Button variant="outlined" component={RouterLink} to="/accessibility-statement/edit">
            {t('site.statement.edit')}
          </Button>
        )}
      </Stack>
      {saved && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('accessibility.statement.edition.on-save.success')}
        </Alert>
      )}
      {statement.isPending && <Loading />}
      {statement.isError && <ErrorState message={t('common.error')} onRetry={() => void statement.refetch()} />}
      {data === null &&
        (isAdmin ? (
          <Alert
            severity="info"
            action={
              <Button color="inherit" component={RouterLink} to="/accessibility-statement/edit">
                {t('site.statement.write')}
              </Button>
            }
          >
            {t('site.statement.placeholder')}
          </Alert>
        ) : (
          <Typography>{t('site.statement.none')}</Typography>
        ))}
      {data && (
        <Box
          component="iframe"
          ref={frame}
          title={t('route.accessibility')}
          sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          srcDoc={srcDoc(data.statement, language)}
          onLoad={fit}
          sx={{ width: '100%', height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
        />
      )}
    </Frame>
  );
}
