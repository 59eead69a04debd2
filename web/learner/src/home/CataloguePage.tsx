import { Box, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { type MessageKey, useI18n } from '../i18n';
import { type HomeSliderKind, homeApi } from './homeApi';
import { SpeachGrid } from './SpeachGrid';
import { useSpeachCategories } from './useHome';

const LISTS: HomeSliderKind[] = ['continue', 'assigned', 'new', 'mostRead', 'followedAuthors'];
const SPEACH_LANGUAGES = ['en', 'fr', 'es', 'de'] as const;
const HIDDEN = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * `/catalogue` (issue 17): the spec §2 grid with its filter bar over everything the user may read, narrowed by
 * category and language; `?list=` shows one home slider's full list instead.
 */
export function CataloguePage() {
  const { t, language } = useI18n();
  const [params, setParams] = useSearchParams();
  const categories = useSpeachCategories().data ?? [];
  const list = LISTS.find((l) => l === params.get('list')) ?? null;
  const categoryId = params.get('categoryId') ?? '';
  const speachLanguage = params.get('language') ?? '';

  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  if (list) {
    const title = t(`home.slider.kind.${list}` as MessageKey);
    return (
      <>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Link component={RouterLink} to="/catalogue" sx={{ display: 'inline-block', mb: 2 }}>
          {t('catalogue.all')}
        </Link>
        <Typography variant="h5" component="h2" sx={HIDDEN}>
          {t('catalogue.results')}
        </Typography>
        <SpeachGrid key={list} url={homeApi.sliderUrl(list, language)} label={title} stateFilter={false} />
      </>
    );
  }
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('catalogue.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('catalogue.category')}
          value={categoryId}
          onChange={(e) => set('categoryId', e.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('catalogue.allCategories')}</MenuItem>
          {categories.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('catalogue.language')}
          value={speachLanguage}
          onChange={(e) => set('language', e.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('catalogue.allLanguages')}</MenuItem>
          {SPEACH_LANGUAGES.map((l) => (
            <MenuItem key={l} value={l}>
              {t(`catalogue.language.${l}` as MessageKey)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box>
        {/* The cards' titles are h3: the results get their h2 (axe heading-order), for screen readers only. */}
        <Typography variant="h5" component="h2" sx={HIDDEN}>
          {t('catalogue.results')}
        </Typography>
        <SpeachGrid
          key={`${categoryId}|${speachLanguage}`}
          url={homeApi.catalogueUrl({ categoryId, language: speachLanguage })}
          label={t('catalogue.title')}
          stateFilter={false}
        />
      </Box>
    </>
  );
}
