import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { type MessageKey, useI18n } from '../i18n';
import { ErrorState, Loading } from '@speach/web-shared';
import { uploadChapterFile } from '../speach/speachApi';
import { AudioTrackWaitDialog, useAudioTrack } from './AudioTrackWait';
import { CutHistory } from './CutHistory';
import { EditorTranscript } from './EditorTranscript';
import type { VideoSyncTarget } from '@speach/web-shared/api';
import { type VideoEditorView, clock, mediaApi } from './mediaApi';
import { VoiceOverStudio } from './VoiceOverStudio';
import { JOB_POLL_MS, findChapter, mediaKeys, useMediaJob, useVideoEdit, useVideoEditor } from './useMedia';

/** Spec §4: after a failed save the error shows, then the page reloads. */
export const SAVE_FAILURE_RELOAD_MS = 4000;
export { JOB_POLL_MS };
const MODES = ['cut', 'annotations', 'interactions', 'voiceOver', 'transcript', 'download', 'sync'] as const;
type Mode = (typeof MODES)[number];

/** The duration the browser measures for a file (the editor registers it with the video, spec §7 weet). */
function measure(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = document.createElement('video');
    probe.preload = 'metadata';
    probe.onloadedmetadata = () => resolve(probe.duration);
    probe.onerror = () => reject(new Error('unreadable video'));
    probe.src = url;
  });
}

const seconds = (value: string) => Math.max(0, Number(value.replace(',', '.')) || 0);

