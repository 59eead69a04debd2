import { Avatar, Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Route from '@mui/icons-material/Route';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import { ErrorState, Loading } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { NEW_PATH_ID, editorAddress, formatCount, pluralForm } from './path-rules';
import { type EditedPath, pathsApi } from './pathsApi';

/** The author's learning paths on the home, beside their speaches: each opens its editor; and "Create a learning path". */
export function AuthorPaths() {
  const { t, date, language } = useI18n();
  const [paths, setPaths] = useState<EditedPath[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    pathsApi
      .edited(page, controller.signal)
      .then((answer) => {
        setPaths((previous) => (page === 0 ? answer.result : [...previous, ...answer.result]));
        setTotal(answer.total);
      })
      .catch((e) => !controller.signal.aborted && setError(errorMessage(e)))
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [page, reload]);

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
      {error && <ErrorState message={error} onRetry={() => setReload((r) => r + 1)} />}
      {!error && !loading && total === 0 && <Typography color="text.secondary">{t('path.mine.empty')}</Typography>}
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
      {!loading && total !== null && paths.length < total && (
        <Button sx={{ mt: 1 }} onClick={() => setPage((p) => p + 1)}>
          {t('path.available.more')}
        </Button>
      )}
    </Box>
  );
}
