import { EmptyState, ErrorState, Loading } from '@speach/web-shared/feedback';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Divider,
  Grid,
  IconButton,
  Slider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '@speach/web-shared/format';
import { type StateAt, type TrailEntry, auditApi, errorMessage, showValue } from './api';
import { ChainStatusCard } from './ChainStatusCard';
import { WorkflowGraph } from './WorkflowGraph';
import { FailedSignatureText, type ShownSignature, SignatureText } from '../gxp/SignatureText';
import { VersionDiff } from './VersionDiff';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function Changes({ entry }: { entry: TrailEntry }) {
  const translate = useTranslate();
  if (!entry.changes.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('admin.audit.history.noChange')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {entry.changes.map((change) => (
        <li key={change.field}>
          <Typography variant="body2" component="span" sx={{ fontFamily: 'monospace' }}>
            {change.field}
          </Typography>
          {': '}
          <Typography
            variant="body2"
            component="span"
            sx={{ textDecoration: 'line-through', color: 'text.secondary' }}
            aria-label={translate('admin.audit.history.before')}
          >
            {showValue(change.before)}
          </Typography>
          {' → '}
          <Typography variant="body2" component="span" aria-label={translate('admin.audit.history.after')}>
            {showValue(change.after)}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** The signature an event carries (Part 11 §11.50), or the refused attempt it records. */
function EntrySignature({ entry }: { entry: TrailEntry }) {
  if (entry.type === 'SignatureApplied') return <SignatureText signature={{ ...(entry.data as unknown as ShownSignature), printedName: entry.printedName }} />;
  if (entry.type === 'SignatureFailed') return <FailedSignatureText name={entry.printedName || String(entry.data.signerId)} cause={String(entry.data.cause)} />;
  return null;
}

function Who({ entry }: { entry: TrailEntry }) {
  const translate = useTranslate();
  return <>{entry.userName ?? (entry.userId ? entry.userId : translate('admin.audit.history.system'))}</>;
}

/** The speach, its periodic review and its workflows as they stood at the chosen step. */
function StatePanel({ state }: { state: StateAt }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const speach = state.speach;
  const chapters = speach.order?.length ?? 0;
  const rows: [string, string][] = [
    [translate('admin.audit.replay.speachTitle'), speach.title ?? '—'],
    [
      translate('admin.audit.replay.publication'),
      speach.published
        ? translate('admin.audit.replay.publishedVersion', { version: speach.publishedVersion ?? 0 }) +
          (speach.scheduledFor ? ` (${formatDateTime(locale, speach.scheduledFor)})` : '')
        : translate('admin.audit.state.draft'),
    ],
    [translate('admin.audit.replay.archived'), translate(speach.archived ? 'ra.boolean.true' : 'ra.boolean.false')],
    [translate('admin.audit.replay.visibility'), speach.visibility ?? '—'],
    [translate('admin.audit.replay.chapters'), String(chapters)],
    [
      translate('admin.audit.replay.periodicReview'),
      state.periodicReview
        ? `${state.periodicReview.status}${state.periodicReview.nextReviewAt ? ` · ${formatDateTime(locale, state.periodicReview.nextReviewAt)}` : ''}`
        : translate('admin.audit.replay.none'),
    ],
  ];
  return (
    <Box data-testid="replay-state">
      <Table size="small" aria-label={translate('admin.audit.replay.stateTitle')}>
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '40%' }}>
                {label}
              </TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>
        {translate('admin.audit.replay.workflows')}
      </Typography>
      {state.workflows.length === 0 && <Typography color="text.secondary">{translate('admin.audit.replay.noWorkflow')}</Typography>}
      <Stack spacing={2} divider={<Divider flexItem />}>
        {state.workflows.map((wf) => (
          <WorkflowGraph key={wf.workflowId} workflow={wf.state} />
        ))}
      </Stack>
    </Box>
  );
}

function Replay({ speachId, trail, step, setStep }: { speachId: string; trail: TrailEntry[]; step: number; setStep: (step: number) => void }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const cache = useRef(new Map<number, StateAt>());
  const [state, setState] = useState<StateAt | null>(null);
  const [error, setError] = useState<string | null>(null);
  const entry = trail[step];

  useEffect(() => {
    if (!entry) return;
    const cached = cache.current.get(entry.position);
    if (cached) {
      setState(cached);
      return;
    }
    let stale = false;
    const timer = setTimeout(async () => {
      try {
        const answer = await auditApi.stateAt(speachId, entry.position);
        cache.current.set(entry.position, answer);
        if (!stale) {
          setState(answer);
          setError(null);
        }
      } catch (e) {
        if (!stale) setError(errorMessage(e));
      }
    }, 120);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [speachId, entry]);

  if (!entry) return null;
  const label = (index: number) =>
    translate('admin.audit.replay.stepText', {
      step: index + 1,
      total: trail.length,
      type: trail[index].type,
      date: formatDateTime(locale, trail[index].time),
    });
  const loading = !error && (!state || state.lastEvent.position !== entry.position);
  return (
    <Card component="section" aria-labelledby="replay-title" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="replay-title">
          {translate('admin.audit.replay.title')}
        </Typography>
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1, px: 1 }}>
          <IconButton onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0} aria-label={translate('admin.audit.replay.previous')}>
            <NavigateBeforeIcon />
          </IconButton>
          <Slider
            value={step}
            min={0}
            max={Math.max(0, trail.length - 1)}
            step={1}
            marks={trail.length <= 60}
            onChange={(_, value) => setStep(value as number)}
            getAriaValueText={label}
            slotProps={{ input: { 'aria-label': translate('admin.audit.replay.slider'), 'aria-valuetext': label(step) } }}
            data-testid="replay-slider"
          />
          <IconButton
            onClick={() => setStep(Math.min(trail.length - 1, step + 1))}
            disabled={step >= trail.length - 1}
            aria-label={translate('admin.audit.replay.next')}
          >
            <NavigateNextIcon />
          </IconButton>
        </Stack>
        <Typography variant="body2" aria-live="polite" data-testid="replay-step" sx={{ mb: 2 }}>
          {label(step)}
        </Typography>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography variant="subtitle1" component="h3">
              {translate('admin.audit.replay.event')}
            </Typography>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ my: 1 }}>
              <Chip size="small" label={entry.type} sx={{ fontFamily: 'monospace' }} />
              <Typography variant="body2">
                <Who entry={entry} /> · {formatDateTime(locale, entry.time)}
              </Typography>
            </Stack>
            <Changes entry={entry} />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack direction="row" spacing={1} alignItems="center">
              <Typography variant="subtitle1" component="h3">
                {translate('admin.audit.replay.stateTitle')}
              </Typography>
              {loading && <CircularProgress size={16} aria-label={translate('ra.page.loading')} />}
            </Stack>
            {error && (
              <Alert severity="error">
                {translate('admin.audit.loadFailed')} {error}
              </Alert>
            )}
            {state && <StatePanel state={state} />}
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}

