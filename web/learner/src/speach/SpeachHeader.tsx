import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Replay from '@mui/icons-material/Replay';
import Star from '@mui/icons-material/Star';
import type { ReactNode } from 'react';
import { CardCover } from '../cards/CardCover';
import { durationParts } from '../cards/cover';
import { type MessageKey, useI18n } from '../i18n';
import type { SpeachCard } from './types';

export type PrimaryAction = 'START' | 'CONTINUE' | 'REVIEW';

/** Start before any chapter is read, continue part-way, review once every chapter is read. */
export function primaryAction(read: number, total: number): PrimaryAction {
  if (read === 0) return 'START';
  return read >= total ? 'REVIEW' : 'CONTINUE';
}

/**
 * The speach page's header (issue 17): cover, title, author, category, language, last update, duration,
 * rating and the primary action.
 */
export function SpeachHeader({
  speach,
  facts,
  read,
  total,
  onPrimary,
  children,
}: {
  speach: SpeachCard & { rating?: number | null };
  facts?: { chapterCount: number; durationMinutes: number };
  read: number;
  total: number;
  onPrimary: (action: PrimaryAction) => void;
  children?: ReactNode;
}) {
  const { t, date, number } = useI18n();
  const author = speach.authorsInfos?.author;
  const action = primaryAction(read, total);
  const details: string[] = [];
  if (author) details.push(t('speach.header.by', { name: `${author.firstName} ${author.lastName}`.trim() }));
  if (speach.category) details.push(speach.category.name);
  details.push(t(`speach.lang.${speach.language}` as MessageKey));
  if (speach.lastUpdatedDate) details.push(t('speach.header.updated', { date: date(speach.lastUpdatedDate) }));
  if (facts?.durationMinutes) {
    const { hours, minutes } = durationParts(facts.durationMinutes);
    details.push(
      `${t('card.chapters', { count: facts.chapterCount })} · ${hours ? t('card.durationHours', { hours, minutes: String(minutes).padStart(2, '0') }) : t('card.duration', { minutes })}`,
    );
  }
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '280px 1fr' }, gap: 3, alignItems: 'start' }}>
      <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
        <CardCover img={speach.img} cover={speach.cover} title={speach.title} category={speach.category} />
      </Box>
      <Box>
        {children}
        <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
          {speach.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }} data-testid="speach-header-details">
          {details.join(' · ')}
        </Typography>
        {typeof speach.rating === 'number' && (
          <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, alignItems: 'center' }}>
            <Star sx={{ fontSize: 18, color: '#8a5a00' }} aria-hidden="true" />
            <Typography variant="body2">
              {t('card.rating', { rating: number(speach.rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
            </Typography>
          </Stack>
        )}
        {speach.description && <Typography sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>{speach.description}</Typography>}
        {total > 0 && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
            <Button variant="contained" startIcon={action === 'REVIEW' ? <Replay /> : <PlayArrow />} onClick={() => onPrimary(action)}>
              {t(`speach.header.${action}` as MessageKey)}
            </Button>
            {action !== 'START' && <Chip size="small" variant="outlined" label={t('speach.read.progress', { read, total, count: read })} />}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