/** The built-in video editor (spec §2 "video editor/player wrapper"): edit mode without a video, player mode with one. */
export function VideoEditorPage() {
  const { chapterId = '' } = useParams();
  const { t } = useI18n();
  const { me } = useAuth();
  const client = useQueryClient();
  const editor = useVideoEditor(chapterId);
  const view = editor.data?.view ?? null;
  const fileUrl = editor.data?.fileUrl ?? null;
  const blobId = editor.data?.blobId ?? null;
  const videoEdit = useVideoEdit(chapterId);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('cut');
  const [studioOpen, setStudioOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [silent, setSilent] = useState(false);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const track = useAudioTrack(chapterId, null);
  const [mixing, setMixing] = useState<string | null>(null);
  const mixJob = useMediaJob(mixing);
  const reread = useCallback(() => client.invalidateQueries({ queryKey: mediaKeys.editor(chapterId) }), [client, chapterId]);

  // Spec §4: once the voice-over's job is done the chapter (now the mixed video) is read again.
  const mixState = mixJob.isError ? 'error' : mixJob.data;
  const { load: loadTrack } = track;
  useEffect(() => {
    if (!mixing || !mixState || mixState === 'pending') return;
    setMixing(null);
    if (mixState === 'error') setSaveError(mixJob.error instanceof Error ? mixJob.error.message : String(mixJob.error));
    else if (mixState === 'failed') setSaveError(t('videoEditor.voiceOver.failed'));
    else void reread().then(() => loadTrack());
  }, [mixing, mixState, mixJob.error, reread, loadTrack, t]);

  /** Every edit goes through here: a refusal is shown, then the page reloads on the server's state (spec §4). */
  const save = async (action: () => Promise<VideoEditorView>) => {
    setSaveError(null);
    try {
      await videoEdit.mutateAsync(action);
      return true;
    } catch (e) {
      setSaveError(e instanceof Error ? e.message : String(e));
      window.setTimeout(() => window.location.reload(), SAVE_FAILURE_RELOAD_MS);
      return false;
    }
  };

  /** The chapter's uploaded file becomes the editor's video (weet) with its measured duration, once. */
  const registered = async (): Promise<boolean> => {
    if (view?.duration || !blobId || !fileUrl) return true;
    const duration = await measure(fileUrl);
    return save(() => mediaApi.registerVideo(chapterId, blobId, duration, silent));
  };
  const edit = async (action: () => Promise<VideoEditorView>) => (await registered()) && save(action);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !view) return;
    setProgress(0);
    try {
      const draft = await uploadChapterFile(view.speachId, chapterId, 'VIDEO_UPLOAD', file, setProgress).promise;
      const uploaded = findChapter(draft.chapters ?? [], chapterId)?.content?.file;
      if (!uploaded) throw new Error(t('videoEditor.upload.failed'));
      const duration = await measure(uploaded.url);
      await save(() => mediaApi.registerVideo(chapterId, uploaded.blobId, duration, silent));
      await reread();
    } catch (e) {
      setSaveError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
    }
  };

  if (editor.isError)
    return <ErrorState message={editor.error instanceof Error ? editor.error.message : String(editor.error)} onRetry={() => void editor.refetch()} />;
  if (!view) return <Loading />;
  const now = () => Math.round((videoRef.current?.currentTime ?? 0) * 10) / 10;

  return (
    <Stack spacing={2} component="main" aria-labelledby="video-editor-title">
      <Typography id="video-editor-title" variant="h4" component="h1">
        {t('videoEditor.title', { title: view.title })}
      </Typography>
      <Box>
        <Link component={RouterLink} to={`/recorder/edit/${view.speachId}`}>
          {t('videoEditor.back')}
        </Link>
      </Box>
      {saveError && (
        <Alert severity="error" role="alert">
          {saveError} {t('videoEditor.reloading')}
        </Alert>
      )}

      {!view.hasVideo ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="video-editor-edit-mode">
          <Stack spacing={2}>
            <Typography component="h2" variant="h6">
              {t('videoEditor.editMode')}
            </Typography>
            <Typography>{t('videoEditor.noVideo')}</Typography>
            <FormControlLabel control={<Checkbox checked={silent} onChange={(e) => setSilent(e.target.checked)} />} label={t('videoEditor.silent')} />
            <Box>
              <Button component="label" variant="contained" disabled={progress !== null}>
                {t('videoEditor.upload')}
                <input type="file" hidden accept="video/*" onChange={upload} data-testid="video-editor-file" />
              </Button>
            </Box>
            {progress !== null && <Typography aria-live="polite">{t('videoEditor.uploading', { percent: progress })}</Typography>}
          </Stack>
        </Paper>
      ) : (
        <Stack spacing={2} data-testid="video-editor-player-mode">
          {fileUrl && (
            <video
              ref={videoRef}
              controls
              src={fileUrl}
              aria-label={view.title}
              style={{ width: '100%', maxHeight: '60vh', background: '#000' }}
              preload="metadata"
              data-testid="video-editor-video"
            />
          )}
          {mixing && (
            <Alert severity="info" role="status" data-testid="voice-over-mixing">
              {t('videoEditor.voiceOver.mixing')}
            </Alert>
          )}
          {track.source && (
            <Stack spacing={0.5}>
              <Typography id="video-editor-audio-track">{t('videoEditor.audioTrack')}</Typography>
              <audio controls src={track.source} aria-labelledby="video-editor-audio-track" data-testid="video-editor-audio-track" style={{ width: '100%' }} />
            </Stack>
          )}
          {track.error && <Alert severity="error">{track.error}</Alert>}
          <Typography variant="body2" color="text.secondary">
            {view.duration ? t('videoEditor.duration', { time: clock(view.duration) }) : ''}
            {view.synchronisedWith ? ` · ${t(view.synchronisedWith === 'SLIDES' ? 'videoEditor.sync.doneSlides' : 'videoEditor.sync.doneAudio')}` : ''}
          </Typography>
          <Tabs value={mode} onChange={(_e, m: Mode) => setMode(m)} variant="scrollable" aria-label={t('videoEditor.modes')}>
            {MODES.map((m) => (
              <Tab key={m} value={m} label={t(`videoEditor.mode.${m}` as MessageKey)} id={`video-editor-tab-${m}`} aria-controls="video-editor-panel" />
            ))}
          </Tabs>
          <Box role="tabpanel" id="video-editor-panel" aria-labelledby={`video-editor-tab-${mode}`}>
            {mode === 'cut' && <CutPanel view={view} disabled={!!view.synchronisedWith} onCut={(keep) => edit(() => mediaApi.cut(chapterId, keep))} />}
            {mode === 'annotations' && (
              <AnnotationsPanel
                view={view}
                now={now}
                onAdd={(at, text) => edit(() => mediaApi.annotate(chapterId, at, text))}
                onRemove={(id) => save(() => mediaApi.removeAnnotation(chapterId, id))}
              />
            )}
            {mode === 'interactions' && (
              <QuestionsPanel
                view={view}
                now={now}
                onAdd={(body) => edit(() => mediaApi.addQuestion(chapterId, body))}
                onRemove={(id) => save(() => mediaApi.removeQuestion(chapterId, id))}
              />
            )}
            {mode === 'voiceOver' && (
              <Stack spacing={1} alignItems="flex-start">
                <Typography>{t('videoEditor.voiceOver.intro')}</Typography>
                <Button variant="contained" onClick={() => setStudioOpen(true)}>
                  {t('videoEditor.voiceOver.open')}
                </Button>
              </Stack>
            )}
            {mode === 'transcript' && <EditorTranscript chapterId={chapterId} video={videoRef} />}
            {mode === 'download' && (
              <Button variant="outlined" component="a" href={fileUrl ?? '#'} download>
                {t('videoEditor.download')}
              </Button>
            )}
            {mode === 'sync' && <SyncPanel view={view} onSync={(target) => edit(() => mediaApi.synchronise(chapterId, target))} />}
          </Box>
        </Stack>
      )}

      <VoiceOverStudio
        open={studioOpen}
        chapterId={chapterId}
        videoUrl={fileUrl}
        generationEnabled={!!me?.isAiEditor}
        onClose={() => setStudioOpen(false)}
        onSaved={(jobID) => (jobID ? setMixing(jobID) : void reread().then(() => track.load()))}
      />
      <AudioTrackWaitDialog open={track.waiting} onCancel={track.cancel} />
    </Stack>
  );
}

