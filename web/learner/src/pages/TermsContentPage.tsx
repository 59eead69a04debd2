import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { useI18n } from '../i18n';

/** Read-only terms (footer targets /gcuContent and /pdpContent): public. */
export function TermsContentPage({ document }: { document: 'GCU' | 'PDP' }) {
  const { t } = useI18n();
  const [html, setHtml] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    api<string>(document === 'GCU' ? '/gcu/getGcu?dataType=json' : '/pdp/getPdp?dataType=json').then(setHtml, () => setHtml(null));
  }, [document]);
  return (
    <Box component="main" id="main" sx={{ maxWidth: 800, mx: 'auto', p: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(`terms.${document}.title`)}
      </Typography>
      {html === undefined && <Typography>{t('common.loading')}</Typography>}
      {html === null && <Alert severity="info">{t('terms.none')}</Alert>}
      {html && <Box dangerouslySetInnerHTML={{ __html: html }} />}
    </Box>
  );
}
