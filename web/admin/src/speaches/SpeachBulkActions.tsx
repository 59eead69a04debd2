import {
  Button as MuiButton,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useState } from 'react';
import { HttpError, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { errorMessage, speachApi, useSpeachCategories } from './api';
import { useVisibilityChoices } from './choices';
import { UserPicker } from './Pickers';
import { WarningToast } from './WarningToast';
import type { Person, SpeachCard } from './types';

/** Titles of the selected speaches whose id the error names (spec §8). */
function titlesInError(error: unknown, speaches: SpeachCard[]): string[] {
  const text = error instanceof HttpError ? `${error.message} ${JSON.stringify(error.body ?? '')}` : String(error);
  return speaches.filter((s) => text.includes(s.id)).map((s) => s.title);
}

/**
 * Spec §2/§5 batch edit: author (FORMATEUR users only), visibility and category for the selected speaches.
 * The server skips speaches whose publishing rules conflict and excludes scheduled ones; both are reported.
 */
export function BatchEditSpeachesButton() {
  const { selectedIds, data = [] } = useListContext<SpeachCard>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('speaches');
  const visibilities = useVisibilityChoices();
  const categories = useSpeachCategories();
  const [open, setOpen] = useState(false);
  const [author, setAuthor] = useState<Person | null>(null);
  const [visibility, setVisibility] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setAuthor(null);
    setVisibility('');
    setCategoryId('');
  };

  async function save() {
    setBusy(true);
    const ids = selectedIds.map(String);
    const selected = data.filter((s) => ids.includes(String(s.id)));
    try {
      const result = await speachApi.batchUpdate(ids, { authorId: author?.id, visibility, categoryId });
      notify('admin.speaches.batchUpdated', { type: 'success', messageArgs: { smart_count: result.updated } });
      const warnings: string[] = [];
      if (result.skipped?.length)
        warnings.push(translate('admin.speaches.batchSkipped', { smart_count: result.skipped.length, titles: result.skipped.map((s) => s.title).join(', ') }));
      if (result.scheduledExcluded) warnings.push(translate('admin.speaches.batchScheduled', { smart_count: result.scheduledExcluded }));
      if (warnings.length) notify(<WarningToast lines={warnings} />, { type: 'warning', autoHideDuration: null });
      unselectAll();
      refresh();
      close();
    } catch (error) {
      const titles = titlesInError(error, selected);
      const detail = titles.length ? titles.join(', ') : errorMessage(error);
      notify(`${translate('admin.speaches.batchFailed')}\n${detail}`, { type: 'error', multiLine: true, autoHideDuration: null });
    } finally {
      setBusy(false);
    }
  }

  const nothing = !author && !visibility && !categoryId;
  return (
    <>
      <MuiButton size="small" variant="contained" startIcon={<EditNoteIcon />} onClick={() => setOpen(true)}>
        {translate('admin.speaches.batchEdit')}
      </MuiButton>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="speach-batch-title" slotProps={{ paper: { sx: { width: 600 } } }}>
        <DialogTitle id="speach-batch-title">{translate('admin.speaches.batchEditTitle', { smart_count: selectedIds.length })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('admin.speaches.batchEditHelp')}
          </Typography>
          <Stack spacing={2}>
            <UserPicker
              id="speach-batch-author"
              label={translate('resources.speaches.fields.author')}
              role="FORMATEUR"
              value={author}
              onChange={setAuthor}
              helperText={translate('admin.speaches.authorHelp')}
            />
            <TextField
              select
              id="speach-batch-visibility"
              label={translate('resources.speaches.fields.visibility')}
              value={visibility}
              onChange={(e) => setVisibility(e.target.value)}
            >
              <MenuItem value="">{translate('admin.speaches.keepUnchanged')}</MenuItem>
              {visibilities.map((v) => (
                <MenuItem key={v.id} value={v.id}>
                  {v.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              id="speach-batch-category"
              label={translate('resources.speaches.fields.category')}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
            >
              <MenuItem value="">{translate('admin.speaches.keepUnchanged')}</MenuItem>
              {categories.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={save} disabled={busy || nothing} startIcon={busy ? <CircularProgress size={16} aria-hidden /> : undefined}>
            {translate('ra.action.save')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
