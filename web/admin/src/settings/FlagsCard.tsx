import { Alert, Box, Button, Card, CardContent, FormControlLabel, LinearProgress, Stack, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { BOOLEAN_FLAGS, type EditableFlags, type FlagsView, LENGTH_FLAGS, fieldErrors, getFlags, saveFlags } from './api';

/** Feature flags (spec §6), stored as events; the environment's values are the defaults. */
export function FlagsCard({ onSaved }: { onSaved?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [view, setView] = useState<FlagsView | null>(null);
  const [draft, setDraft] = useState<EditableFlags | null>(null);
  const [lengths, setLengths] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function show(next: FlagsView) {
    setView(next);
    setDraft({ ...next.flags });
    setLengths(Object.fromEntries(LENGTH_FLAGS.map((key) => [key, String(next.flags[key])])));
  }

  useEffect(() => {
    getFlags().then(show, (caught: unknown) => setError(fieldErrors(caught)));
  }, []);

  async function save() {
    if (!view || !draft) return;
    const wanted: Record<string, unknown> = {
      ...draft,
      ...Object.fromEntries(LENGTH_FLAGS.map((key) => [key, lengths[key] === '' ? NaN : Number(lengths[key])])),
    };
    const changes = Object.fromEntries(
      Object.entries(wanted)
        .filter(([key, value]) => view.flags[key] !== value)
        .map(([key, value]) => [key, Number.isNaN(value) ? lengths[key] : value]),
    );
    if (Object.keys(changes).length === 0) {
      notify('admin.settings.unchanged', { type: 'info' });
      return;
    }
    setSaving(true);
    setError(null);
    try {
      show(await saveFlags(changes as Partial<EditableFlags>));
      notify('admin.settings.saved', { type: 'success' });
      onSaved?.();
    } catch (caught) {
      setError(fieldErrors(caught));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('admin.settings.flags.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('admin.settings.flags.help')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line', my: 1 }}>
            {error}
          </Alert>
        )}
        {!draft && !error && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {draft && view && (
          <>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
              {BOOLEAN_FLAGS.map((key) => (
                <FormControlLabel
                  key={key}
                  control={<Switch checked={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })} />}
                  label={translate(`admin.settings.flags.${key}`)}
                />
              ))}
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
              {LENGTH_FLAGS.map((key) => (
                <TextField
                  key={key}
                  type="number"
                  size="small"
                  label={translate(`admin.settings.flags.${key}`)}
                  value={lengths[key] ?? ''}
                  onChange={(e) => setLengths({ ...lengths, [key]: e.target.value })}
                  slotProps={{ htmlInput: { min: view.passwordLengthBounds.min, max: view.passwordLengthBounds.max, step: 1 } }}
                  helperText={translate('admin.settings.flags.bounds', view.passwordLengthBounds)}
                />
              ))}
            </Stack>
            <Button variant="contained" onClick={save} disabled={saving} sx={{ mt: 2 }}>
              {translate('ra.action.save')}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
