import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import Star from '@mui/icons-material/Star';
import { useI18n } from '../i18n';
import type { Card } from './cardsApi';
import { durationParts } from './cover';

/** What a learner decides on (issue 17): two lines of description, rating, chapters and duration, progress once started. */
export function CardFacts({ card }: { card: Card }) {
  const { t, number } = useI18n();
  const facts: string[] = [];
  if (card.chapterCount) facts.push(t('card.chapters', { count: card.chapterCount }));
  if (card.durationMinutes) {
    const { hours, minutes } = durationParts(card.durationMinutes);
    facts.push(hours ? t('card.durationHours', { hours, minutes: String(minutes).padStart(2, '0') }) : t('card.duration', { minutes }));
  }
  return (
    <>
      {card.description && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {card.description}
        </Typography>
      )}
      {(facts.length > 0 || typeof card.rating === 'number') && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {typeof card.rating === 'number' && (
            <Box
              component="span"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
              aria-label={t('card.rating', { rating: number(card.rating) })}
              role="img"
            >
              <Star sx={{ fontSize: 16, color: '#8a5a00' }} aria-hidden="true" />
              <Typography component="span" variant="body2" aria-hidden="true">
                {number(card.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
              </Typography>
            </Box>
          )}
          {facts.length > 0 && (
            <Typography component="span" variant="body2" color="text.secondary">
              {facts.join(' · ')}
            </Typography>
          )}
        </Stack>
      )}
      {card.progress && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={card.progress.percent}
            aria-label={t('card.progress', { percent: number(card.progress.percent / 100, { style: 'percent' }) })}
          />
          <Typography variant="caption" color="text.secondary">
            {t('card.progress', { percent: number(card.progress.percent / 100, { style: 'percent' }) })}
          </Typography>
        </Box>
      )}
    </>
  );
}
