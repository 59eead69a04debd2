import { Alert, Box, Button, Container, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useI18n } from '../i18n';
import { errorMessage } from '../speach/speachApi';
import { Loading } from '@speach/web-shared';
import { RichTextEditor } from '../speach/RichTextEditor';
import { type EmbedDraft, type EmbedEdit, EmbedError, flatten } from './embedApi';
import { useEmbedDraft, useSaveEmbedDraft } from './useEmbed';

type ChapterEdit = { title: string; html?: string };

/**
 * Spec §2 `/editEmbed[/id]?access_token&tool=SPEACH&mode&weetTitle&dedicatedTenant`: the editor for a host
 * that frames it. An `edit` token lets the LMS user change the speach title, chapter titles and the text
 * of text chapters, saved as the token's issuer; quizzes, media and structure stay in the full editor.
 */
export function EmbedEditorPage() {
  const { speachID } = useParams();
  const [search] = useSearchParams();
  const { t } = useI18n();
  const token = search.get('access_token') ?? '';
  const params = { token, tenant: search.get('dedicatedTenant') ?? undefined };
  const query = useEmbedDraft(speachID, params);
  const draft = query.data ?? null;
  const error = query.error ? errorMessage(query.error) : null;
  const saveDraft = useSaveEmbedDraft(speachID ?? '', params);
  const saving = saveDraft.isPending;
  const [title, setTitle] = useState('');
  const [edits, setEdits] = useState<Record<string, ChapterEdit>>({});
  const [status, setStatus] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  // Each draft read or saved (a new revision) is what the form starts from again.
  const [formOf, setFormOf] = useState<EmbedDraft | null>(null);
  if (draft && draft !== formOf) {
    setFormOf(draft);
    setTitle(draft.speach.title);
    setEdits(
      Object.fromEntries(
        flatten(draft.chapters).map((c) => [c.chapterId, { title: c.title, html: c.content?.type === 'HTML' ? (c.content.html ?? '') : undefined }]),
      ),
    );
  }

  if (!speachID)
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        {t('embed.editor.noSpeach')}
      </Alert>
    );
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('embed.refused', { reason: error })}
      </Alert>
    );
  if (!draft) return <Loading />;
  const chapters = flatten(draft.chapters);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // Only what changed is sent: an untouched chapter is not rewritten (and not audited as edited).
    const changed = chapters.flatMap((c) => {
      const edit = edits[c.chapterId];
      const original = c.content?.type === 'HTML' ? (c.content.html ?? '') : undefined;
      const out: { chapterId: string; title?: string; html?: string } = { chapterId: c.chapterId };
      if (edit.title !== c.title) out.title = edit.title;
      if (edit.html !== undefined && edit.html !== original) out.html = edit.html;
      return Object.keys(out).length > 1 ? [out] : [];
    });
    const body: EmbedEdit = {
      version: draft.speach.revision,
      ...(title !== draft.speach.title ? { title } : {}),
      ...(changed.length ? { chapters: changed } : {}),
    };
    try {
      await saveDraft.mutateAsync(body);
      setStatus({ severity: 'success', text: t('embed.editor.saved') });
    } catch (e) {
      const stale = e instanceof EmbedError && e.status === 409;
      setStatus({ severity: 'error', text: stale ? t('embed.editor.stale') : t('embed.editor.failed', { reason: (e as Error).message }) });
    }
  };

  return (
    <Container component="main" maxWidth="md" sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('embed.editor.title', { title: search.get('weetTitle') || draft.speach.title })}
      </Typography>
      <Box component="form" onSubmit={save} noValidate>
        <Stack spacing={2}>
          <TextField label={t('embed.editor.speachTitle')} value={title} onChange={(e) => setTitle(e.target.value)} required inputProps={{ maxLength: 255 }} />
          <Typography variant="h6" component="h2">
            {t('embed.editor.outline')}
          </Typography>
          {chapters.map((c, i) => (
            <Stack key={c.chapterId} spacing={1}>
              <TextField
                label={t('embed.editor.chapterTitle', { n: i + 1 })}
                value={edits[c.chapterId]?.title ?? ''}
                onChange={(e) => setEdits((all) => ({ ...all, [c.chapterId]: { ...all[c.chapterId], title: e.target.value } }))}
                required
                inputProps={{ maxLength: 255 }}
              />
              {c.content === null || c.content.type === 'HTML' || c.content.type === 'NONE' ? (
                <RichTextEditor
                  key={`${c.chapterId}-${draft.speach.revision}`}
                  label={t('embed.editor.html', { n: i + 1 })}
                  initialHtml={edits[c.chapterId]?.html ?? ''}
                  onChange={(html) => setEdits((all) => ({ ...all, [c.chapterId]: { ...all[c.chapterId], html } }))}
                />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('embed.editor.otherContent', { type: c.content.type })}
                </Typography>
              )}
            </Stack>
          ))}
          {status && (
            <Alert severity={status.severity} role="status">
              {status.text}
            </Alert>
          )}
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" disabled={saving}>
              {t('embed.editor.save')}
            </Button>
            <Button href={`/recorder/edit/${encodeURIComponent(speachID)}`} target="_blank" rel="noopener">
              {t('embed.editor.open')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Container>
  );
}
