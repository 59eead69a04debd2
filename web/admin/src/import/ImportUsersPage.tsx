import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ChangeEvent, useEffect, useState } from 'react';
import { HttpError, Title, useNotify, useTranslate } from 'react-admin';
import type { ImportJob, ImportPreview } from '@speach/web-shared/api';
import { apiCall } from '../providers/httpClient';

type Preview = ImportPreview;
type Job = Omit<ImportJob, 'startedAt' | 'finishedAt'>;

function message(error: unknown): string {
  if (error instanceof HttpError) {
    const body = error.body as { message?: string; errors?: { field: string; reason: string }[] } | undefined;
    return [body?.message ?? error.message, ...(body?.errors ?? []).slice(0, 10).map((e) => `${e.field}: ${e.reason}`)].join('\n');
  }
  return error instanceof Error ? error.message : String(error);
}

/** /administration/importUser: choose a CSV, see every row with its errors, then import with a progress bar. */
export function ImportUsersPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [onlyValid, setOnlyValid] = useState(false);
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setJob(null);
    setError(null);
    const text = await file.text();
    setCsv(text);
    try {
      setPreview(await apiCall<Preview>('/api/v2/admin/users/import/preview', { method: 'POST', body: { csv: text } }));
    } catch (caught) {
      setPreview(null);
      setError(message(caught));
    }
  }

  async function start() {
    if (!csv) return;
    try {
      setJob(await apiCall<Job>('/api/v2/admin/users/import', { method: 'POST', body: { csv, onlyValid } }));
    } catch (caught) {
      notify(message(caught), { type: 'error', multiLine: true });
    }
  }

  useEffect(() => {
    if (!job || job.state === 'done') return;
    const timer = setTimeout(async () => {
      try {
        setJob(await apiCall<Job>(`/api/v2/admin/users/import/${job.jobId}`));
      } catch (caught) {
        setError(message(caught));
      }
    }, 500);
    return () => clearTimeout(timer);
  }, [job]);

  const canImport = !!preview && preview.valid > 0 && (preview.invalid === 0 || onlyValid) && (!job || job.state === 'done');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="admin.import.title" />
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate('admin.import.title')}
        </Typography>
        <Typography gutterBottom>{translate('admin.import.help')}</Typography>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ my: 2 }}>
          <Button variant="outlined" component="label">
            {translate('admin.import.choose')}
            <input type="file" accept=".csv,text/csv" hidden onChange={choose} aria-label={translate('admin.import.choose')} />
          </Button>
          <Typography>{fileName}</Typography>
        </Stack>
        {error && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line', mb: 2 }}>
            {error}
          </Alert>
        )}
        {!preview && !error && <Typography color="text.secondary">{translate('admin.import.empty')}</Typography>}
        {preview && (
          <>
            <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
              <Alert severity="success">{translate('admin.import.valid', { count: preview.valid })}</Alert>
              {preview.invalid > 0 && <Alert severity="warning">{translate('admin.import.invalid', { count: preview.invalid })}</Alert>}
            </Stack>
            <Box sx={{ maxHeight: 360, overflow: 'auto', mb: 2 }} tabIndex={0} role="region" aria-label={translate('admin.import.title')}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('admin.import.line')}</TableCell>
                    <TableCell>{translate('resources.users.fields.firstName')}</TableCell>
                    <TableCell>{translate('resources.users.fields.lastName')}</TableCell>
                    <TableCell>{translate('resources.users.fields.email')}</TableCell>
                    <TableCell>{translate('resources.users.fields.roles')}</TableCell>
                    <TableCell>{translate('resources.users.fields.groups')}</TableCell>
                    <TableCell>{translate('admin.import.errors')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map((row) => (
                    <TableRow key={row.line} sx={row.errors.length ? { bgcolor: 'rgba(211, 47, 47, 0.08)' } : undefined}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell>{row.firstName}</TableCell>
                      <TableCell>{row.lastName}</TableCell>
                      <TableCell>{row.email}</TableCell>
                      <TableCell>{row.roles.map((r) => translate(`roles.${r}`)).join(', ')}</TableCell>
                      <TableCell>{row.groupNames.join(', ')}</TableCell>
                      <TableCell>{row.errors.map((e) => `${e.field}: ${e.reason}`).join('; ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {preview.invalid > 0 && (
              <FormControlLabel
                control={<Checkbox checked={onlyValid} onChange={(e) => setOnlyValid(e.target.checked)} />}
                label={translate('admin.import.importValid')}
              />
            )}
            <Box>
              <Button variant="contained" onClick={start} disabled={!canImport}>
                {translate('admin.import.importAll')}
              </Button>
            </Box>
          </>
        )}
        {job && (
          <Box sx={{ mt: 2 }} aria-live="polite">
            <LinearProgress
              variant="determinate"
              value={job.total ? (job.done / job.total) * 100 : 100}
              aria-label={translate('admin.import.progress', { done: job.done, total: job.total })}
            />
            <Typography sx={{ mt: 1 }}>
              {job.state === 'done'
                ? translate('admin.import.done', { imported: job.imported, failed: job.failed.length })
                : translate('admin.import.progress', { done: job.done, total: job.total })}
            </Typography>
            {job.failed.map((f) => (
              <Typography key={f.line} color="error" variant="body2">
                {translate('admin.import.line')} {f.line} ({f.email}): {f.reason}
              </Typography>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
