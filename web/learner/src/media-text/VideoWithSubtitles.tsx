import { Alert, Box, Grid, List, ListItem, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import { AvatarLayoutPicker } from './AvatarLayoutPicker';
import { clock } from './mediaTextApi';
import { useSubtitles, useTranscript } from './useMediaText';

function TranscriptPanel({ chapterId, video }: { chapterId: string; video: React.RefObject<HTMLVideoElement | null> }) {
  const { t } = useI18n();
  const query = useTranscript(chapterId);
  // A transcript that cannot be read is simply not shown beside the video.
  const transcript = query.isError ? null : query.data;
  const [now, setNow] = useState(0);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const tick = () => setNow(element.currentTime * 1000);
    element.addEventListener('timeupdate', tick);
    return () => element.removeEventListener('timeupdate', tick);
  }, [video]);

  if (!transcript) return null;
  const status = transcript.autoTranscriptStatus;
  const seek = (ms: number) => {
    if (!video.current) return;
    video.current.currentTime = ms / 1000;
    void video.current.play().catch(() => undefined);
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`transcript-${chapterId}`} sx={{ p: 1.5, maxHeight: '70vh', overflow: 'auto' }}>
      <Typography id={`transcript-${chapterId}`} variant="subtitle1" component="h2" gutterBottom>
        {t('mediaText.transcript.title')}
      </Typography>
      {transcript.cues.length > 0 ? (
        <List dense disablePadding data-testid="transcript-cues" lang={transcript.lng.replace('_', '-')}>
          {transcript.cues.map((cue) => (
            <ListItem key={`${cue.start}-${cue.end}`} disablePadding>
              {/* The visible line and its time are the button's name (axe: the label must hold the visible text). */}
              <ListItemButton
                selected={now >= cue.start && now < cue.end}
                onClick={() => seek(cue.start)}
                title={t('mediaText.transcript.seek', { time: clock(cue.start) })}
              >
                <ListItemText primary={cue.text} secondary={clock(cue.start)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ) : (
        <Alert severity={status === 'ERROR' ? 'warning' : 'info'} role="status">
          {t(`mediaText.transcript.${status === 'DONE' ? 'NONE' : status}`, { reason: transcript.reason ?? '' })}
        </Alert>
      )}
    </Paper>
  );
}

/** A chapter's video with a `<track>` per subtitle language and its transcript beside it (issue 22). */
export function VideoWithSubtitles({ chapterId, src, title }: { chapterId: string; src: string; title: string }) {
  const video = useRef<HTMLVideoElement | null>(null);
  const tracks = useSubtitles(chapterId).data ?? [];
  const { language } = useI18n();

  // The viewer's interface language is shown by default when a track is in it.
  const preferred = tracks.find((track) => track.lang.startsWith(`${language}_`))?.id;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Box component="video" ref={video} controls src={src} aria-label={title} preload="metadata" sx={{ width: '100%', maxHeight: '70vh', bgcolor: '#000' }}>
          {tracks.map((track) => (
            <track
              key={track.id}
              kind="subtitles"
              src={track.src}
              srcLang={track.lang.replace('_', '-')}
              label={track.label}
              default={track.id === preferred}
            />
          ))}
        </Box>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <AvatarLayoutPicker />
        <TranscriptPanel chapterId={chapterId} video={video} />
      </Grid>
    </Grid>
  );
}
