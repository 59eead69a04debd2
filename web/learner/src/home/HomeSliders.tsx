import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import Explore from '@mui/icons-material/Explore';
import { Link as RouterLink } from 'react-router-dom';
import { type MessageKey, useI18n } from '../i18n';
import { homeApi, sliderPage } from './homeApi';
import { useHomeOverview } from './useHome';
import { SpeachSlider } from './SpeachSlider';

/**
 * The learner's sliders (spec §2, issue 17): continue, assigned, new in my language, most read this month,
 * followed authors, then a slider per category; an empty state pointing to search and the catalogue.
 */
export function HomeSliders() {
  const { t, language } = useI18n();
  const { data: overview } = useHomeOverview(language);

  if (!overview) return null;
  if (overview.sliders.length === 0) {
    return (
      <Paper variant="outlined" component="section" aria-labelledby="home-empty" sx={{ mt: 4, p: 3, textAlign: 'center' }}>
        <Explore sx={{ fontSize: 48, color: 'primary.main' }} aria-hidden="true" />
        <Typography id="home-empty" variant="h5" component="h2" gutterBottom>
          {t('home.empty.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('home.empty.text')}</Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" component={RouterLink} to="/catalogue">
            {t('home.empty.catalogue')}
          </Button>
          <Button variant="outlined" onClick={() => document.querySelector<HTMLInputElement>('input[type="search"]')?.focus()}>
            {t('home.empty.search')}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Box>
      {overview.sliders.map((s) => (
        <SpeachSlider
          key={`${s.slider}-${s.categoryId ?? ''}`}
          url={homeApi.sliderUrl(s.slider, language, s.categoryId)}
          title={s.slider === 'category' ? (s.name ?? '') : t(`home.slider.kind.${s.slider}` as MessageKey)}
          fullPage={sliderPage(s.slider, s.categoryId)}
        />
      ))}
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/catalogue" variant="outlined" startIcon={<Explore aria-hidden="true" />}>
          {t('home.catalogueLink', { count: overview.catalogueTotal })}
        </Button>
      </Box>
    </Box>
  );
}
