import { Box, Button, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import Route from '@mui/icons-material/Route';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import { type PathSearchResult, pathsApi } from '../paths/pathsApi';
import { CANCELLED_BY_NEW_TERM } from './search-rules';

/** The learning paths a search finds (issue 18): their own result kind above the speaches, nothing when none match. */
export function PathResults({ term }: { term: string }) {
  const { t } = useI18n();
  const [results, setResults] = useState<PathSearchResult[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);

  useEffect(() => {
    setResults([]);
    setTotal(0);
    setPage(0);
  }, [term]);

  useEffect(() => {
    const controller = new AbortController();
    pathsApi
      .search(term, page, controller.signal)
      .then((answer) => {
        setResults((previous) => (page === 0 ? answer.results : [...previous, ...answer.results]));
        setTotal(answer.total);
      })
      // Paths are extra results: the speach results carry the search's error message.
      .catch(() => undefined);
    return () => controller.abort(CANCELLED_BY_NEW_TERM);
  }, [term, page]);

  if (results.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="path-results-title" sx={{ mb: 3 }}>
      <Typography id="path-results-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('pathSearch.heading', { count: total })}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 2 }}
      >
        {results.map((path) => (
          <li key={path.pathId}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={path.url}>
                <CardContent>
                  <Typography variant="subtitle1" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}>
                    <Route fontSize="small" aria-hidden />
                    {path.title}
                  </Typography>
                  {path.description && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
                    >
                      {path.description}
                    </Typography>
                  )}
                  <Typography variant="caption" color="text.secondary">
                    {t('pathSearch.speaches', { count: path.speachCount })}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
      {results.length < total && (
        <Button sx={{ mt: 1 }} onClick={() => setPage((p) => p + 1)}>
          {t('pathSearch.more')}
        </Button>
      )}
    </Box>
  );
}
