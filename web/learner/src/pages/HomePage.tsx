import { Button, Chip, Paper, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
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
      {me.isAuthor && (
        <Paper variant="outlined" component="section" aria-labelledby="home-create" sx={{ mt: 4, p: 3, maxWidth: 560 }}>
          <Typography id="home-create" variant="h6" component="h2" gutterBottom>
            {t('speach.home.create')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{t('speach.home.createText')}</Typography>
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/recorder/indexrecorderlayout">
            {t('speach.home.create')}
          </Button>
        </Paper>
      )}
    </>
  );
}
