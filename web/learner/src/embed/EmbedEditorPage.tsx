import { Alert, Button, Container, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useI18n } from '../i18n';
import { Loading } from '../speach/common';
import { type EmbedDraft, embedApi, flatten } from './embedApi';

/**
 * Spec §2 `/editEmbed[/id]?access_token&tool=SPEACH&mode&weetTitle&dedicatedTenant`: the editor's entry for a
 * host that frames it. An `edit` token shows the draft's outline as its issuer sees it; the changes
 * themselves are made in the editor, opened in a new tab with the member's own session.
 */
export function EmbedEditorPage() {
  const { speachID } = useParams();
  const [search] = useSearchParams();
  const { t } = useI18n();
  const [draft, setDraft] = useState<EmbedDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const token = search.get('access_token') ?? '';
  const title = search.get('weetTitle');

  useEffect(() => {
    if (!speachID) return;
    embedApi
      .draft(speachID, { token, tenant: search.get('dedicatedTenant') ?? undefined })
      .then(setDraft)
      .catch((e: Error) => setError(e.message));
  }, [speachID, token, search]);

  if (!speachID) return <Alert severity="info" sx={{ m: 2 }}>{t('embed.editor.noSpeach')}</Alert>;
  if (error) return <Alert severity="error" sx={{ m: 2 }}>{t('embed.refused', { reason: error })}</Alert>;
  if (!draft) return <Loading />;
  return (
    <Container component="main" maxWidth="md" sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('embed.editor.title', { title: title || draft.speach.title })}
      </Typography>
      <Typography variant="h6" component="h2">
        {t('embed.editor.outline')}
      </Typography>
      <List dense>
        {flatten(draft.chapters).map((c) => (
          <ListItem key={c.chapterId}>
            <ListItemText primary={c.title} secondary={c.content?.type ?? 'NONE'} />
          </ListItem>
        ))}
      </List>
      <Button variant="contained" href={`/recorder/edit/${encodeURIComponent(speachID)}`} target="_blank" rel="noopener">
        {t('embed.editor.open')}
      </Button>
    </Container>
  );
}
