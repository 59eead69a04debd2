import { Alert, Avatar, Box, Button, Chip, LinearProgress, Link, Paper, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import Event from '@mui/icons-material/Event';
import Lock from '@mui/icons-material/Lock';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Slideshow from '@mui/icons-material/Slideshow';
import { Suspense, lazy } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { useI18n } from '../i18n';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage, speachSlug } from '../speach/speachApi';
import { dueDay, editorAddress, formatCount, formatPercent, pluralForm } from './path-rules';
import { type ProgressItem, pathsApi } from './pathsApi';
import { useEnrol, usePathProgress } from './usePaths';

const DiscussionSection = lazy(() => import('../forum/DiscussionSection').then((m) => ({ default: m.DiscussionSection })));

/** A speach of the path on the reader, at the chapter the learner left it when there is one. */
const speachAddress = (item: Pick<ProgressItem, 'speachId' | 'title' | 'lastChapterId'>) =>
  `/s/${encodeURIComponent(item.speachId)}/${speachSlug(item.title)}${item.lastChapterId ? `?chapter=${encodeURIComponent(item.lastChapterId)}` : ''}`;

/** `/p/{pathId}/{slug}` (spec §2): the learner's path, its ordered speaches with their progress, where to continue. */
export function PathPage() {
  const { t, date, language } = useI18n();
  const { me } = useAuth();
  const { pathId = '' } = useParams();
  const query = usePathProgress(pathId);
  const view = query.data ?? null;
  const error = query.error;
  const enrolment = useEnrol(pathId);
  const busy = enrolment.isPending;
  const [toast, showToast] = useToast();

  if (error) {
    const status = error instanceof ApiError ? error.status : 0;
    return (
      <>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('route.path')}
        </Typography>
        {status === 404 || status === 403 ? (
          <Alert severity="warning">{t('path.notFound')}</Alert>
        ) : (
          <ErrorState message={errorMessage(error)} onRetry={() => void query.refetch()} />
        )}
      </>
    );
  }
  if (!view) return <Loading />;

  const next = view.next;
  const learning = view.assigned || view.enrolled;
  // The editor's own rule (owner or administrator): the server refuses anyone else anyway.
  const mayEdit = !!me && (me.isAdmin || me.id === view.user.userID);
  const enrol = () =>
    enrolment.mutate(undefined, {
      onSuccess: () => showToast('success', t('path.page.enrolled')),
      onError: (e) => showToast('error', errorMessage(e)),
    });

  return (
    <>
      <Paper component="header" variant="outlined" sx={{ p: 3, mb: 3, display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        {view.image && <Box component="img" src={view.image} alt="" sx={{ width: 240, maxWidth: '100%', height: 150, objectFit: 'cover', borderRadius: 1 }} />}
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="overline" component="p" color="text.secondary">
            {t('route.path')}
            {view.sequential ? ` · ${t('path.page.sequential')}` : ''}
          </Typography>
          <Typography variant="h4" component="h1" gutterBottom>
            {view.title}
          </Typography>
          {view.description && <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{view.description}</Typography>}
          {learning && (
            <Box sx={{ mb: 2 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography id="path-progress-label" variant="body2">
                  {t('path.page.progress')}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="path-progress">
                  {formatPercent(language, view.percent)}
                </Typography>
              </Stack>
              <LinearProgress variant="determinate" value={view.percent} aria-labelledby="path-progress-label" sx={{ height: 8, borderRadius: 4 }} />
            </Box>
          )}
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {view.dueDate && (
              <Chip
                icon={<Event />}
                color={view.overdue ? 'error' : 'default'}
                variant={view.overdue ? 'filled' : 'outlined'}
                label={t(view.overdue ? 'path.page.overdue' : 'path.page.due', { date: date(dueDay(view.dueDate)) })}
                data-testid="path-due-date"
              />
            )}
            {view.completed && (
              <Chip
                icon={<CheckCircle />}
                color="success"
                label={view.completion ? t('path.page.completedOn', { date: date(view.completion.completedAt) }) : t('path.page.completed')}
              />
            )}
            {view.canEnrol && (
              <Button variant="contained" disabled={busy} onClick={enrol}>
                {t('path.page.enrol')}
              </Button>
            )}
            {learning && next && !view.completed && (
              <Button variant="contained" startIcon={<PlayArrow />} component={RouterLink} to={speachAddress(next)}>
                {view.percent > 0 ? t('path.page.continue') : t('path.page.start')}
              </Button>
            )}
            {view.completion?.certificateReady && (
              <Button variant="outlined" startIcon={<Download />} href={pathsApi.certificateUrl(view.pathId)} download>
                {t('path.page.certificate')}
              </Button>
            )}
            {view.completion?.certificateCode && (
              <Typography variant="body2" color="text.secondary">
                {t('path.page.certificateCode', { code: view.completion.certificateCode })}
              </Typography>
            )}
            {view.completion?.validUntil && (
              <Typography variant="body2" color="text.secondary">
                {t('path.page.validUntil', { date: date(view.completion.validUntil) })}
              </Typography>
            )}
          </Stack>
          {mayEdit && (
            <Button component={RouterLink} to={editorAddress(view.pathId)} sx={{ mt: 2 }}>
              {t('path.page.edit')}
            </Button>
          )}
          {!learning && !view.canEnrol && <Typography sx={{ mt: 2 }}>{t('path.page.notAssigned')}</Typography>}
        </Box>
      </Paper>

      <Typography variant="h5" component="h2" gutterBottom>
        {t(`path.page.speaches.${pluralForm(language, view.items.length)}`, { count: formatCount(language, view.items.length) })}
      </Typography>
      {view.items.length === 0 ? (
        <Typography>{t('path.page.noSpeach')}</Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="path-speaches">
          {view.items.map((item, index) => (
            <Paper
              component="li"
              key={item.speachId}
              variant="outlined"
              sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5, mb: 1 }}
              data-testid="path-speach"
            >
              <Typography sx={{ fontWeight: 700, minWidth: 24 }} aria-hidden="true">
                {index + 1}.
              </Typography>
              <Avatar variant="rounded" src={item.img ?? undefined} alt="" sx={{ width: 64, height: 48 }}>
                <Slideshow fontSize="small" />
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 160 }}>
                {item.locked ? (
                  <Typography color="text.secondary">{item.title}</Typography>
                ) : (
                  <Link component={RouterLink} to={speachAddress(item)} underline="hover">
                    {item.title}
                  </Link>
                )}
                {learning && (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                    <LinearProgress
                      variant="determinate"
                      value={item.percent}
                      aria-label={t('path.page.speachProgress', { title: item.title })}
                      sx={{ flex: 1, maxWidth: 240 }}
                    />
                    <Typography variant="body2">{formatPercent(language, item.percent)}</Typography>
                  </Stack>
                )}
              </Box>
              {item.completed && <CheckCircle color="success" titleAccess={t('path.page.speachCompleted')} />}
              {item.locked && <Lock color="action" titleAccess={t('path.page.locked')} />}
            </Paper>
          ))}
        </Box>
      )}
      {/* Whoever sees this page may read and write in the path's forum (the same rule on the server). */}
      <Box sx={{ mt: 3 }}>
        <Suspense fallback={<Loading />}>
          <DiscussionSection pathId={view.pathId} />
        </Suspense>
      </Box>
      {toast}
    </>
  );
}
