import { Chip, Stack, Typography } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { EmptyState } from '@speach/web-shared';
import { useI18n } from '../i18n';
import { useBadges } from './useForum';

/** The badges a user holds: the signed-in user's on the account page, a colleague's on their profile. */
export function BadgesList({ userId }: { userId?: string }) {
  const { t, date } = useI18n();
  const query = useBadges(userId);
  // A profile whose badges cannot be read shows none rather than an error inside someone else's page.
  const badges = query.isError ? [] : query.data;
  return (
    <section aria-labelledby="badges-heading">
      <Typography id="badges-heading" variant="h6" component="h2" gutterBottom>
        {t('badges.title')}
      </Typography>
      {badges && badges.length === 0 ? (
        <EmptyState message={t('badges.empty')} />
      ) : (
        <Stack component="ul" direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="badges">
          {(badges ?? []).map((b) => (
            <li key={`${b.speachID}:${b.badge}`}>
              <Chip
                icon={<EmojiEvents />}
                color="primary"
                variant="outlined"
                label={`${t(`badges.${b.badge}`)} · ${b.title}`}
                title={t('badges.item', { type: t(`badges.${b.badge}`), title: b.title, date: date(b.awardedAt) })}
              />
            </li>
          ))}
        </Stack>
      )}
    </section>
  );
}
