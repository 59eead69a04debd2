import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Card, CardContent, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { HttpError, Title, useTranslate } from 'react-admin';
import type {
  LearnerRef,
  PathQualificationRow,
  PathQualificationView,
  SpeachQualificationRow,
  SpeachQualificationView,
  UserQualificationView,
} from '@speach/web-shared/api';
import { apiCall } from '../providers/httpClient';
import { SignatureText } from './SignatureText';

/** A row of any of the three answers, as the table reads it: speach rows carry a version and a status, path rows validity. */
type Row = LearnerRef &
  Pick<SpeachQualificationRow, 'title' | 'completedAt'> &
  Partial<Pick<SpeachQualificationRow, 'speachId' | 'version' | 'status' | 'signature'> & Pick<PathQualificationRow, 'pathId' | 'valid'>>;
/** The rows of whichever answer was asked for: by speach or path, or by user. */
type Answer = Partial<Pick<SpeachQualificationView | PathQualificationView, 'qualified' | 'notQualified'> & Pick<UserQualificationView, 'speaches' | 'paths'>>;

type Kind = 'speach' | 'path' | 'user';

function url(kind: Kind, id: string, day: string, format?: 'csv' | 'pdf'): string {
  const query = new URLSearchParams({ at: day });
  if (format) query.set('format', format);
  if (kind === 'user') return `/api/v2/gxp/qualification/user/${encodeURIComponent(id)}?${query}`;
  query.set(kind === 'speach' ? 'speachId' : 'pathId', id);
  return `/api/v2/gxp/qualification?${query}`;
}

/** Issue 23 item 5: who was qualified on a speach or path at a date, and what a user was qualified on. */
export function QualificationPage() {
  const translate = useTranslate();
  const [kind, setKind] = useState<Kind>('speach');
  const [id, setId] = useState('');
  const [day, setDay] = useState(new Date().toISOString().slice(0, 10));
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  // dateStyle/timeStyle may not be combined with timeZoneName (a TypeError): the fields are spelled out.
  const dates = new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      setAnswer(await apiCall<Answer>(url(kind, id.trim(), day)));
    } catch (e) {
      setAnswer(null);
      setError(e instanceof HttpError ? ((e.body as { message?: string } | undefined)?.message ?? e.message) : String(e));
    }
  };

  const rows: Row[] = answer ? [...(answer.qualified ?? []), ...(answer.notQualified ?? []), ...(answer.speaches ?? []), ...(answer.paths ?? [])] : [];
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('admin.gxp.title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('admin.gxp.title')}
      </Typography>
      <Card>
        <CardContent>
          <Stack component="form" direction={{ xs: 'column', md: 'row' }} spacing={2} onSubmit={submit} alignItems={{ md: 'center' }}>
            <TextField
              select
              label={translate('admin.gxp.kind')}
              value={kind}
              onChange={(e) => setKind(e.target.value as Kind)}
              size="small"
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="speach">{translate('admin.gxp.bySpeach')}</MenuItem>
              <MenuItem value="path">{translate('admin.gxp.byPath')}</MenuItem>
              <MenuItem value="user">{translate('admin.gxp.byUser')}</MenuItem>
            </TextField>
            <TextField label={translate('admin.gxp.id')} value={id} onChange={(e) => setId(e.target.value)} size="small" required sx={{ minWidth: 320 }} />
            <TextField
              label={translate('admin.gxp.date')}
              type="date"
              value={day}
              onChange={(e) => setDay(e.target.value)}
              size="small"
              required
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button type="submit" variant="contained">
              {translate('admin.gxp.search')}
            </Button>
            {answer && (
              <>
                <Button href={url(kind, id.trim(), day, 'csv')} startIcon={<DownloadIcon />} variant="outlined" size="small">
                  CSV
                </Button>
                <Button href={url(kind, id.trim(), day, 'pdf')} startIcon={<DownloadIcon />} variant="outlined" size="small">
                  PDF
                </Button>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {answer && (
        <Table size="small" sx={{ mt: 2 }} aria-label={translate('admin.gxp.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('admin.gxp.learner')}</TableCell>
              <TableCell>{translate('admin.gxp.training')}</TableCell>
              <TableCell>{translate('admin.gxp.version')}</TableCell>
              <TableCell>{translate('admin.gxp.completedAt')}</TableCell>
              <TableCell>{translate('admin.gxp.status')}</TableCell>
              <TableCell>{translate('admin.gxp.signatureColumn')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{translate('admin.gxp.none')}</TableCell>
              </TableRow>
            )}
            {rows.map((r) => (
              <TableRow key={`${r.userId}:${r.speachId ?? r.pathId}`}>
                <TableCell>
                  {r.name || r.userId}{' '}
                  {r.email && (
                    <Typography variant="caption" component="span">
                      ({r.email})
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{r.title}</TableCell>
                <TableCell>{r.version ?? '—'}</TableCell>
                <TableCell>{dates.format(new Date(r.completedAt))}</TableCell>
                <TableCell>{translate(`admin.gxp.statuses.${r.status ?? (r.valid ? 'QUALIFIED' : 'LAPSED')}`)}</TableCell>
                <TableCell>{r.signature ? <SignatureText signature={{ ...r.signature, meaning: 'trained', version: r.version ?? 0 }} /> : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
