import { Chip, Stack, Typography } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { type EarnedBadge, badgesApi } from './forumApi';

/** The badges a user holds: the signed-in user's on the account page, a colleague's on their profile. */
export function BadgesList({ userId }: { userId?: string }) {
  const { t, date } = useI18n();
  const [badges, setBadges] = useState<EarnedBadge[] | null>(null);
  useEffect(() => {
    (userId ? badgesApi.of(userId) : badgesApi.mine()).then(
      (answer) => setBadges(answer.result),
      () => setBadges([]),
    );
  }, [userId]);
  return (
    <section aria-labelledby="badges-heading">
      <Typography id="badges-heading" variant="h6" component="h2" gutterBottom>
        {t('badges.title')}
      </Typography>
      {badges && badges.length === 0 ? (
        <Typography color="text.secondary">{t('badges.empty')}</Typography>
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
