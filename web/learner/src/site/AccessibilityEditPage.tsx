import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useI18n } from '../i18n';
import { RichTextEditor } from '../speach/RichTextEditor';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { useSaveStatement, useStatement } from './useSite';

/** Text of the HTML, to tell an empty editor (spec §5: the statement must not be empty). */
function textOf(html: string): string {
  const div = document.createElement('div');
  div.innerHTML = html;
  return (div.textContent ?? '').replace(/\u00a0/g, ' ').trim();
}

/**
 * /accessibility-statement/edit (admins): rich text, save (→ /accessibility-statement), cancel with a
 * confirmation (→ /), an info message when saving without a change.
 */
export function AccessibilityEditPage() {
  const { t } = useI18n();
  const { me } = useAuth();
  const navigate = useNavigate();
  const [toast, showToast] = useToast();
  const confirmId = useId();
  const statement = useStatement();
  const current = statement.data;
  const saveStatement = useSaveStatement();
  // What the editor holds: the stored text until the admin types.
  const [edited, setEdited] = useState<string | null>(null);
  const html = edited ?? current?.statement ?? '';
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [emptyError, setEmptyError] = useState(false);

  if (!me?.isAdmin) return <Navigate to="/accessibility-statement" replace />;

  function save() {
    if (!textOf(html) && !/<img\b/i.test(html)) {
      setEmptyError(true);
      return;
    }
    setEmptyError(false);
    if (current && html === current.statement) {
      showToast('info', t('site.statement.unchanged'));
      return;
    }
    saveStatement.mutate(
      { current: current ?? null, html },
      {
        onSuccess: (result) => {
          if (result.changed) navigate('/accessibility-statement', { state: { saved: true } });
          else showToast('info', t('site.statement.unchanged'));
        },
        onError: (caught) => {
          console.error(caught);
          showToast('error', t('accessibility.statement.edition.on-save.error'));
        },
      },
    );
  }

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('site.statement.editTitle')}
      </Typography>
      {statement.isPending && <Loading />}
      {statement.isError && <ErrorState message={t('common.error')} onRetry={() => void statement.refetch()} />}
      {current !== undefined && (
        <>
          {emptyError && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {t('site.statement.empty')}
            </Alert>
          )}
          <Box sx={{ '& [contenteditable]': { minHeight: '50vh' } }}>
            <RichTextEditor
              initialHtml={current?.statement ?? ''}
              onChange={(next) => {
                setEdited(next);
                setEmptyError(false);
              }}
              label={t('route.accessibility')}
            />
          </Box>
          <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
            <Button variant="contained" onClick={save} disabled={saveStatement.isPending}>
              {t('site.statement.save')}
            </Button>
            <Button onClick={() => setConfirmOpen(true)}>{t('site.statement.cancel')}</Button>
          </Stack>
        </>
      )}
      <Dialog open={confirmOpen} onClose={() => setConfirmOpen(false)} aria-labelledby={confirmId}>
        <DialogTitle id={confirmId}>{t('site.statement.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('site.statement.cancelText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOpen(false)} autoFocus>
            {t('site.statement.keepEditing')}
          </Button>
          <Button color="error" onClick={() => navigate('/')}>
            {t('site.statement.discard')}
          </Button>
        </DialogActions>
      </Dialog>
      {toast}
    </Box>
  );
}
