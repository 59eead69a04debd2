import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { mediaApi } from './mediaApi';

export const AUDIO_RETRY_MS = 2000;

/**
 * Spec §4 audio track: 200 sets the audio source; 202 shows a waiting popup and asks again every 2 s;
 * cancel keeps (restores) the source the player had before.
 */
export function useAudioTrack(chapterId: string, initialSource: string | null) {
  const [source, setSource] = useState<string | null>(initialSource);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | null>(null);
  const request = useRef(0);

  useEffect(() => setSource(initialSource), [initialSource]);
  useEffect(
    () => () => {
      if (timer.current) window.clearTimeout(timer.current);
    },
    [],
  );

  const load = useCallback(
    (subtitleId?: string) => {
      const mine = ++request.current;
      setError(null);
      const ask = async () => {
        try {
          const answer = await mediaApi.audioTrack(chapterId, subtitleId);
          if (mine !== request.current) return;
          if (answer.ready) {
            setWaiting(false);
            setSource(answer.value);
          } else {
            setWaiting(true);
            timer.current = window.setTimeout(() => void ask(), AUDIO_RETRY_MS);
          }
        } catch (e) {
          if (mine !== request.current) return;
          setWaiting(false);
          setError(e instanceof Error ? e.message : String(e));
        }
      };
      void ask();
    },
    [chapterId],
  );

  const cancel = useCallback(() => {
    request.current++;
    if (timer.current) window.clearTimeout(timer.current);
    setWaiting(false);
  }, []);

  return { source, waiting, error, load, cancel };
}

export function AudioTrackWaitDialog({ open, onCancel }: { open: boolean; onCancel: () => void }) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={(_e, reason) => reason !== 'backdropClick' && onCancel()} aria-labelledby="audio-track-wait-title">
      <DialogTitle id="audio-track-wait-title">{t('audioTrack.wait.title')}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} alignItems="center">
          <CircularProgress size={24} aria-hidden="true" />
          <DialogContentText>{t('audioTrack.wait.text')}</DialogContentText>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('audioTrack.wait.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
