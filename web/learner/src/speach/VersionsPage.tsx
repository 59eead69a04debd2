import {
  Alert,
  Box,
  Button,
  Chip,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { ContentDiffView } from '../workflow/ContentDiffView';
import { EmptyState, ErrorState, Loading } from '@speach/web-shared';
import { errorMessage } from './speachApi';
import type { Version } from './types';
import { useSpeachCard, useSpeachVersions } from './useSpeach';
import { VersionVideoButton } from './VersionVideoButton';

/** /list-versions/{speachID}: the published versions, newest first. */
export function VersionsPage() {
  const { speachID = '' } = useParams();
  const { t, date } = useI18n();
  const versionsQuery = useSpeachVersions(speachID);
  const versions = versionsQuery.data ?? null;
  const error = versionsQuery.error;
  // The title is a caption only: without it the versions still show.
  const card = useSpeachCard(speachID).data ?? null;

  const when = (value: string | null) => (value ? `${date(value)} ${new Date(value).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}` : '—');

  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1">
          {t('route.versions')}
        </Typography>
        {card && <Typography color="text.secondary">{card.title}</Typography>}
      </Box>
      <Box>
        <Button component={RouterLink} to={`/recorder/edit/${speachID}`}>
          {t('speach.versions.backToEditor')}
        </Button>
      </Box>
      {error ? (
        <ErrorState
          message={error instanceof ApiError && error.status === 404 ? t('speach.notFound') : errorMessage(error)}
          onRetry={() => void versionsQuery.refetch()}
        />
      ) : !versions ? (
        <Loading />
      ) : versions.length === 0 ? (
        <EmptyState message={t('speach.versions.none')} />
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label={t('route.versions')}>
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('speach.versions.version')}</TableCell>
                <TableCell scope="col">{t('speach.versions.publishedAt')}</TableCell>
                <TableCell scope="col">{t('speach.versions.publishedBy')}</TableCell>
                <TableCell scope="col">{t('speach.versions.scheduledFor')}</TableCell>
                <TableCell scope="col">{t('speach.versions.status')}</TableCell>
                <TableCell scope="col">{t('versionVideo.download')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {versions.map((v) => (
                <TableRow key={v.version} selected={v.live}>
                  <TableCell component="th" scope="row">
                    {t('speach.versions.versionN', { n: v.version })}
                  </TableCell>
                  <TableCell>{when(v.publishedAt)}</TableCell>
                  <TableCell>{v.publishedBy ? `${v.publishedBy.firstName} ${v.publishedBy.lastName}` : '—'}</TableCell>
                  <TableCell>{when(v.scheduledFor)}</TableCell>
                  <TableCell>
                    {v.live ? (
                      <Chip color="success" size="small" label={t('speach.versions.live')} />
                    ) : v.scheduledFor && new Date(v.scheduledFor).getTime() > Date.now() ? (
                      <Chip color="primary" size="small" variant="outlined" label={t('speach.versions.scheduled')} />
                    ) : (
                      <Chip size="small" variant="outlined" label={t('speach.versions.past')} />
                    )}
                  </TableCell>
                  <TableCell>
                    <VersionVideoButton logId={v.logId} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {versions && versions.length > 1 && <CompareVersions speachId={speachID} versions={versions} />}
    </Stack>
  );
}

/** Issue 23 item 3: pick two published versions and see what changed between them, chapter by chapter. */
function CompareVersions({ speachId, versions }: { speachId: string; versions: Version[] }) {
  const { t } = useI18n();
  const numbers = versions.map((v) => v.version).sort((a, b) => a - b);
  const [from, setFrom] = useState(numbers[numbers.length - 2]);
  const [to, setTo] = useState(numbers[numbers.length - 1]);
  const [shown, setShown] = useState<{ from: number; to: number } | null>(null);
  const choices = numbers.map((n) => (
    <MenuItem key={n} value={n}>
      {t('gxp.versions.option', { version: n })}
    </MenuItem>
  ));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="compare-title">
      <Stack spacing={2}>
        <Typography id="compare-title" variant="h6" component="h2">
          {t('gxp.versions.compare')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
          <TextField select label={t('gxp.versions.from')} value={from} onChange={(e) => setFrom(Number(e.target.value))} sx={{ minWidth: 180 }}>
            {choices}
          </TextField>
          <TextField select label={t('gxp.versions.to')} value={to} onChange={(e) => setTo(Number(e.target.value))} sx={{ minWidth: 180 }}>
            {choices}
          </TextField>
          <Button variant="contained" disabled={from === to} onClick={() => setShown({ from, to })}>
            {t('gxp.versions.show')}
          </Button>
        </Stack>
        {from === to && <Alert severity="info">{t('gxp.versions.sameVersion')}</Alert>}
        {shown && (
          <ContentDiffView
            key={`${shown.from}-${shown.to}`}
            speachId={speachId}
            from={shown.from}
            to={shown.to}
            heading={t('gxp.versions.diffTitle', { from: shown.from, to: shown.to })}
          />
        )}
      </Stack>
    </Paper>
  );
}
