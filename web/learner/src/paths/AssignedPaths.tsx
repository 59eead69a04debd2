import { Box, Card, CardActionArea, CardContent, CardMedia, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Route from '@mui/icons-material/Route';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import { ErrorState } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { dueDay, formatCount, formatPercent, pathAddress, pluralForm } from './path-rules';
import type { AssignedPath } from './pathsApi';
import { useAssignedPaths } from './usePaths';

/**
 * The learning paths assigned to the user (or they enrolled in), with their progress and due date:
 * on the home ("assigned to you") and above the speaches of the account's ASSIGNED tab. Shows nothing while there are none;
 * `quiet` (the home) hides the section when it fails to load, as the home's other blocks do.
 */
export function AssignedPaths({ quiet = false }: { quiet?: boolean }) {
  const { t } = useI18n();
  const query = useAssignedPaths();
  const paths = query.data ?? null;

  if (query.error) return quiet ? null : <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!paths || paths.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="assigned-paths" sx={{ mt: 4, mb: 3 }} data-testid="assigned-paths">
      <Typography id="assigned-paths" variant="h5" component="h2" sx={{ mb: 2 }}>
        {t('path.assigned.title')}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
      >
        {paths.map((path) => (
          <li key={path.pathId}>
            <PathCard path={path} />
          </li>
        ))}
      </Box>
    </Box>
  );
}

function PathCard({ path }: { path: AssignedPath }) {
  const { t, date, language } = useI18n();
  const overdue = path.overdue;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={pathAddress(path.pathId, path.title)}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        {path.image ? (
          <CardMedia component="img" image={path.image} alt="" sx={{ height: 120, objectFit: 'cover' }} />
        ) : (
          <Box sx={{ height: 120, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
            <Route fontSize="large" aria-hidden="true" />
          </Box>
        )}
        <CardContent sx={{ flex: 1 }}>
          <Typography variant="overline" component="p" color="text.secondary">
            {t(`path.assigned.kind.${pluralForm(language, path.speachCount)}`, { count: formatCount(language, path.speachCount) })}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontSize: '1.05rem' }}>
            {path.title}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
            <LinearProgress variant="determinate" value={path.percent} aria-label={t('path.page.progress')} sx={{ flex: 1 }} />
            <Typography variant="body2">{formatPercent(language, path.percent)}</Typography>
            {path.completed && <CheckCircle color="success" titleAccess={t('path.page.completed')} fontSize="small" />}
          </Stack>
          {path.dueDate && (
            <Chip
              size="small"
              sx={{ mt: 1 }}
              color={overdue ? 'error' : 'default'}
              label={t(overdue ? 'path.page.overdue' : 'path.page.due', { date: date(dueDay(path.dueDate)) })}
            />
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
