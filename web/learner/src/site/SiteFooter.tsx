import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import { footerLabel } from './footer-label';
import { useFooter } from './useSite';

/**
 * Spec §2 "Footer": links only if the footer is enabled and has items. The product code opens its
 * external site in a new tab; the others lead to the statement and the terms screens.
 */
export function SiteFooter() {
  const { t } = useI18n();
  const footer = useFooter().data;

  if (!footer?.isEnabled || footer.items.length === 0) return null;
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'grey.100', py: 2, px: 3, mt: 'auto' }}>
      <Box component="nav" aria-label={t('site.footer.nav')} sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 3, rowGap: 1 }}>
        {footer.items.map((item) =>
          item.code === 'PRODUCT' ? (
            <Link key={item.code} href={item.url} target="_blank" rel="noopener noreferrer" color="text.primary">
              {item.label}
              <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                {` (${t('site.footer.newTab')})`}
              </Box>
            </Link>
          ) : (
            <Link key={item.code} component={RouterLink} to={item.url} color="text.primary">
              {footerLabel(item, t)}
            </Link>
          ),
        )}
      </Box>
    </Box>
  );
}
