import { Chip, Stack, Typography } from '@mui/material';
import { useAuth } from '../auth/AuthContext';
import { type MessageKey, useI18n } from '../i18n';

export function HomePage() {
  const { t } = useI18n();
  const { me } = useAuth();
  if (!me) return null;
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('home.welcome', { name: me.firstName })}
      </Typography>
      <Typography variant="h6" component="h2">
        {t('home.roles')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {me.roles.length === 0 ? <Chip label={t('home.noRole')} /> : me.roles.map((role) => <Chip key={role} label={t(`role.${role}` as MessageKey)} color="primary" variant="outlined" />)}
      </Stack>
    </>
  );
}
