import { Alert, Box, Button, IconButton, MenuItem, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { SpeachCardView } from '../cards/SpeachCardView';
import type { UserResult } from '../cards/cardsApi';
import { useSpeachSearch } from '../cards/useSpeachCards';
import { useI18n } from '../i18n';
import { Loading, useToast } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { PathResults } from './PathResults';
import { UsersCarousel, UsersList } from './UsersCarousel';
import { SEARCH_SORTS, type SearchSort, effectiveSort, shouldLoadMoreUsers, sortAfterTermChange } from './search-rules';
import { useSearchUsers } from './useSearchUsers';

/** A person found on two pages (the list moved while paging) is shown once. */
function dedupeUsers(users: UserResult[]): UserResult[] {
  const seen = new Set<string>();
  return users.filter((user) => !seen.has(user.id) && !!seen.add(user.id));
}

const SCROLL_TRIGGER_PX = 250;

/**
 * Spec §2 search overlay and results page: users carousel, speach results with sort and language
 * filter, empty state, infinite loading. A new term (or filter) aborts the requests in flight.
 */
export function SearchOverlay({ term }: { term: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [toast, showToast] = useToast();
  const [tab, setTab] = useState<'speaches' | 'users'>('speaches');
  const [sort, setSort] = useState<SearchSort>('RELEVANT');
  const [languageId, setLanguageId] = useState('');
  // Each term, sort and language is its own query: a new one leaves the previous request, which is aborted.
  const search = useSpeachSearch(term, effectiveSort(term, sort), languageId);
  const pages = search.data?.pages;
  const results = useMemo(() => pages?.flatMap((page) => page.results) ?? [], [pages]);
  const total = pages ? (pages.at(-1)?.totalNumberOfSpeachesFound ?? 0) : null;
  const languages = pages?.at(-1)?.availableLanguages ?? [];
  const loading = search.isPending || search.isFetchingNextPage;
  const error = search.isError ? errorMessage(search.error) : null;
  const people = useSearchUsers(term);
  const userPages = people.data?.pages;
  const users = useMemo(() => dedupeUsers(userPages?.flatMap((page) => page.results) ?? []), [userPages]);
  const usersTotal = userPages?.at(-1)?.totalNumberOfUsersFound ?? 0;
  const [position, setPosition] = useState(0);
  const sentinel = useRef<HTMLDivElement | null>(null);

  // A new term starts the carousel at its first person; an empty term resets the sort to relevance.
  useEffect(() => {
    setSort((s) => sortAfterTermChange(term, s));
    setPosition(0);
  }, [term]);

  const { hasNextPage: moreUsers, isFetchingNextPage: loadingUsers, fetchNextPage: fetchMoreUsers } = people;
  const loadMoreUsers = () => {
    if (moreUsers && !loadingUsers) void fetchMoreUsers();
  };
  const moveUsers = (next: number) => {
    setPosition(next);
    if (shouldLoadMoreUsers(next, users.length, usersTotal)) loadMoreUsers();
  };

  const more = search.hasNextPage;
  const { fetchNextPage } = search;
  const loadMore = useCallback(() => {
    if (!loading && more) void fetchNextPage();
  }, [loading, more, fetchNextPage]);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadMore(), { rootMargin: `${SCROLL_TRIGGER_PX}px` });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loadMore, tab]);

  return (
    <Paper component="section" aria-labelledby="search-title" elevation={3} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography id="search-title" variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
          {t('search.title', { term })}
        </Typography>
        <IconButton aria-label={t('search.close')} onClick={() => navigate('/')}>
          <Close />
        </IconButton>
      </Stack>
      <Tabs value={tab} onChange={(_, value) => setTab(value)} aria-label={t('search.field')} sx={{ mb: 2 }}>
        <Tab value="speaches" label={t('search.tab.speaches', { count: total ?? 0 })} id="search-tab-speaches" aria-controls="search-panel" />
        <Tab value="users" label={t('search.tab.users', { count: usersTotal })} id="search-tab-users" aria-controls="search-panel" />
      </Tabs>
      <Box id="search-panel" role="tabpanel" aria-labelledby={`search-tab-${tab}`}>
        {tab === 'users' ? (
          <UsersList users={users} total={usersTotal} onMore={loadMoreUsers} />
        ) : (
          <>
            {users.length > 0 && <UsersCarousel users={users} total={usersTotal} position={position} onMove={moveUsers} />}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              <TextField
                select
                size="small"
                label={t('search.sort')}
                value={sort}
                onChange={(e) => setSort(e.target.value as SearchSort)}
                sx={{ minWidth: 200 }}
              >
                {SEARCH_SORTS.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`search.sort.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('search.language')}
                value={languageId}
                onChange={(e) => setLanguageId(e.target.value)}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 200 }}
              >
                <MenuItem value="">{t('search.language.all')}</MenuItem>
                {languages.map((l) => (
                  <MenuItem key={l.id} value={l.id}>
                    {l.language}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <PathResults term={term} />
            {error && <Alert severity="error">{error}</Alert>}
            {!loading && !error && total === 0 && (
              <Box role="status" sx={{ py: 4, textAlign: 'center' }}>
                <Typography variant="h6" component="p">
                  {t('search.no.result')}
                </Typography>
                <Typography color="text.secondary">{t('search.no.action')}</Typography>
              </Box>
            )}
            <Box
              component="ul"
              aria-label={t('search.tab.speaches', { count: total ?? 0 })}
              sx={{
                listStyle: 'none',
                p: 0,
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
                gap: 2,
              }}
            >
              {results.map((card) => (
                <li key={card.id}>
                  <SpeachCardView card={card} onToast={showToast} />
                </li>
              ))}
            </Box>
            {loading && <Loading />}
            <div ref={sentinel} />
            {more && !loading && (
              <Button sx={{ mt: 2 }} onClick={loadMore}>
                {t('grid.more')}
              </Button>
            )}
          </>
        )}
      </Box>
      {toast}
    </Paper>
  );
}
