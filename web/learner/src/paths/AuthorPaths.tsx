import { Avatar, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Route from '@mui/icons-material/Route';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import { EmptyState, ErrorState, Loading } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { NEW_PATH_ID, editorAddress, formatCount, pluralForm } from './path-rules';
import type { EditedPath } from './pathsApi';
import { useEditedPaths } from './usePaths';

/** The author's learning paths on the home, beside their speaches: each opens its editor; and "Create a learning path". */
export function AuthorPaths() {
  const { t, date, language } = useI18n();
  const query = useEditedPaths();
  const paths: EditedPath[] = query.data?.pages.flatMap((page) => page.result) ?? [];
  const total = query.data?.pages[query.data.pages.length - 1]?.total ?? null;
  const loading = query.isPending || query.isFetchingNextPage;
  const error = query.error ? errorMessage(query.error) : null;

  return (
    <Box component="section" aria-labelledby="author-paths" sx={{ mt: 4 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Typography id="author-paths" variant="h5" component="h2">
          {t('path.mine.title')}
        </Typography>
        <Button component={RouterLink} to={editorAddress(NEW_PATH_ID)} variant="outlined" startIcon={<Add />}>
          {t('path.nav.create')}
        </Button>
      </Stack>
      {error && <ErrorState message={error} onRetry={() => void query.refetch()} />}
      {!error && !loading && total === 0 && <EmptyState message={t('path.mine.empty')} />}
      {paths.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
          {paths.map((path) => (
            <Paper component="li" key={path.pathId} variant="outlined" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5 }}>
              <Avatar variant="rounded" src={path.image ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
                <Route fontSize="small" />
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Link component={RouterLink} to={editorAddress(path.pathId)} underline="hover" sx={{ fontWeight: 600 }}>
                  {path.title}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {t(`path.bar.count.${pluralForm(language, path.speachCount)}`, { count: formatCount(language, path.speachCount) })} ·{' '}
                  {t('path.mine.updated', { date: date(path.updatedAt) })}
                </Typography>
              </Box>
              <Chip
                size="small"
                label={t(`path.state.${path.state}`)}
                color={path.state === 'PUBLIE' ? 'success' : 'default'}
                variant={path.state === 'PUBLIE' ? 'filled' : 'outlined'}
              />
            </Paper>
          ))}
        </Box>
      )}
      {loading && <Loading />}
      {!loading && query.hasNextPage && (
        <Button sx={{ mt: 1 }} onClick={() => void query.fetchNextPage()}>
          {t('path.available.more')}
        </Button>
      )}
    </Box>
  );
}
