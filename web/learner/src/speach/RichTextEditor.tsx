import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Paper, TextField, Toolbar, Tooltip } from '@mui/material';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import InsertLink from '@mui/icons-material/InsertLink';
import { type FormEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../i18n';

/**
 * A small rich-text editor: a contentEditable region with bold, italic, bulleted list and link.
 * Uncontrolled: `initialHtml` is set once, `onChange` reports the HTML (the server sanitises it).
 */
export function RichTextEditor({ initialHtml, onChange, label }: { initialHtml: string; onChange: (html: string) => void; label: string }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const labelId = useId();

  useEffect(() => {
    if (ref.current) ref.current.innerHTML = initialHtml;
    // Set once per mount: the parent remounts the editor for another chapter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const emit = () => onChange(ref.current?.innerHTML ?? '');
  const exec = (command: string, value?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, value);
    emit();
  };
  const openLink = () => {
    const selection = window.getSelection();
    savedRange.current = selection && selection.rangeCount > 0 && ref.current?.contains(selection.anchorNode) ? selection.getRangeAt(0).cloneRange() : null;
    setLinkUrl('https://');
    setLinkOpen(true);
  };
  const insertLink = (event: FormEvent) => {
    event.preventDefault();
    setLinkOpen(false);
    const url = linkUrl.trim();
    if (!/^(https?:|mailto:)/i.test(url)) return;
    ref.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && !selection.isCollapsed) document.execCommand('createLink', false, url);
    else document.execCommand('insertHTML', false, `<a href="${url.replace(/"/g, '&quot;')}">${url.replace(/</g, '&lt;')}</a>`);
    emit();
  };
  const keep = (event: MouseEvent) => event.preventDefault(); // keep the selection in the text while clicking the toolbar

  return (
    <Paper variant="outlined">
      <Toolbar variant="dense" role="toolbar" aria-label={t('speach.rte.toolbar')} sx={{ gap: 0.5, borderBottom: 1, borderColor: 'divider', minHeight: 40 }}>
        <Tooltip title={t('speach.rte.bold')}>
          <IconButton size="small" aria-label={t('speach.rte.bold')} onMouseDown={keep} onClick={() => exec('bold')}>
            <FormatBold />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('speach.rte.italic')}>
          <IconButton size="small" aria-label={t('speach.rte.italic')} onMouseDown={keep} onClick={() => exec('italic')}>
            <FormatItalic />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('speach.rte.list')}>
          <IconButton size="small" aria-label={t('speach.rte.list')} onMouseDown={keep} onClick={() => exec('insertUnorderedList')}>
            <FormatListBulleted />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('speach.rte.link')}>
          <IconButton size="small" aria-label={t('speach.rte.link')} onMouseDown={keep} onClick={openLink}>
            <InsertLink />
          </IconButton>
        </Tooltip>
      </Toolbar>
      <span id={labelId} hidden>
        {label}
      </span>
      <Box
        ref={ref}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        tabIndex={0}
        data-testid="rich-text"
        onInput={emit}
        onBlur={emit}
        sx={{
          minHeight: 200,
          maxHeight: '60vh',
          overflow: 'auto',
          p: 2,
          outline: 'none',
          '&:focus-visible': { boxShadow: (th) => `inset 0 0 0 2px ${th.palette.primary.main}` },
          '& a': { color: 'primary.main' },
        }}
      />
      <Dialog open={linkOpen} onClose={() => setLinkOpen(false)} slotProps={{ paper: { component: 'form', onSubmit: insertLink } as object }}>
        <DialogTitle>{t('speach.rte.link')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            type="url"
            label={t('speach.rte.linkUrl')}
            value={linkUrl}
            onChange={(e) => setLinkUrl(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLinkOpen(false)}>{t('speach.common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('speach.rte.insertLink')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
