import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { SPEACH_LANGUAGES } from '../speach/types';
import { type Subtitle, clock, isSupportedSubtitle, mediaApi } from './mediaApi';
import { useVoiceRecorder } from './useVoiceRecorder';
import { useSubtitles } from '../media-text/useMediaText';

/** Spec §2 voice-over studio steps. */
export type StudioStep = 0 | 1 | 2 | 10 | 11 | 12 | 20;
export const VOICE_TEXT_MAX = 3000;
export const TEXT_POLL_MS = 2000;
export const TRANSCODING_WAIT_MS = 3000;
export const STUDIO_WIDTH = 936;

interface Props {
  open: boolean;
  chapterId: string;
  /** The chapter's video (muted and played in step while recording); null for an audio chapter. */
  videoUrl: string | null;
  /** Voice generation is on for this author (the AI voice choice is disabled with a tooltip otherwise). */
  generationEnabled: boolean;
  onClose: () => void;
  /** A voice-over was saved: the chapter's media is being rebuilt by the job named (when the call answered one). */
  onSaved: (jobID: string | null) => void;
}

function failure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The voice-over studio dialog (spec §2, §4, §5): record over the video, or have a voice read a text or a subtitle. */
export function VoiceOverStudio({ open, chapterId, videoUrl, generationEnabled, onClose, onSaved }: Props) {
  const { t } = useI18n();
  const [step, setStep] = useState<StudioStep>(0);
  const [error, setError] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [saving, setSaving] = useState(false);
  const [transcoding, setTranscoding] = useState(false);
  // The chapter's subtitles, read when the AI voice step opens; none to offer when they cannot be read.
  const subtitleList = useSubtitles(chapterId, step === 1);
  const subtitles = subtitleList.isError ? [] : (subtitleList.data ?? null);
  const [subtitle, setSubtitle] = useState<Subtitle | null>(null);
  const [text, setText] = useState('');
  const [lang, setLang] = useState('');
  const [generating, setGenerating] = useState(false);
  const [generatedUrl, setGeneratedUrl] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement | null>(null);
  const pollTimer = useRef<number | null>(null);
  const alive = useRef(true);
  const micError = useCallback(() => {
    setError(t('mediaRecorder.mic.error'));
    setStep(0);
  }, [t]);
  const recorder = useVoiceRecorder(video, micError);
  const [playbackUrl, setPlaybackUrl] = useState<string | null>(null);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (pollTimer.current) window.clearTimeout(pollTimer.current);
    };
  }, []);

  useEffect(() => {
    if (recorder.phase === 'recording' && step === 10) setStep(11);
    if (recorder.phase === 'ready' && step === 11) setStep(12);
  }, [recorder.phase, step]);

  useEffect(() => {
    if (!recorder.recording) return setPlaybackUrl(null);
    const url = URL.createObjectURL(recorder.recording);
    setPlaybackUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [recorder.recording]);

  const recordingUnsaved = step === 10 || step === 11 || (step === 12 && !!recorder.recording);
  const recordingNow = step === 10 || step === 11;

  const reset = () => {
    recorder.discard();
    if (pollTimer.current) window.clearTimeout(pollTimer.current);
    setStep(0);
    setError(null);
    setSubtitle(null);
    setText('');
    setLang('');
    setGeneratedUrl(null);
    setGenerating(false);
    setConfirmClose(false);
    setTranscoding(false);
  };

  const close = () => {
    reset();
    onClose();
  };

  const requestClose = () => {
    if (recordingUnsaved) setConfirmClose(true);
    else close();
  };

  const record = () => {
    setError(null);
    setStep(10);
    void recorder.start();
  };

  /** After a save: the server transcodes for a moment (spec §4: 3 s), then the chapter is reloaded. */
  const saved = (jobID: string | null) => {
    setTranscoding(true);
    window.setTimeout(() => {
      if (!alive.current) return;
      reset();
      onSaved(jobID);
      onClose();
    }, TRANSCODING_WAIT_MS);
  };

  const save = async (action: () => Promise<unknown>) => {
    setSaving(true);
    setError(null);
    try {
      const answer = (await action()) as { jobID?: unknown } | null;
      saved(answer && typeof answer.jobID === 'string' ? answer.jobID : null);
    } catch (e) {
      setError(failure(e));
    } finally {
      setSaving(false);
    }
  };

  const openAiVoice = () => {
    setError(null);
    setStep(1);
  };

  /** Spec §4: 200 gives the audio URL; 202 a job id, asked again after 2 s until done. */
  const preview = async (jobID?: string) => {
    setGenerating(true);
    setError(null);
    try {
      const answer = await mediaApi.previewVoice(chapterId, text, lang, jobID);
      if (!alive.current) return;
      if (answer.ready) {
        setGeneratedUrl(answer.value);
        setGenerating(false);
      } else {
        pollTimer.current = window.setTimeout(() => void preview(answer.jobID), TEXT_POLL_MS);
      }
    } catch (e) {
      setGenerating(false);
      setError(failure(e));
    }
  };

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    // The chapter's video ending ends the recording (spec §4: auto-stop at the video's end).
    const ended = () => recorder.stop();
    v.addEventListener('ended', ended);
    return () => v.removeEventListener('ended', ended);
  }, [recorder, step]);

  const duration = video.current && Number.isFinite(video.current.duration) ? video.current.duration : null;
  const percent = duration ? Math.min(100, (recorder.elapsed / duration) * 100) : 0;

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        // Never closed by a click outside; Escape is ignored while recording (spec §2).
        if (reason === 'backdropClick') return;
        if (reason === 'escapeKeyDown' && recordingNow) return;
        requestClose();
      }}
      maxWidth={false}
      slotProps={{ paper: { sx: { width: STUDIO_WIDTH, maxWidth: '100%' } } }}
      aria-labelledby="voice-over-studio-title"
      data-testid="voice-over-studio"
      data-step={step}
    >
      <DialogTitle id="voice-over-studio-title">{t('mediaRecorder.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {transcoding && (
            <Alert severity="info" role="status" icon={<CircularProgress size={18} />}>
              {t('mediaRecorder.transcoding')}
            </Alert>
          )}

          {videoUrl && (step === 10 || step === 11 || step === 12) && (
            <video
              ref={video}
              src={videoUrl}
              muted
              playsInline
              preload="auto"
              aria-label={t('mediaRecorder.video')}
              style={{ width: '100%', maxHeight: 360, background: '#000' }}
            />
          )}

          {step === 0 && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Tooltip title={generationEnabled ? '' : t('mediaRecorder.ai.disabled')}>
                <span>
                  <Button variant="outlined" size="large" onClick={openAiVoice} disabled={!generationEnabled}>
                    {t('mediaRecorder.choose.ai')}
                  </Button>
                </span>
              </Tooltip>
              <Button variant="contained" size="large" onClick={record}>
                {t('mediaRecorder.choose.record')}
              </Button>
            </Stack>
          )}

          {step === 1 && (
            <Stack spacing={2}>
              <Typography>{t('mediaRecorder.ai.intro')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('mediaRecorder.ai.robotic')}
              </Typography>
              <Box>
                <Button variant="contained" onClick={() => setStep(20)}>
                  {t('mediaRecorder.ai.fromText')}
                </Button>
              </Box>
              <Typography component="h3" variant="subtitle1">
                {t('mediaRecorder.ai.fromSubtitle')}
              </Typography>
              {subtitles === null ? (
                <CircularProgress size={24} aria-label={t('mediaRecorder.loading')} />
              ) : subtitles.length === 0 ? (
                <Typography color="text.secondary">{t('mediaRecorder.ai.noSubtitles')}</Typography>
              ) : (
                <List dense aria-label={t('mediaRecorder.ai.fromSubtitle')}>
                  {subtitles.map((s) => (
                    <ListItemButton
                      key={s.id}
                      disabled={!isSupportedSubtitle(s.lang)}
                      onClick={() => {
                        setSubtitle(s);
                        setStep(2);
                      }}
                    >
                      <ListItemText primary={s.label || s.lang} secondary={isSupportedSubtitle(s.lang) ? s.lang : t('mediaRecorder.ai.unsupported')} />
                    </ListItemButton>
                  ))}
                </List>
              )}
            </Stack>
          )}

          {step === 2 && subtitle && <DialogContentText>{t('mediaRecorder.subtitle.confirm', { label: subtitle.label || subtitle.lang })}</DialogContentText>}

          {step === 10 && (
            <Typography variant="h2" component="p" align="center" aria-live="assertive" data-testid="countdown">
              {recorder.phase === 'countdown' ? recorder.countdown : ''}
            </Typography>
          )}

          {step === 11 && (
            <Stack spacing={1}>
              <LinearProgress variant="determinate" value={percent} aria-label={t('mediaRecorder.progress')} />
              <Typography aria-live="off" data-testid="recording-time">
                {recorder.phase === 'paused' ? t('mediaRecorder.paused') : t('mediaRecorder.recording')} {clock(recorder.elapsed)}
                {duration ? ` / ${clock(duration)}` : ''}
              </Typography>
            </Stack>
          )}

          {step === 12 && playbackUrl && (
            <Stack spacing={1}>
              <Typography>{t('mediaRecorder.review.intro', { time: clock(recorder.elapsed) })}</Typography>
              <audio controls src={playbackUrl} aria-label={t('mediaRecorder.review.playback')} data-testid="recording-playback" style={{ width: '100%' }} />
            </Stack>
          )}

          {step === 20 && (
            <Stack spacing={2}>
              <TextField
                label={t('mediaRecorder.text.label')}
                value={text}
                onChange={(e) => {
                  setText(e.target.value.slice(0, VOICE_TEXT_MAX));
                  setGeneratedUrl(null);
                }}
                multiline
                minRows={5}
                fullWidth
                slotProps={{ htmlInput: { maxLength: VOICE_TEXT_MAX } }}
                helperText={t('mediaRecorder.text.counter', { count: text.length, max: VOICE_TEXT_MAX })}
              />
              <TextField
                select
                label={t('mediaRecorder.text.language')}
                value={lang}
                onChange={(e) => {
                  setLang(e.target.value);
                  setGeneratedUrl(null);
                }}
                sx={{ maxWidth: 280 }}
              >
                {SPEACH_LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l}>
                    {l}
                  </MenuItem>
                ))}
              </TextField>
              <Typography variant="body2" color="text.secondary">
                {t('mediaRecorder.ai.robotic')}
              </Typography>
              {generating && <LinearProgress aria-label={t('mediaRecorder.text.generating')} />}
              {generatedUrl && <audio controls src={generatedUrl} aria-label={t('mediaRecorder.text.preview')} style={{ width: '100%' }} />}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {step === 0 && <Button onClick={requestClose}>{t('mediaRecorder.close')}</Button>}
        {step === 1 && <Button onClick={() => setStep(0)}>{t('mediaRecorder.back')}</Button>}
        {step === 2 && (
          <>
            <Button onClick={() => setStep(0)}>{t('mediaRecorder.cancel')}</Button>
            <Button
              variant="contained"
              disabled={saving || transcoding}
              onClick={() => subtitle && void save(() => mediaApi.voiceOverFromSubtitle(chapterId, subtitle.id))}
            >
              {t('mediaRecorder.confirm')}
            </Button>
          </>
        )}
        {step === 10 && (
          <Button
            onClick={() => {
              recorder.discard();
              setStep(0);
            }}
          >
            {t('mediaRecorder.cancel')}
          </Button>
        )}
        {step === 11 && (
          <>
            {recorder.phase === 'paused' ? (
              <Button onClick={recorder.resume}>{t('mediaRecorder.resume')}</Button>
            ) : (
              <Button onClick={recorder.pause}>{t('mediaRecorder.pause')}</Button>
            )}
            <Button variant="contained" color="error" onClick={recorder.stop}>
              {t('mediaRecorder.stop')}
            </Button>
          </>
        )}
        {step === 12 && (
          <>
            <Button onClick={record} disabled={saving || transcoding}>
              {t('mediaRecorder.restart')}
            </Button>
            <Button
              onClick={() => {
                recorder.discard();
                setStep(0);
              }}
              disabled={saving || transcoding}
            >
              {t('mediaRecorder.cancel')}
            </Button>
            <Button
              variant="contained"
              disabled={saving || transcoding || !recorder.recording}
              onClick={() => recorder.recording && void save(() => mediaApi.uploadVoiceOver(chapterId, recorder.recording!))}
            >
              {t('mediaRecorder.confirm')}
            </Button>
          </>
        )}
        {step === 20 && (
          <>
            <Button
              onClick={() => {
                if (pollTimer.current) window.clearTimeout(pollTimer.current);
                setGenerating(false);
                setGeneratedUrl(null);
                setStep(0);
              }}
            >
              {t('mediaRecorder.cancel')}
            </Button>
            <Button onClick={() => void preview()} disabled={!text.trim() || !lang || generating}>
              {t('mediaRecorder.text.preview')}
            </Button>
            <Button
              variant="contained"
              disabled={!generatedUrl || generating || saving || transcoding}
              onClick={() => generatedUrl && void save(() => mediaApi.copyGeneratedAudio(chapterId, generatedUrl))}
            >
              {t('mediaRecorder.confirm')}
            </Button>
          </>
        )}
      </DialogActions>

      <Dialog open={confirmClose} onClose={() => setConfirmClose(false)} aria-labelledby="voice-over-close-title">
        <DialogTitle id="voice-over-close-title">{t('mediaRecorder.closeConfirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('mediaRecorder.closeConfirm.text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClose(false)}>{t('mediaRecorder.closeConfirm.keep')}</Button>
          <Button color="error" onClick={close}>
            {t('mediaRecorder.closeConfirm.discard')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
