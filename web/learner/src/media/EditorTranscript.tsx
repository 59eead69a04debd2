import { Alert, List, ListItem, ListItemButton, ListItemText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { type RefObject, useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { type Cue, type SubtitleEntry, clock, mediaTextApi } from '../media-text/mediaTextApi';
import { Loading } from '@speach/web-shared';

/**
 * The editor's transcript mode: a language's lines with their times; a line is a button (Tab, Enter or Space)
 * that puts the editor's player at its start. The automatic transcript comes first when there is one.
 */
export function EditorTranscript({ chapterId, video }: { chapterId: string; video: RefObject<HTMLVideoElement | null> }) {
  const { t } = useI18n();
  const [tracks, setTracks] = useState<SubtitleEntry[] | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [cues, setCues] = useState<Cue[] | null>(null);
  const [error, setError] = useState(false);
  const [now, setNow] = useState(0);

  useEffect(() => {
    let live = true;
    mediaTextApi.subtitles(chapterId).then(
      (list) => {
        if (!live) return;
        const ordered = [...list].sort((a, b) => Number(b.source === 'TRANSCRIPT') - Number(a.source === 'TRANSCRIPT'));
        setTracks(ordered);
        setChosen(ordered[0]?.id ?? '');
      },
      () => live && setError(true),
    );
    return () => {
      live = false;
    };
  }, [chapterId]);

  useEffect(() => {
    if (!chosen) return;
    let live = true;
    setCues(null);
    mediaTextApi.track(chapterId, chosen).then(
      (track) => live && setCues(track.cues),
      () => live && setError(true),
    );
    return () => {
      live = false;
    };
  }, [chapterId, chosen]);

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
  const track = tracks.find((tr) => tr.id === chosen);
  const seek = (ms: number) => {
    if (video.current) video.current.currentTime = ms / 1000;
  };
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('mediaEditor.transcript.track')}
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
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
          lang={track?.lang.replace('_', '-')}
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
