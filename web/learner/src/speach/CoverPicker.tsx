import { Alert, Box, Button, LinearProgress, Slider, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { CardCover } from '../cards/CardCover';
import { useI18n } from '../i18n';
import { type CoverFrame, errorMessage, speachApi, uploadCover } from './speachApi';
import type { SpeachCard } from './types';
import { useDirtyRegistry, useReportDirty } from './unsaved/UnsavedChanges';

const RATIO = 16 / 9;
const MAX_BYTES = 10 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

interface Picked {
  file: File;
  url: string;
  width: number;
  height: number;
}

/** The 16:9 frame for a zoom (1: the largest frame the picture holds) and a position (0-1 on each axis). */
export function frameOf(width: number, height: number, zoom: number, px: number, py: number): CoverFrame {
  const fullWidth = Math.min(width, height * RATIO);
  const w = fullWidth / zoom;
  const h = w / RATIO;
  return { x: ((width - w) * px) / width, y: ((height - h) * py) / height, width: w / width, height: h / height };
}

/**
 * The editor's cover block (issue 17): the current cover (uploaded or generated), then a picture the
 * author frames at the cards' 16:9 ratio with three sliders (keyboard-usable), uploaded with progress.
 */
export function CoverPicker({ speach, onChanged, notify }: { speach: SpeachCard; onChanged: (card: SpeachCard) => void; notify: (message: string) => void }) {
  const { t } = useI18n();
  const inputId = useId();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [zoom, setZoom] = useState(1);
  const [px, setPx] = useState(0.5);
  const [py, setPy] = useState(0.5);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<(() => void) | null>(null);

  useEffect(() => () => abort.current?.(), []);
  // A picture being framed is not the cover yet; the upload itself shows as "Saving…".
  useReportDirty('cover', picked !== null);
  const registry = useDirtyRegistry();
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  const choose = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (!TYPES.includes(file.type)) return setError(t('cover.wrongType'));
    if (file.size > MAX_BYTES) return setError(t('cover.tooLarge'));
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      setPicked({ file, url, width: image.naturalWidth, height: image.naturalHeight });
      setZoom(1);
      setPx(0.5);
      setPy(0.5);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      setError(t('cover.wrongType'));
    };
    image.src = url;
  };

  const send = async () => {
    if (!picked) return;
    setError(null);
    setProgress(0);
    const saved = registry?.beginSave();
    const upload = uploadCover(speach.speachID, picked.file, frameOf(picked.width, picked.height, zoom, px, py), setProgress);
    abort.current = upload.abort;
    try {
      onChanged(await upload.promise);
      setPicked(null);
      notify(t('cover.saved'));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      saved?.();
      setProgress(null);
      abort.current = null;
    }
  };

  const remove = async () => {
    setError(null);
    try {
      onChanged(await speachApi.removeCover(speach.speachID));
      notify(t('cover.removed'));
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  const frame = picked ? frameOf(picked.width, picked.height, zoom, px, py) : null;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={`${inputId}-title`} sx={{ mb: 3 }}>
      <Typography id={`${inputId}-title`} variant="subtitle1" component="h3">
        {t('cover.title')}
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {!picked && (
        <>
          <Box sx={{ maxWidth: 320, borderRadius: 1, overflow: 'hidden' }} aria-label={t('cover.current')} role="img">
            <CardCover img={speach.img} cover={speach.cover} title={speach.title} category={speach.category} />
          </Box>
          {!speach.cover && !speach.img && (
            <Typography variant="body2" color="text.secondary">
              {t('cover.generated')}
            </Typography>
          )}
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            <Button component="label" variant="outlined" htmlFor={inputId}>
              {speach.cover ? t('cover.change') : t('cover.choose')}
              <input id={inputId} type="file" accept={TYPES.join(',')} hidden onChange={(e) => choose(e.target.files?.[0])} />
            </Button>
            {speach.cover && (
              <Button color="inherit" onClick={() => void remove()}>
                {t('cover.remove')}
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('cover.help')}
          </Typography>
        </>
      )}
      {picked && frame && (
        <>
          <Typography variant="body2">{t('cover.frame')}</Typography>
          {/* The whole picture, dimmed outside the frame the author is choosing. */}
          <Box sx={{ position: 'relative', maxWidth: 420, overflow: 'hidden' }}>
            <Box component="img" src={picked.url} alt="" sx={{ display: 'block', width: '100%' }} />
            <Box
              data-testid="cover-frame"
              sx={{
                position: 'absolute',
                left: `${frame.x * 100}%`,
                top: `${frame.y * 100}%`,
                width: `${frame.width * 100}%`,
                height: `${frame.height * 100}%`,
                outline: '2px solid #fff',
                boxShadow: '0 0 0 9999px rgba(0,0,0,0.55)',
              }}
            />
          </Box>
          <Box sx={{ maxWidth: 420, px: 1 }}>
            <Typography id={`${inputId}-zoom`} variant="caption">
              {t('cover.zoom')}
            </Typography>
            <Slider aria-labelledby={`${inputId}-zoom`} min={1} max={4} step={0.05} value={zoom} onChange={(_, v) => setZoom(v as number)} />
            <Typography id={`${inputId}-x`} variant="caption">
              {t('cover.horizontal')}
            </Typography>
            <Slider aria-labelledby={`${inputId}-x`} min={0} max={1} step={0.01} value={px} onChange={(_, v) => setPx(v as number)} />
            <Typography id={`${inputId}-y`} variant="caption">
              {t('cover.vertical')}
            </Typography>
            <Slider aria-labelledby={`${inputId}-y`} min={0} max={1} step={0.01} value={py} onChange={(_, v) => setPy(v as number)} />
          </Box>
          {progress !== null && (
            <Box sx={{ maxWidth: 420 }}>
              <LinearProgress variant="determinate" value={progress} aria-label={t('cover.uploading', { percent: progress })} />
            </Box>
          )}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void send()} disabled={progress !== null}>
              {t('cover.use')}
            </Button>
            <Button
              color="inherit"
              onClick={() => {
                abort.current?.();
                setPicked(null);
              }}
            >
              {t('cover.cancel')}
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}
