import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { PERIODS, type Period, type SpeachAnalytics } from './analyticsApi';
import { useDeleteQuizResult, useSpeachAnalytics } from './useAnalytics';
import { PeriodSelect, ReadsChart, Section, Stat } from './parts';
import { TrainingsSection } from './TrainingsSection';

export function periodFrom(value: string | null): Period {
  return (PERIODS as readonly string[]).includes(value ?? '') ? (value as Period) : 'THREE_MONTHS';
}

/** `/analytics/s/{speachID}`: reads over time, completion per chapter and quiz results, for the speach's authors and admins. */
export function SpeachAnalyticsPage() {
  const { speachID = '' } = useParams();
  const { t, date, number } = useI18n();
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params.get('period'));
  const analytics = useSpeachAnalytics(speachID, period);
  const [toDelete, setToDelete] = useState<SpeachAnalytics['quizResults'][number] | null>(null);
  const deletion = useDeleteQuizResult(speachID);
  const deleting = deletion.isPending;
  const [toast, showToast] = useToast();

  const remove = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete, {
      onSuccess: () => {
        setToDelete(null);
        showToast('success', t('analytics.quiz.deleted'));
      },
      onError: (error) => showToast('error', error instanceof Error ? error.message : t('analytics.error')),
    });
  };

  if (analytics.isPending) return <Loading />;
  if (analytics.isError) {
    const status = analytics.error instanceof ApiError ? analytics.error.status : 0;
    if (status === 403) return <Alert severity="warning">{t('analytics.forbiddenSpeach')}</Alert>;
    if (status === 404) return <Alert severity="info">{t('analytics.notFound')}</Alert>;
    return <ErrorState message={analytics.error.message || t('analytics.error')} onRetry={() => void analytics.refetch()} />;
  }
  const { speach, reads, chapters, quizResults } = analytics.data;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1">
            {t('analytics.speach.title', { title: speach.title })}
          </Typography>
          <Link component={RouterLink} to={`/s/${speach.id}`}>
            {t('analytics.speach.open')}
          </Link>
        </Box>
        <PeriodSelect value={period} onChange={(p) => setParams({ period: p }, { replace: true })} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Stat label={t('analytics.stat.readers')} value={number(speach.readers)} />
        <Stat
          label={t('analytics.stat.completion')}
          value={t('analytics.completionValue', { finished: number(speach.finished), percent: number(speach.completion / 100, { style: 'percent' }) })}
        />
        <Stat label={t('analytics.stat.reads')} value={number(speach.reads)} />
        <Stat label={t('analytics.stat.ratings')} value={number(speach.ratingCount)} />
        <Stat
          label={t('analytics.stat.score')}
          value={speach.ratingCount ? number(speach.note, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : '—'}
        />
      </Box>
      <Section title={t('analytics.readsOverTime')}>
        <ReadsChart points={reads} />
      </Section>
      <Section title={t('analytics.completion')}>
        {chapters.length === 0 ? (
          <Typography color="text.secondary">{t('analytics.noChapters')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('analytics.column.chapter')}</TableCell>
                  <TableCell align="right">{t('analytics.column.readers')}</TableCell>
                  <TableCell sx={{ width: '40%' }}>{t('analytics.column.completion')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {chapters.map((c) => (
                  <TableRow key={c.chapterId}>
                    <TableCell sx={{ pl: c.parentId ? 4 : 2 }}>{c.title}</TableCell>
                    <TableCell align="right">{c.readers}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <LinearProgress
                          variant="determinate"
                          value={c.percent}
                          sx={{ flexGrow: 1 }}
                          aria-label={t('analytics.completionOf', { title: c.title })}
                        />
                        <Typography variant="body2">{number(c.percent / 100, { style: 'percent' })}</Typography>
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
      <TrainingsSection speachId={speach.id} />
      <Section title={t('analytics.quizResults')}>
        {quizResults.length === 0 ? (
          <Typography color="text.secondary">{t('analytics.noQuizResults')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('analytics.column.learner')}</TableCell>
                  <TableCell>{t('analytics.column.quiz')}</TableCell>
                  <TableCell align="right">{t('analytics.column.score')}</TableCell>
                  <TableCell>{t('analytics.column.result')}</TableCell>
                  <TableCell align="right">{t('analytics.column.attempts')}</TableCell>
                  <TableCell>{t('analytics.column.date')}</TableCell>
                  <TableCell>
                    <span className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                      {t('analytics.column.actions')}
                    </span>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {quizResults.map((r) => (
                  <TableRow key={`${r.idAchatCour}|${r.quizzId}`}>
                    <TableCell>
                      <Link component={RouterLink} to={`/analytics/u/${r.user.id}`}>
                        {`${r.user.firstName} ${r.user.lastName}`.trim() || r.user.email}
                      </Link>
                    </TableCell>
                    <TableCell>{r.chapterTitle}</TableCell>
                    <TableCell align="right">{`${r.score}/${r.max} (${r.percent}%)`}</TableCell>
                    <TableCell>{r.passed ? t('analytics.passed') : t('analytics.failed')}</TableCell>
                    <TableCell align="right">{r.attempts}</TableCell>
                    <TableCell>{date(r.at)}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setToDelete(r)}
                        aria-label={t('analytics.quiz.deleteFor', { name: `${r.user.firstName} ${r.user.lastName}`, quiz: r.chapterTitle })}
                      >
                        {t('analytics.quiz.delete')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
      <Dialog open={!!toDelete} onClose={() => !deleting && setToDelete(null)} aria-labelledby="delete-results-title">
        <DialogTitle id="delete-results-title">{t('analytics.quiz.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {toDelete ? t('analytics.quiz.confirm', { name: `${toDelete.user.firstName} ${toDelete.user.lastName}`, quiz: toDelete.chapterTitle }) : ''}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)} disabled={deleting}>
            {t('analytics.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={remove} disabled={deleting}>
            {t('analytics.quiz.delete')}
          </Button>
        </DialogActions>
      </Dialog>
      {toast}
    </Box>
  );
}
