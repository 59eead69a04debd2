import { Alert, List, ListItem, ListItemButton, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { type RefObject, useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { clock } from '../media-text/mediaTextApi';
import { useSubtitleTrack, useSubtitles } from '../media-text/useMediaText';
import { Loading } from '@speach/web-shared';

/**
 * The editor's transcript mode: a language's lines with their times; a line is a button (Tab, Enter or Space)
 * that puts the editor's player at its start. The automatic transcript comes first when there is one.
 */
export function EditorTranscript({ chapterId, video }: { chapterId: string; video: RefObject<HTMLVideoElement | null> }) {
  const { t } = useI18n();
  const list = useSubtitles(chapterId);
  // The automatic transcript comes first: it is the one chosen until the author picks another.
  const tracks = list.data ? [...list.data].sort((a, b) => Number(b.source === 'TRANSCRIPT') - Number(a.source === 'TRANSCRIPT')) : null;
  const [picked, setPicked] = useState('');
  const chosen = picked || tracks?.[0]?.id || '';
  const track = useSubtitleTrack(chapterId, chosen);
  const cues = track.data?.cues ?? null;
  const error = list.isError || track.isError;
  const [now, setNow] = useState(0);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const tick = () => setNow(element.currentTime * 1000);
    element.addEventListener('timeupdate', tick);
    return () => element.removeEventListener('timeupdate', tick);
  }, [video]);

  if (error) return <Alert severity="info">{t('videoEditor.transcript.unavailable')}</Alert>;
  if (!tracks) return <Loading />;
  if (tracks.length === 0) return <Typography>{t('videoEditor.transcript.none')}</Typography>;
  const shown = tracks.find((tr) => tr.id === chosen);
  const seek = (ms: number) => {
    if (video.current) video.current.currentTime = ms / 1000;
  };
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('mediaEditor.transcript.track')}
        value={chosen}
        onChange={(e) => setPicked(e.target.value)}
        size="small"
        sx={{ maxWidth: 320 }}
        data-testid="editor-transcript-track"
      >
        {tracks.map((tr) => (
          <MenuItem key={tr.id} value={tr.id}>
            {tr.source === 'TRANSCRIPT' ? t('mediaEditor.transcript.auto', { label: tr.label || tr.lang }) : tr.label || tr.lang}
          </MenuItem>
        ))}
      </TextField>
      {!cues ? (
        <Loading />
      ) : cues.length === 0 ? (
        <Typography>{t('mediaEditor.transcript.empty')}</Typography>
      ) : (
        <List
          dense
          aria-label={t('mediaEditor.transcript.lines')}
          lang={shown?.lang.replace('_', '-')}
          data-testid="editor-transcript-cues"
          sx={{ maxHeight: '40vh', overflow: 'auto' }}
        >
          {cues.map((cue) => (
            <ListItem key={`${cue.start}-${cue.end}`} disablePadding>
              {/* The visible line and its times are the button's name (axe: the label must hold the visible text). */}
              <ListItemButton
                selected={now >= cue.start && now < cue.end}
                onClick={() => seek(cue.start)}
                title={t('mediaEditor.transcript.seek', { time: clock(cue.start) })}
              >
                <ListItemText primary={cue.text} secondary={`${clock(cue.start)} – ${clock(cue.end)}`} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
