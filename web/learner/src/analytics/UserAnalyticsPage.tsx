import { Alert, Box, LinearProgress, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { ErrorState, Loading } from '@speach/web-shared';
import { useUserAnalytics } from './useAnalytics';
import { PeriodSelect, ReadsChart, Section, Stat } from './parts';
import { periodFrom } from './SpeachAnalyticsPage';

/** `/analytics/u/{id}`: what one learner read and scored, for that learner and admins. */
export function UserAnalyticsPage() {
  const { id = '' } = useParams();
  const { t, date } = useI18n();
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params.get('period'));
  const analytics = useUserAnalytics(id, period);

  if (analytics.isPending) return <Loading />;
  if (analytics.isError) {
    const status = analytics.error instanceof ApiError ? analytics.error.status : 0;
    if (status === 403) return <Alert severity="warning">{t('analytics.forbiddenUser')}</Alert>;
    if (status === 404) return <Alert severity="info">{t('analytics.notFound')}</Alert>;
    return <ErrorState message={analytics.error.message || t('analytics.error')} onRetry={() => void analytics.refetch()} />;
  }
  const { user, reads, speaches, quizResults } = analytics.data;
  const completed = speaches.filter((s) => s.percent === 100).length;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1">
            {t('analytics.user.title', { name: `${user.firstName} ${user.lastName}`.trim() || user.email })}
          </Typography>
          <Typography color="text.secondary">{user.email}</Typography>
        </Box>
        <PeriodSelect value={period} onChange={(p) => setParams({ period: p }, { replace: true })} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Stat label={t('analytics.stat.started')} value={speaches.length} />
        <Stat label={t('analytics.stat.completed')} value={completed} />
        <Stat label={t('analytics.stat.quizzes')} value={quizResults.length} />
      </Box>
      <Section title={t('analytics.readsOverTime')}>
        <ReadsChart points={reads} />
      </Section>
      <Section title={t('analytics.user.speaches')}>
        {speaches.length === 0 ? (
          <Typography color="text.secondary">{t('analytics.user.noSpeaches')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('analytics.column.speach')}</TableCell>
                  <TableCell align="right">{t('analytics.column.chapters')}</TableCell>
                  <TableCell sx={{ width: '35%' }}>{t('analytics.column.completion')}</TableCell>
                  <TableCell>{t('analytics.column.lastRead')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {speaches.map((s) => (
                  <TableRow key={s.speachId}>
                    <TableCell>
                      <Link component={RouterLink} to={`/s/${s.speachId}`}>
                        {s.title}
                      </Link>
                    </TableCell>
                    <TableCell align="right">{`${s.readChapters}/${s.totalChapters}`}</TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <LinearProgress
                          variant="determinate"
                          value={s.percent}
                          sx={{ flexGrow: 1 }}
                          aria-label={t('analytics.completionOf', { title: s.title })}
                        />
                        <Typography variant="body2">{s.percent}%</Typography>
                      </Box>
                    </TableCell>
                    <TableCell>{date(s.lastReadAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
      <Section title={t('analytics.quizResults')}>
        {quizResults.length === 0 ? (
          <Typography color="text.secondary">{t('analytics.noQuizResults')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('analytics.column.speach')}</TableCell>
                  <TableCell>{t('analytics.column.quiz')}</TableCell>
                  <TableCell align="right">{t('analytics.column.score')}</TableCell>
                  <TableCell>{t('analytics.column.result')}</TableCell>
                  <TableCell align="right">{t('analytics.column.attempts')}</TableCell>
                  <TableCell>{t('analytics.column.date')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {quizResults.map((r) => (
                  <TableRow key={`${r.speachId}|${r.quizzId}`}>
                    <TableCell>{r.speachTitle}</TableCell>
                    <TableCell>{r.chapterTitle}</TableCell>
                    <TableCell align="right">{`${r.score}/${r.max} (${r.percent}%)`}</TableCell>
                    <TableCell>{r.passed ? t('analytics.passed') : t('analytics.failed')}</TableCell>
                    <TableCell align="right">{r.attempts}</TableCell>
                    <TableCell>{date(r.at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
    </Box>
  );
}
