import { Typography } from '@mui/material';
import { type MessageKey, useI18n } from '../i18n';

/** A route of spec §2 whose screen belongs to a later issue: reachable, titled, and honest about it. */
export function LaterPage({ title }: { title: MessageKey }) {
  const { t } = useI18n();
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t(title)}
      </Typography>
      <Typography>{t('page.later')}</Typography>
    </>
  );
}
