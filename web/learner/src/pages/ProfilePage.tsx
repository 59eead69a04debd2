import { Avatar, Button, Chip, Stack, Typography } from '@mui/material';
import { ErrorState, Loading } from '@speach/web-shared';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { BadgesList } from '../forum/BadgesList';
import { ReportButton } from '../forum/ReportButton';
import { useI18n } from '../i18n';
import { errorMessage } from '../speach/speachApi';
import { useProfile } from './usePages';

export function ProfilePage() {
  const { userID } = useParams();
  const { t, date } = useI18n();
  const { me } = useAuth();
  const query = useProfile(userID ?? '');
  const profile = query.data;
  if (query.error) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!profile) return <Loading />;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} alignItems="center">
        <Avatar src={profile.img ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
          {profile.firstName[0]}
          {profile.lastName[0]}
        </Avatar>
        <div>
          <Typography variant="h4" component="h1">
            {profile.firstName} {profile.lastName}
          </Typography>
          <Typography color="text.secondary">{t('profile.memberSince', { date: date(profile.memberSince) })}</Typography>
        </div>
      </Stack>
      <Stack direction="row" spacing={1}>
        {profile.author && <Chip label={t('role.FORMATEUR')} />}
        {profile.approver && <Chip label={t('role.APPROVER')} />}
      </Stack>
      <Typography variant="h6" component="h2">
        {t('profile.groups')}
      </Typography>
      <Stack direction="row" spacing={1}>
        {profile.groups.length === 0 ? (
          <Typography>{t('profile.noGroup')}</Typography>
        ) : (
          profile.groups.map((g) => <Chip key={g.id} label={g.name} variant="outlined" />)
        )}
      </Stack>
      <BadgesList userId={profile.id} />
      {me && me.id !== profile.id && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" component={RouterLink} to={`/messages?to=${encodeURIComponent(profile.id)}`}>
            {t('messages.write')}
          </Button>
          <ReportButton target="USER" targetId={profile.id} label={t('report.user')} />
        </Stack>
      )}
    </Stack>
  );
}
