import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import UploadFile from '@mui/icons-material/UploadFile';
import { type ChangeEvent, useState } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { type Cue, type SubtitleEntry, mediaTextApi } from './mediaTextApi';
import { useEditSubtitle, useRemoveSubtitle, useSubtitleLanguages, useSubtitleTrack, useSubtitles, useUploadSubtitle } from './useMediaText';

/** Languages a browser knows that the subtitle list does not: shown disabled (spec §5). */
const OUTSIDE_LIST = ['ca_ES', 'eu_ES', 'ga_IE', 'is_IS'];

function failure(e: unknown): string {
  if (!(e instanceof ApiError)) return String(e);
  const reasons = e.errors.map((x) => x.reason).filter((r) => r && r !== e.message);
  return [e.message, ...reasons].join(' ');
}

function CueEditor({ chapterId, track, onDone }: { chapterId: string; track: SubtitleEntry; onDone: (saved: boolean) => void }) {
  const { t } = useI18n();
  const full = useSubtitleTrack(chapterId, track.id);
  const edit = useEditSubtitle(chapterId, track.id);
  // The lines as the author edits them: the stored ones until the first change.
  const [edited, setEdited] = useState<Cue[] | null>(null);
  const cues = edited ?? full.data?.cues ?? null;
  const [label, setLabel] = useState(track.label);
  const failed = edit.error ?? full.error;
  const error = failed ? failure(failed) : null;
  const change = (index: number, patch: Partial<Cue>) => setEdited((cues ?? []).map((cue, i) => (i === index ? { ...cue, ...patch } : cue)));
  const save = () => edit.mutate({ label, cues: cues ?? undefined }, { onSuccess: () => onDone(true) });
  const seconds = (ms: number) => String(ms / 1000);
  const millis = (value: string) => Math.round(Number(value) * 1000);
  return (
    <Dialog open onClose={() => onDone(false)} maxWidth="md" fullWidth aria-labelledby="cue-editor-title">
      <DialogTitle id="cue-editor-title">{track.label}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} sx={{ pt: 1 }}>
          <TextField label={t('mediaText.subtitles.label')} value={label} onChange={(e) => setLabel(e.target.value)} />
          {(cues ?? []).map((cue, index) => (
            <Stack key={index} direction="row" spacing={1}>
              <TextField
                type="number"
                label={t('mediaText.subtitles.start')}
                value={seconds(cue.start)}
                onChange={(e) => change(index, { start: millis(e.target.value) })}
                sx={{ width: 120 }}
                slotProps={{ htmlInput: { step: 0.1, min: 0 } }}
              />
              <TextField
                type="number"
                label={t('mediaText.subtitles.end')}
                value={seconds(cue.end)}
                onChange={(e) => change(index, { end: millis(e.target.value) })}
                sx={{ width: 120 }}
                slotProps={{ htmlInput: { step: 0.1, min: 0 } }}
              />
              <TextField
                label={t('mediaText.subtitles.text', { n: index + 1 })}
                value={cue.text}
                onChange={(e) => change(index, { text: e.target.value })}
                fullWidth
                multiline
              />
            </Stack>
          ))}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onDone(false)}>{t('mediaText.subtitles.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!cues}>
          {t('mediaText.subtitles.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The chapter editor's subtitles block: upload a WebVTT or SRT file per language, edit its lines, delete it. */
export function SubtitlesManager({ chapterId }: { chapterId: string }) {
  const { t } = useI18n();
  const tracks = useSubtitles(chapterId).data ?? [];
  const languages = useSubtitleLanguages().data ?? [];
  const uploadTrack = useUploadSubtitle(chapterId);
  const removeTrack = useRemoveSubtitle(chapterId);
  const [lang, setLang] = useState('');
  const [label, setLabel] = useState('');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [editing, setEditing] = useState<SubtitleEntry | null>(null);
  const [deleting, setDeleting] = useState<SubtitleEntry | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const added = await uploadTrack.mutateAsync({ lang, label: label.trim() || undefined, file: await file.text() });
      setMessage({ severity: 'success', text: t('mediaText.subtitles.uploaded', { count: added.cues }) });
      setLabel('');
    } catch (e) {
      setMessage({ severity: 'error', text: failure(e) });
    }
  };
  const remove = (track: SubtitleEntry) => {
    setDeleting(null);
    removeTrack.mutate(track.id, { onError: (e) => setMessage({ severity: 'error', text: failure(e) }) });
  };

  const taken = new Set(tracks.map((track) => track.lang));
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={`subtitles-${chapterId}`}>
      <Typography id={`subtitles-${chapterId}`} variant="subtitle1" component="h3">
        {t('mediaText.subtitles.title')}
      </Typography>
      {tracks.length === 0 ? (
        <Typography color="text.secondary">{t('mediaText.subtitles.none')}</Typography>
      ) : (
        <List dense disablePadding data-testid="subtitle-tracks">
          {tracks.map((track) => (
            <ListItem
              key={track.id}
              secondaryAction={
                <>
                  <IconButton aria-label={`${t('mediaText.subtitles.edit')} ${track.label}`} onClick={() => setEditing(track)}>
                    <Edit />
                  </IconButton>
                  <IconButton aria-label={`${t('mediaText.subtitles.delete')} ${track.label}`} onClick={() => setDeleting(track)}>
                    <Delete />
                  </IconButton>
                </>
              }
            >
              <ListItemText primary={track.label} secondary={`${track.lang}${track.source === 'TRANSCRIPT' ? ` · ${t('mediaText.subtitles.auto')}` : ''}`} />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField select label={t('mediaText.subtitles.language')} value={lang} onChange={(e) => setLang(e.target.value)} sx={{ minWidth: 240 }}>
          {languages.map((l) => (
            <MenuItem key={l.lang} value={l.lang} disabled={taken.has(l.lang)}>
              {l.label} ({l.lang})
            </MenuItem>
          ))}
          {OUTSIDE_LIST.map((code) => (
            <MenuItem key={code} value={code} disabled>
              {code} — {t('mediaText.subtitles.unsupported')}
            </MenuItem>
          ))}
        </TextField>
        <TextField label={t('mediaText.subtitles.label')} value={label} onChange={(e) => setLabel(e.target.value)} />
        <Box>
          <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={!lang}>
            {t('mediaText.subtitles.upload')}
            <input type="file" hidden accept=".vtt,.srt,text/vtt,application/x-subrip" onChange={upload} data-testid="subtitle-file" />
          </Button>
        </Box>
      </Stack>
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
      {editing && (
        <CueEditor
          chapterId={chapterId}
          track={editing}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setMessage({ severity: 'success', text: t('mediaText.subtitles.saved') });
          }}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-subtitles-title">
        <DialogTitle id="delete-subtitles-title">{t('mediaText.subtitles.delete')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('mediaText.subtitles.confirmDelete', { label: deleting?.label ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('mediaText.subtitles.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => deleting && remove(deleting)}>
            {t('mediaText.subtitles.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** Spec §2/§4: the editor's "convert to final exam" link, with its confirmation. */
export function ConvertToExamLink({ chapterId, onConverted }: { chapterId: string; onConverted: () => void }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const convert = async () => {
    setOpen(false);
    try {
      await mediaTextApi.convertToExam(chapterId);
      onConverted();
    } catch (e) {
      setError(failure(e));
    }
  };
  return (
    <Box>
      <Button variant="text" onClick={() => setOpen(true)}>
        {t('mediaText.exam.link')}
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="convert-exam-title">
        <DialogTitle id="convert-exam-title">{t('mediaText.exam.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('mediaText.exam.confirm')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('mediaText.subtitles.cancel')}</Button>
          <Button variant="contained" onClick={convert}>
            {t('mediaText.exam.convert')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
