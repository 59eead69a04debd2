import { Box, Button, IconButton, Link, Stack, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SpeachCardView } from '../cards/SpeachCardView';
import { useSpeachSlider } from '../cards/useSpeachCards';
import { useI18n } from '../i18n';
import { debounce } from '../search/search-rules';
import { useToast } from '@speach/web-shared';

/** Spec §9: a slider shows 4 items; its moves are debounced 300 ms. */
export const SLIDER_ITEMS = 4;
const SLIDER_DEBOUNCE_MS = 300;

/**
 * Spec §2 horizontal speach slider: the title links to the full page; past 4 items the last place
 * links to the full page. Hidden while empty so the home stays short.
 */
export function SpeachSlider({ url, title, fullPage }: { url: string; title: string; fullPage: string }) {
  const { t } = useI18n();
  const [toast, showToast] = useToast();
  const { data } = useSpeachSlider(url);
  const [start, setStart] = useState(0);
  const move = useMemo(() => debounce((next: number) => setStart(next), SLIDER_DEBOUNCE_MS), []);
  useEffect(() => () => move.cancel(), [move]);

  // A slider that failed to load is hidden like an empty one: the home stays usable.
  if (!data || data.result.length === 0) return null;
  const { result: cards, total } = data;
  const headingId = `slider-${url.replace(/\W/g, '-')}`;
  const withMore = total > SLIDER_ITEMS;
  // The first 4 slots show cards; with more than 4 the last slot of the last view is the "see all" link.
  const slots = withMore ? cards.slice(0, Math.max(SLIDER_ITEMS * 2 - 1, 0)) : cards;
  const count = slots.length + (withMore ? 1 : 0);
  const visible = slots.slice(start, start + SLIDER_ITEMS);
  const showLink = withMore && start + SLIDER_ITEMS >= count;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id={headingId} variant="h5" component="h2">
          <Link component={RouterLink} to={fullPage} underline="hover" color="inherit">
            {title}
          </Link>
        </Typography>
        {count > SLIDER_ITEMS && (
          <Box>
            <IconButton aria-label={t('home.slider.previous')} disabled={start === 0} onClick={() => move(Math.max(0, start - SLIDER_ITEMS))}>
              <ChevronLeft />
            </IconButton>
            <IconButton
              aria-label={t('home.slider.next')}
              disabled={start + SLIDER_ITEMS >= count}
              onClick={() => move(Math.min(count - 1, start + SLIDER_ITEMS))}
            >
              <ChevronRight />
            </IconButton>
          </Box>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${SLIDER_ITEMS}, 1fr)` }, gap: 2 }}>
        {visible.map((card) => (
          <SpeachCardView key={card.id} card={card} onToast={showToast} />
        ))}
        {showLink && (
          <Button component={RouterLink} to={fullPage} variant="outlined" sx={{ minHeight: 180 }}>
            {t('home.slider.seeAll', { count: total })}
          </Button>
        )}
      </Box>
      {toast}
    </Box>
  );
}
