import { Avatar, Box, Button, InputAdornment, Paper, TextField, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import Slideshow from '@mui/icons-material/Slideshow';
import { useState } from 'react';
import { useDebouncedValue } from '../api/useDebouncedValue';
import { useI18n } from '../i18n';
import { SEARCH_DEBOUNCE_MS } from '../search/search-rules';
import { EmptyState, ErrorState, Loading } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import type { SpeachCard } from '../speach/types';
import { formatCount, pluralForm } from './path-rules';
import { useAvailableSpeaches } from './usePaths';

interface Props {
  pathId: string;
  /** Changes whenever the path's speaches change, so the list drops the ones just added. */
  revision: string;
  busy: boolean;
  onAdd: (speach: SpeachCard) => void;
}

/** Spec §2: the speaches the editor may add (published ones by default), filtered by name, each addable. */
export function AvailableSpeaches({ pathId, revision, busy, onAdd }: Props) {
  const { t, language } = useI18n();
  const [input, setInput] = useState('');
  const name = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  const query = useAvailableSpeaches(pathId, name, revision);
  const cards: SpeachCard[] = query.data?.pages.flatMap((page) => page.result) ?? [];
  const total = query.data?.pages[query.data.pages.length - 1]?.total ?? null;
  // The list of the previous filter stays on screen while the new one loads, under the spinner.
  const loading = query.isFetching;
  const error = query.error ? errorMessage(query.error) : null;

  return (
    <Box>
      <Box role="search" aria-label={t('path.available.search')} sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('path.available.name')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          slotProps={{
            htmlInput: { maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography role="status">
          {total === null ? '' : t(`path.available.total.${pluralForm(language, total)}`, { count: formatCount(language, total) })}
        </Typography>
      </Box>
      {error && <ErrorState message={error} onRetry={() => void query.refetch()} />}
      <Box component="ul" aria-label={t('path.available.list')} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="path-available">
        {cards.map((card) => (
          <Paper
            component="li"
            key={card.speachID ?? card.id}
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, mb: 1 }}
            data-testid="path-available-item"
          >
            <Avatar variant="rounded" src={card.img ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
              <Slideshow fontSize="small" />
            </Avatar>
            <Box sx={{ flex: 1, minWidth: 120 }}>
              <Typography>{card.title}</Typography>
              {card.category && (
                <Typography variant="body2" color="text.secondary">
                  {card.category.name}
                </Typography>
              )}
            </Box>
            <Button startIcon={<Add />} disabled={busy} onClick={() => onAdd(card)} aria-label={t('path.available.addNamed', { title: card.title })}>
              {t('path.available.add')}
            </Button>
          </Paper>
        ))}
      </Box>
      {loading && <Loading />}
      {!loading && !error && total === 0 && <EmptyState message={name ? t('path.available.noMatch') : t('path.available.empty')} />}
      {!loading && query.hasNextPage && <Button onClick={() => void query.fetchNextPage()}>{t('path.available.more')}</Button>}
    </Box>
  );
}
