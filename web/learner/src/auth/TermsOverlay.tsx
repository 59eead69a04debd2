import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Loading } from '@speach/web-shared';
import { type UIEvent, useState } from 'react';
import { useI18n } from '../i18n';
import { TERMS_SOURCES, useTermsText } from './useTerms';

/** Spec §2 "Terms and personal data": the accept button wakes up only once the text is scrolled to its end. */
export function TermsOverlay({ document }: { document: 'GCU' | 'PDP' }) {
  const { t } = useI18n();
  const html = useTermsText(document).data ?? null;
  const [atBottom, setAtBottom] = useState(false);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 4) setAtBottom(true);
  }

  const titleId = `terms-${document}-title`;
  return (
    <Dialog open fullWidth maxWidth="md" aria-labelledby={titleId} disableEscapeKeyDown>
      <DialogTitle id={titleId}>{t(`terms.${document}.title`)}</DialogTitle>
      <DialogContent
        dividers
        onScroll={onScroll}
        sx={{ maxHeight: '60vh' }}
        tabIndex={0}
        data-testid="terms-text"
        ref={(el: HTMLDivElement | null) => {
          // A text shorter than the box is read as soon as it is shown.
          if (el && html !== null && el.scrollHeight <= el.clientHeight + 4 && !atBottom) setAtBottom(true);
        }}
      >
        {html === null ? <Loading /> : <Box dangerouslySetInnerHTML={{ __html: html }} />}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        {!atBottom ? (
          <Alert severity="info" sx={{ py: 0 }}>
            {t('terms.scrollHint')}
          </Alert>
        ) : (
          <span />
        )}
        <Button variant="contained" disabled={!atBottom} href={TERMS_SOURCES[document].accept}>
          {t('terms.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
