import { Alert, Box, Button, Chip, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState, Loading } from '@speach/web-shared';
import { useI18n } from '../i18n';
import { TRAININGS_PAGE_SIZE, type SpeachTrainings } from './analyticsApi';
import { useSpeachTrainings } from './useAnalytics';
import { Section } from './parts';

type Row = SpeachTrainings['rows'][number];

/**
 * Issue 23 item 4: which version each learner completed, pinned to what they read; a learner whose completion is on
 * an older version than the one readers get now owes a retraining and is listed first.
 */
export function TrainingsSection({ speachId }: { speachId: string }) {
  const { t, date, number } = useI18n();
  const [page, setPage] = useState(0);
  const trainings = useSpeachTrainings(speachId, page);
  const title = t('trainings.title');
  if (trainings.isPending)
    return (
      <Section title={title}>
        <Loading />
      </Section>
    );
  if (trainings.isError)
    return (
      <Section title={title}>
        <ErrorState message={trainings.error.message || t('analytics.error')} onRetry={() => void trainings.refetch()} />
      </Section>
    );
  const { rows, total, outdated, currentVersion } = trainings.data;
  const pages = Math.max(1, Math.ceil(total / TRAININGS_PAGE_SIZE));
  const name = (r: Row) => `${r.user.firstName} ${r.user.lastName}`.trim() || r.user.email;
  return (
    <Section title={title}>
      {currentVersion !== null && <Typography gutterBottom>{t('trainings.current', { version: number(currentVersion) })}</Typography>}
      {outdated > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('trainings.outdatedSummary', { count: outdated })}
        </Alert>
      )}
      {total === 0 ? (
        <Typography color="text.secondary">{t('trainings.none')}</Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('analytics.column.learner')}</TableCell>
                  <TableCell align="right">{t('trainings.column.version')}</TableCell>
                  <TableCell>{t('trainings.column.completedAt')}</TableCell>
                  <TableCell>{t('trainings.column.versionsRead')}</TableCell>
                  <TableCell>{t('trainings.column.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.user.id} data-testid={`training-${r.user.id}`}>
                    <TableCell>
                      <Link component={RouterLink} to={`/analytics/u/${r.user.id}`}>
                        {name(r)}
                      </Link>
                    </TableCell>
                    <TableCell align="right">{number(r.completedVersion)}</TableCell>
                    <TableCell>
                      {date(r.completedAt)}
                      {r.signed && ` · ${t('trainings.signed')}`}
                    </TableCell>
                    <TableCell>{r.versionsRead.map((v) => number(v)).join(', ')}</TableCell>
                    <TableCell>
                      {r.outdated ? (
                        <Chip
                          size="small"
                          // Dark text on the light warning shade: white on MUI's warning colour fails the contrast rule (axe).
                          sx={{ bgcolor: 'warning.light', color: 'text.primary' }}
                          label={
                            r.retrainingDue
                              ? t('trainings.status.retrainingDue', { date: date(r.retrainingDue) })
                              : t('trainings.status.outdated', { version: number(currentVersion ?? r.completedVersion) })
                          }
                        />
                      ) : (
                        <Chip size="small" color="success" variant="outlined" label={t('trainings.status.current')} />
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {pages > 1 && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
              <Button onClick={() => setPage(page - 1)} disabled={page === 0}>
                {t('trainings.previous')}
              </Button>
              <Typography variant="body2">{t('trainings.page', { page: number(page + 1), pages: number(pages) })}</Typography>
              <Button onClick={() => setPage(page + 1)} disabled={page + 1 >= pages}>
                {t('trainings.next')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Section>
  );
}
