import { Alert, Box, Typography } from '@mui/material';
import { Loading } from '@speach/web-shared';
import { useI18n } from '../i18n';
import { useTerms } from './usePages';

/** Read-only terms (footer targets /gcuContent and /pdpContent): public. */
export function TermsContentPage({ document }: { document: 'GCU' | 'PDP' }) {
  const { t } = useI18n();
  const { data: html } = useTerms(document);
  return (
    <Box component="main" id="main" sx={{ maxWidth: 800, mx: 'auto', p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(`terms.${document}.title`)}
      </Typography>
      {html === undefined && <Loading />}
      {html === null && <Alert severity="info">{t('terms.none')}</Alert>}
      {html && <Box dangerouslySetInnerHTML={{ __html: html }} />}
    </Box>
  );
}