function CutPanel({
  view,
  disabled,
  onCut,
}: {
  view: VideoEditorView;
  disabled: boolean;
  onCut: (keep: { start: number; end: number }[]) => Promise<boolean>;
}) {
  const { t } = useI18n();
  const [ranges, setRanges] = useState([{ start: '0', end: view.duration ? String(view.duration) : '' }]);
  const change = (i: number, field: 'start' | 'end', value: string) => setRanges((rs) => rs.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  return (
    <Stack spacing={2}>
      <Typography>{t('videoEditor.cut.intro')}</Typography>
      {disabled && <Alert severity="info">{t('videoEditor.cut.synchronised')}</Alert>}
      {ranges.map((r, i) => (
        <Stack key={i} direction="row" spacing={2}>
          <TextField
            label={t('videoEditor.cut.start', { n: i + 1 })}
            value={r.start}
            onChange={(e) => change(i, 'start', e.target.value)}
            inputMode="decimal"
            size="small"
          />
          <TextField
            label={t('videoEditor.cut.end', { n: i + 1 })}
            value={r.end}
            onChange={(e) => change(i, 'end', e.target.value)}
            inputMode="decimal"
            size="small"
          />
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button onClick={() => setRanges((rs) => [...rs, { start: '', end: '' }])} disabled={disabled}>
          {t('videoEditor.cut.addRange')}
        </Button>
        <Button variant="contained" disabled={disabled} onClick={() => void onCut(ranges.map((r) => ({ start: seconds(r.start), end: seconds(r.end) })))}>
          {t('videoEditor.cut.apply')}
        </Button>
      </Stack>
      <CutHistory cuts={view.cuts} />
    </Stack>
  );
}

function AnnotationsPanel({
  view,
  now,
  onAdd,
  onRemove,
}: {
  view: VideoEditorView;
  now: () => number;
  onAdd: (at: number, text: string) => Promise<boolean>;
  onRemove: (id: string) => Promise<boolean>;
}) {
  const { t } = useI18n();
  const [at, setAt] = useState('0');
  const [text, setText] = useState('');
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
        <TextField label={t('videoEditor.at')} value={at} onChange={(e) => setAt(e.target.value)} size="small" sx={{ width: 140 }} />
        <Button onClick={() => setAt(String(now()))}>{t('videoEditor.useCurrentTime')}</Button>
        <TextField
          label={t('videoEditor.annotation.text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          size="small"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Button variant="contained" disabled={!text.trim()} onClick={() => void onAdd(seconds(at), text).then((ok) => ok && setText(''))}>
          {t('videoEditor.add')}
        </Button>
      </Stack>
      <List dense aria-label={t('videoEditor.mode.annotations')}>
        {view.annotations.map((a) => (
          <ListItem
            key={a.annotationId}
            secondaryAction={
              <IconButton edge="end" aria-label={t('videoEditor.remove')} onClick={() => void onRemove(a.annotationId)}>
                <Delete />
              </IconButton>
            }
          >
            <ListItemText primary={a.text} secondary={clock(a.at)} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

function QuestionsPanel({
  view,
  now,
  onAdd,
  onRemove,
}: {
  view: VideoEditorView;
  now: () => number;
  onAdd: (body: { at: number; question: string; multiple: boolean; options: { text: string; correct: boolean }[] }) => Promise<boolean>;
  onRemove: (id: string) => Promise<boolean>;
}) {
  const { t } = useI18n();
  const blank = () => [
    { text: '', correct: true },
    { text: '', correct: false },
  ];
  const [at, setAt] = useState('0');
  const [question, setQuestion] = useState('');
  const [multiple, setMultiple] = useState(false);
  const [options, setOptions] = useState(blank);
  const setOption = (i: number, change: Partial<{ text: string; correct: boolean }>) =>
    setOptions((os) => os.map((o, j) => (j === i ? { ...o, ...change } : change.correct && !multiple ? { ...o, correct: false } : o)));
  return (
    <Stack spacing={2}>
      <Typography>{t('videoEditor.question.intro')}</Typography>
      <Stack direction="row" spacing={2}>
        <TextField label={t('videoEditor.at')} value={at} onChange={(e) => setAt(e.target.value)} size="small" sx={{ width: 140 }} />
        <Button onClick={() => setAt(String(now()))}>{t('videoEditor.useCurrentTime')}</Button>
      </Stack>
      <TextField label={t('videoEditor.question.text')} value={question} onChange={(e) => setQuestion(e.target.value)} size="small" fullWidth />
      <FormControlLabel control={<Checkbox checked={multiple} onChange={(e) => setMultiple(e.target.checked)} />} label={t('videoEditor.question.multiple')} />
      {options.map((o, i) => (
        <Stack key={i} direction="row" spacing={1} alignItems="center">
          <TextField
            label={t('videoEditor.question.option', { n: i + 1 })}
            value={o.text}
            onChange={(e) => setOption(i, { text: e.target.value })}
            size="small"
            sx={{ flex: 1 }}
          />
          <FormControlLabel
            control={<Checkbox checked={o.correct} onChange={(e) => setOption(i, { correct: e.target.checked })} />}
            label={t('videoEditor.question.correct')}
          />
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button onClick={() => setOptions((os) => [...os, { text: '', correct: false }])} disabled={options.length >= 10}>
          {t('videoEditor.question.addOption')}
        </Button>
        <Button
          variant="contained"
          disabled={!question.trim()}
          onClick={() =>
            void onAdd({ at: seconds(at), question, multiple, options }).then((ok) => {
              if (!ok) return;
              setQuestion('');
              setOptions(blank());
            })
          }
        >
          {t('videoEditor.add')}
        </Button>
      </Stack>
      <List dense aria-label={t('videoEditor.mode.interactions')}>
        {view.interactions.map((q) => (
          <ListItem
            key={q.interactionId}
            secondaryAction={
              <IconButton edge="end" aria-label={t('videoEditor.remove')} onClick={() => void onRemove(q.interactionId)}>
                <Delete />
              </IconButton>
            }
          >
            <ListItemText primary={q.question} secondary={`${clock(q.at)} · ${q.options.map((o) => (o.correct ? `✓ ${o.text}` : o.text)).join(' / ')}`} />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

function SyncPanel({ view, onSync }: { view: VideoEditorView; onSync: (target: VideoSyncTarget) => Promise<boolean> }) {
  const { t } = useI18n();
  const [target, setTarget] = useState<VideoSyncTarget>('SLIDES');
  const [confirming, setConfirming] = useState(false);
  if (view.synchronisedWith)
    return <Alert severity="info">{t(view.synchronisedWith === 'SLIDES' ? 'videoEditor.sync.doneSlides' : 'videoEditor.sync.doneAudio')}</Alert>;
  return (
    <Stack spacing={2} alignItems="flex-start">
      <TextField
        select
        label={t('videoEditor.sync.target')}
        value={target}
        onChange={(e) => setTarget(e.target.value as VideoSyncTarget)}
        size="small"
        sx={{ minWidth: 220 }}
      >
        <MenuItem value="SLIDES">{t('videoEditor.sync.slides')}</MenuItem>
        <MenuItem value="AUDIO">{t('videoEditor.sync.audio')}</MenuItem>
      </TextField>
      <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
        {t('videoEditor.sync.start')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="video-sync-confirm-title">
        <DialogTitle id="video-sync-confirm-title">{t('videoEditor.sync.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('videoEditor.sync.irreversible')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('videoEditor.cancel')}</Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              void onSync(target);
            }}
          >
            {t('videoEditor.sync.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
