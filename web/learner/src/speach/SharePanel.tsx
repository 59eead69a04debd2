import { Alert, Button, Checkbox, FormControlLabel, ListSubheader, MenuItem, Stack, TextField } from '@mui/material';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useState } from 'react';
import { useI18n } from '../i18n';
import { errorMessage, speachApi, speachSlug } from './speachApi';
import { usePublishDetails } from './useSpeach';

/** Spec §2 "Share component": the reading link, optionally starting at a chapter. */
export function SharePanel({ speachId, title, onCopied }: { speachId: string; title: string; onCopied: () => void }) {
  const { t } = useI18n();
  const detailsQuery = usePublishDetails(speachId);
  const details = detailsQuery.data ?? null;
  // Without the chapters the link to the speach itself still works: the failure is a warning.
  const error = detailsQuery.error ? errorMessage(detailsQuery.error) : null;
  const [atChapter, setAtChapter] = useState(false);
  const [chapterId, setChapterId] = useState('');

  const chapters = (details?.lecons ?? []).flatMap((l) => l.chapitres);
  const link = `${window.location.origin}/s/${speachId}/${speachSlug(title)}${atChapter && chapterId ? `?chapter=${encodeURIComponent(chapterId)}` : ''}`;

  const copy = async () => {
    // Recording the share must not keep the link from being copied.
    void speachApi.share(speachId, atChapter && chapterId ? chapterId : undefined).catch(() => undefined);
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      const input = document.getElementById('share-link') as HTMLInputElement | null;
      input?.select();
      document.execCommand('copy');
    }
    onCopied();
  };

  return (
    <Stack spacing={2}>
      {error && <Alert severity="warning">{error}</Alert>}
      <FormControlLabel
        control={
          <Checkbox
            checked={atChapter}
            onChange={(e) => {
              setAtChapter(e.target.checked);
              if (e.target.checked && !chapterId && chapters[0]) setChapterId(chapters[0].chapitreID);
            }}
            disabled={chapters.length === 0}
          />
        }
        label={t('speach.share.startAt')}
      />
      {atChapter && (
        <TextField select label={t('speach.share.chapter')} value={chapterId} onChange={(e) => setChapterId(e.target.value)}>
          {(details?.lecons ?? []).flatMap((lecon, i) => [
            <ListSubheader key={`l-${i}`}>{lecon.title}</ListSubheader>,
            ...lecon.chapitres.map((c) => (
              <MenuItem key={c.chapitreID} value={c.chapitreID}>
                {c.title}
              </MenuItem>
            )),
          ])}
        </TextField>
      )}
      <Stack direction="row" spacing={1} alignItems="center">
        <TextField
          id="share-link"
          label={t('speach.share.link')}
          value={link}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={copy} sx={{ flexShrink: 0 }}>
          {t('speach.share.copy')}
        </Button>
      </Stack>
    </Stack>
  );
}
