import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, LinearProgress, Stack, Switch, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FOOTER_CODES, type FooterCode, type FooterItem, fieldErrors, getFooter, saveFooter } from './api';

interface Row {
  code: FooterCode;
  shown: boolean;
  label: string;
  url: string;
}

function rowsOf(items: FooterItem[]): Row[] {
  return FOOTER_CODES.map((code) => {
    const item = items.find((i) => i.code === code);
    return { code, shown: !!item, label: item?.label ?? '', url: code === 'PRODUCT' ? (item?.url ?? '') : '' };
  });
}

/** The footer (spec §2, §3 Footer data): enabled flag and one item per code. */
export function FooterCard({ onSaved }: { onSaved?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [enabled, setEnabled] = useState(true);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    getFooter().then(
      (footer) => {
        setEnabled(footer.isEnabled);
        setRows(rowsOf(footer.items));
      },
      (caught: unknown) => setError(fieldErrors(caught)),
    );
  }, []);

  function change(code: FooterCode, patch: Partial<Row>) {
    setRows((current) => current?.map((row) => (row.code === code ? { ...row, ...patch } : row)) ?? null);
  }

  async function save() {
    if (!rows) return;
    setSaving(true);
    setError(null);
    try {
      const items = rows
        .filter((r) => r.shown)
        .map((r) => (r.code === 'PRODUCT' ? { code: r.code, label: r.label, url: r.url } : { code: r.code, label: r.label }));
      const saved = await saveFooter({ isEnabled: enabled, items });
      setEnabled(saved.isEnabled);
      setRows(rowsOf(saved.items));
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
          {translate('admin.settings.footer.title')}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ whiteSpace: 'pre-line', my: 1 }}>
            {error}
          </Alert>
        )}
        {!rows && !error && <LinearProgress aria-label={translate('ra.page.loading')} />}
        {rows && (
          <>
            <FormControlLabel
              control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
              label={translate('admin.settings.footer.enabled')}
            />
            <Stack spacing={1.5} sx={{ mt: 1 }}>
              {rows.map((row) => (
                <Box key={row.code} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                  <FormControlLabel
                    sx={{ minWidth: 220 }}
                    control={<Checkbox checked={row.shown} onChange={(e) => change(row.code, { shown: e.target.checked })} />}
                    label={translate(`admin.settings.footer.codes.${row.code}`)}
                  />
                  <TextField
                    size="small"
                    label={translate('admin.settings.footer.label', { code: row.code })}
                    value={row.label}
                    disabled={!row.shown}
                    fullWidth={false}
                    sx={{ width: 260 }}
                    onChange={(e) => change(row.code, { label: e.target.value })}
                    slotProps={{ htmlInput: { maxLength: 100 } }}
                  />
                  {row.code === 'PRODUCT' && (
                    <TextField
                      size="small"
                      type="url"
                      label={translate('admin.settings.footer.url')}
                      value={row.url}
                      disabled={!row.shown}
                      onChange={(e) => change(row.code, { url: e.target.value })}
                      fullWidth={false}
                      sx={{ width: 320 }}
                    />
                  )}
                </Box>
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