function History({ trail, step, setStep }: { trail: TrailEntry[]; step: number; setStep: (step: number) => void }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return (
    <Card component="section" aria-labelledby="history-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="history-title" sx={{ mb: 1 }}>
          {translate('admin.audit.history.title', { smart_count: trail.length })}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="history-title" data-testid="history-table">
            <TableHead>
              <TableRow>
                <TableCell>{translate('admin.audit.history.position')}</TableCell>
                <TableCell>{translate('admin.audit.history.when')}</TableCell>
                <TableCell>{translate('admin.audit.history.who')}</TableCell>
                <TableCell>{translate('admin.audit.history.what')}</TableCell>
                <TableCell>{translate('admin.audit.history.changes')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('admin.audit.history.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {trail.map((entry, index) => (
                <TableRow key={entry.position} selected={index === step} aria-current={index === step ? 'step' : undefined}>
                  <TableCell>{entry.position}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(locale, entry.time)}</TableCell>
                  <TableCell>
                    <Who entry={entry} />
                  </TableCell>
                  <TableCell>
                    <Chip size="small" variant="outlined" label={entry.type} sx={{ fontFamily: 'monospace' }} />
                  </TableCell>
                  <TableCell sx={{ maxWidth: 520, wordBreak: 'break-word' }}>
                    <EntrySignature entry={entry} />
                    <Changes entry={entry} />
                  </TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setStep(index)} aria-label={translate('admin.audit.history.replayTo', { position: entry.position })}>
                      {translate('admin.audit.history.replay')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The versions the trail published, oldest first. */
function publishedVersions(trail: TrailEntry[]): number[] {
  const versions = trail.filter((e) => e.type === 'SpeachPublished').map((e) => Number(e.data.version));
  return [...new Set(versions)].filter((v) => v > 0).sort((a, b) => a - b);
}

/** A speach's audit: replay with the workflow graph, the ordered history, exports and the chain status. */
export function SpeachAudit() {
  const translate = useTranslate();
  const notify = useNotify();
  const { id = '' } = useParams<{ id: string }>();
  const [title, setTitle] = useState<string | null>(null);
  const [trail, setTrail] = useState<TrailEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [downloading, setDownloading] = useState<'csv' | 'json' | 'pdf' | null>(null);

  useEffect(() => {
    let stale = false;
    setTrail(null);
    setError(null);
    Promise.all([auditApi.summary(id), auditApi.trail(id)]).then(
      ([summary, entries]) => {
        if (stale) return;
        setTitle(summary.title);
        setTrail(entries);
        setStep(Math.max(0, entries.length - 1));
      },
      (e) => !stale && setError(errorMessage(e)),
    );
    return () => {
      stale = true;
    };
  }, [id]);

  const download = async (format: 'csv' | 'json' | 'pdf') => {
    setDownloading(format);
    try {
      await auditApi.download(id, format);
    } catch (e) {
      notify(`${translate('admin.audit.exportFailed')} ${errorMessage(e)}`, { type: 'error' });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('admin.audit.speachTitle', { title: title ?? '' })} />
      <Button component={Link} to="/audit" startIcon={<ArrowBackIcon />} size="small">
        {translate('admin.audit.back')}
      </Button>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }} sx={{ my: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
          {translate('admin.audit.speachTitle', { title: title ?? '…' })}
        </Typography>
        <Stack direction="row" spacing={1} aria-label={translate('admin.audit.exports')} role="group">
          <Button
            variant="outlined"
            size="small"
            startIcon={downloading === 'csv' ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
            disabled={!trail || downloading !== null}
            onClick={() => download('csv')}
          >
            {translate('admin.audit.exportCsv')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={downloading === 'json' ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
            disabled={!trail || downloading !== null}
            onClick={() => download('json')}
          >
            {translate('admin.audit.exportJson')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            startIcon={downloading === 'pdf' ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon />}
            disabled={!trail || downloading !== null}
            onClick={() => download('pdf')}
          >
            {translate('admin.audit.exportPdf')}
          </Button>
        </Stack>
      </Stack>
      <Box sx={{ mb: 2 }}>
        <ChainStatusCard />
      </Box>
      {error && <ErrorState message={`${translate('admin.audit.loadFailed')} ${error}`} />}
      {!trail && !error && <Loading />}
      {trail && trail.length === 0 && <EmptyState message={translate('admin.audit.history.empty')} />}
      {trail && trail.length > 0 && (
        <>
          <Replay speachId={id} trail={trail} step={step} setStep={setStep} />
          {publishedVersions(trail).length > 0 && <VersionDiff key={id} speachId={id} versions={publishedVersions(trail)} />}
          <History trail={trail} step={step} setStep={setStep} />
        </>
      )}
    </Box>
  );
}
