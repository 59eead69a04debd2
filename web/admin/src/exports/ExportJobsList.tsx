import { Alert, Box, Button, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDate } from '@speach/web-shared/format';
import { type ExportJob, downloadFile, recentExports } from './api';

/** Spec §9: jobs are polled every 2 s. */
const POLL_MS = 2000;

/** The recent export jobs with their progress and a download button per file. */
export function ExportJobsList({ refreshKey }: { refreshKey: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [jobs, setJobs] = useState<ExportJob[] | null>(null);
  const [error, setError] = useState(false);

  const load = useCallback(() => {
    recentExports()
      .then((list) => {
        setJobs(list);
        setError(false);
      })
      .catch((caught: unknown) => {
        console.error(caught);
        setError(true);
      });
  }, []);

  useEffect(load, [load, refreshKey]);
  useEffect(() => {
    if (!jobs?.some((job) => job.status === 'RUNNING')) return;
    const timer = setTimeout(load, POLL_MS);
    return () => clearTimeout(timer);
  }, [jobs, load]);

  async function download(url: string, fileName: string) {
    try {
      await downloadFile(url, fileName);
    } catch (caught) {
      console.error(caught);
      notify('admin.exports.downloadFailed', { type: 'error' });
    }
  }

  if (error) return <Alert severity="error">{translate('admin.exports.error')}</Alert>;
  if (!jobs) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (jobs.length === 0) return <Typography color="text.secondary">{translate('admin.exports.noJobs')}</Typography>;
  return (
    <Table size="small" aria-label={translate('admin.exports.recent')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('admin.exports.requestedAt')}</TableCell>
          <TableCell>{translate('admin.exports.status')}</TableCell>
          <TableCell>{translate('admin.exports.files')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {jobs.map((job) => (
          <TableRow key={job.id}>
            <TableCell>
              {formatDate(locale ?? 'en', job.requestedAt)} {new Date(job.requestedAt).toLocaleTimeString(locale ?? 'en')}
            </TableCell>
            <TableCell sx={{ minWidth: 160 }}>
              {translate(`admin.exports.states.${job.status}`)}
              {job.status === 'RUNNING' && (
                <LinearProgress
                  variant="determinate"
                  value={job.progress.percent}
                  sx={{ mt: 0.5 }}
                  aria-label={translate('admin.exports.progress', { percent: job.progress.percent })}
                />
              )}
              {job.reason && (
                <Typography variant="caption" color="error" component="div">
                  {job.reason}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {job.status === 'DONE'
                  ? job.files.map((file) => (
                      <Button
                        key={file.templateName}
                        size="small"
                        variant="outlined"
                        sx={{ textTransform: 'none' }}
                        onClick={() => download(file.url, file.fileName)}
                      >
                        {translate('admin.exports.download', { name: file.fileName, rows: file.rows })}
                      </Button>
                    ))
                  : job.templateNames.join(', ')}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
