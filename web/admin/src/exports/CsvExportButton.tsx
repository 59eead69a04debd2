import { EmptyState, Loading } from '@speach/web-shared/feedback';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { type CsvTemplate, type ExportJob, launchExport, listTemplates, templateLabel } from './api';

/** Spec §2: the export dialog is 600 px wide and its list scrolls at 365 px. */
const DIALOG_WIDTH = 600;
const LIST_HEIGHT = 365;

/**
 * The CSV export button and its dialog (spec §2 "Admin dashboard"): choose templates or export all,
 * launch, a success message, then the dialog closes. The job runs in the background; its files are
 * listed on the exports screen.
 */
export function CsvExportButton({ onLaunched }: { onLaunched?: (job: ExportJob) => void }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => setOpen(true)}>
        {translate('admin.exports.button')}
      </Button>
      {open && (
        <CsvExportDialog
          onClose={() => setOpen(false)}
          onLaunched={(job) => {
            setOpen(false);
            onLaunched?.(job);
          }}
        />
      )}
    </>
  );
}

function CsvExportDialog({ onClose, onLaunched }: { onClose: () => void; onLaunched: (job: ExportJob) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const titleId = useId();
  const [templates, setTemplates] = useState<CsvTemplate[] | null>(null);
  const [error, setError] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listTemplates()
      .then(setTemplates)
      .catch((caught: unknown) => {
        // Spec §8: CSV failures are logged, with no message of their own beyond the empty state.
        console.error(caught);
        setError(true);
      });
  }, []);

  function toggle(name: string) {
    setSelected((current) => (current.includes(name) ? current.filter((n) => n !== name) : [...current, name]));
  }

  async function launch(names: string[]) {
    if (names.length === 0) return;
    setBusy(true);
    try {
      const job = await launchExport(names);
      notify('admin.exports.launched', { type: 'success' });
      onLaunched(job);
    } catch (caught) {
      console.error(caught);
      setBusy(false);
      setError(true);
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} PaperProps={{ sx: { width: DIALOG_WIDTH, maxWidth: '100%' } }}>
      <DialogTitle id={titleId}>{translate('admin.exports.title')}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate('admin.exports.error')}
          </Alert>
        )}
        {!templates && !error && <Loading />}
        {templates && templates.length === 0 && <EmptyState message={translate('admin.exports.empty')} />}
        {templates && templates.length > 0 && (
          <>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography variant="body2">{translate('admin.exports.choose')}</Typography>
              <Link component="button" type="button" variant="body2" onClick={() => launch(templates.map((t) => t.templateName))} disabled={busy}>
                {translate('admin.exports.exportAll')}
              </Link>
            </Box>
            <List dense sx={{ maxHeight: LIST_HEIGHT, overflowY: 'auto' }} aria-label={translate('admin.exports.templates')}>
              {templates.map((template) => (
                <ListItem key={template.templateName} disablePadding>
                  <FormControlLabel
                    control={<Checkbox checked={selected.includes(template.templateName)} onChange={() => toggle(template.templateName)} />}
                    label={templateLabel(template, locale ?? 'en')}
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => launch(selected)} disabled={busy || selected.length === 0}>
          {translate('admin.exports.export')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
