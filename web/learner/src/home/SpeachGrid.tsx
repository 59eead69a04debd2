import { Box, Button, Grid, IconButton, InputAdornment, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Search from '@mui/icons-material/Search';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SpeachCardView } from '../cards/SpeachCardView';
import type { GridParams, GridSort, GridState } from '../cards/cardsApi';
import { useSpeachGrid } from '../cards/useSpeachCards';
import { useI18n } from '../i18n';
import { debounce, SEARCH_DEBOUNCE_MS } from '../search/search-rules';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';

const SORTS: GridSort[] = ['LAST_MAJ', 'PUBLICATION', 'TITLE'];
const STATES: GridState[] = ['NONE', 'PUBLIE', 'NON_PUBLIE'];
/** Spec §9: shared lists load the next page 250 px before the end. */
const SCROLL_TRIGGER_PX = 250;

/**
 * Spec §2 speach grid with its filter bar (total count, name search, sort, published-state filter,
 * ascending/descending) over a configurable `{result, total}` url, loading pages as the reader scrolls.
 */
export function SpeachGrid({ url, label, addCard, stateFilter = true }: { url: string; label: string; addCard?: boolean; stateFilter?: boolean }) {
  const { t } = useI18n();
  const [toast, showToast] = useToast();
  const [params, setParams] = useState<Omit<GridParams, 'page'>>({ sort: 'LAST_MAJ', name: '', onlyState: 'NONE', asc: false });
  const [nameInput, setNameInput] = useState('');
  const grid = useSpeachGrid(url, params);
  const cards = useMemo(() => grid.data?.pages.flatMap((page) => page.result) ?? [], [grid.data]);
  const total = grid.data ? (grid.data.pages.at(-1)?.total ?? 0) : null;
  const loading = grid.isFetching && (grid.isPending || grid.isFetchingNextPage);
  const error = grid.isError ? errorMessage(grid.error) : null;
  const sentinel = useRef<HTMLDivElement | null>(null);

  const setName = useMemo(() => debounce((name: string) => setParams((p) => ({ ...p, name })), SEARCH_DEBOUNCE_MS), []);
  useEffect(() => () => setName.cancel(), [setName]);

  // A filter change is another query: it starts again from the first page.
  const more = grid.hasNextPage;
  const { fetchNextPage, isFetchingNextPage } = grid;
  const loadMore = useCallback(() => {
    if (!loading && !isFetchingNextPage && more) void fetchNextPage();
  }, [loading, isFetchingNextPage, more, fetchNextPage]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: `${SCROLL_TRIGGER_PX}px` });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore]);

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'center' }, mb: 2 }}
        role="search"
        aria-label={`${t('grid.name')} (${label})`}
      >
        <Typography role="status" sx={{ minWidth: 110, fontWeight: 600 }}>
          {total === null ? '' : t('grid.total', { count: total })}
        </Typography>
        <TextField
          size="small"
          label={t('grid.name')}
          value={nameInput}
          inputProps={{ maxLength: 200 }}
          onChange={(e) => {
            setNameInput(e.target.value);
            setName(e.target.value);
          }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('grid.sort')}
          value={params.sort}
          onChange={(e) => setParams((p) => ({ ...p, sort: e.target.value as GridSort }))}
          sx={{ minWidth: 180 }}
        >
          {SORTS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`grid.sort.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        {stateFilter && (
          <TextField
            select
            size="small"
            label={t('grid.state')}
            value={params.onlyState}
            onChange={(e) => setParams((p) => ({ ...p, onlyState: e.target.value as GridState }))}
            sx={{ minWidth: 160 }}
          >
            {STATES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`grid.state.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Tooltip title={params.asc ? t('grid.asc') : t('grid.desc')}>
          <IconButton
            aria-label={params.asc ? t('grid.asc') : t('grid.desc')}
            aria-pressed={params.asc}
            onClick={() => setParams((p) => ({ ...p, asc: !p.asc }))}
          >
            {params.asc ? <ArrowUpward /> : <ArrowDownward />}
          </IconButton>
        </Tooltip>
      </Stack>
      {error && <ErrorState message={error} onRetry={() => void grid.refetch()} />}
      <Grid container spacing={2}>
        {addCard && (
          <Grid size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <Button
              component={RouterLink}
              to="/recorder/indexrecorderlayout"
              variant="outlined"
              startIcon={<Add />}
              sx={{ width: '100%', height: '100%', minHeight: 180 }}
            >
              {t('grid.create')}
            </Button>
          </Grid>
        )}
        {cards.map((card) => (
          <Grid key={card.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <SpeachCardView card={card} onToast={showToast} />
          </Grid>
        ))}
      </Grid>
      {!loading && !error && total === 0 && <Typography sx={{ mt: 2 }}>{t('grid.empty')}</Typography>}
      {loading && <Loading />}
      <div ref={sentinel} />
      {more && !loading && (
        <Button sx={{ mt: 2 }} onClick={loadMore}>
          {t('grid.more')}
        </Button>
      )}
      {toast}
    </Box>
  );
}
