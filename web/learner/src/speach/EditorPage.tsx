import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import History from '@mui/icons-material/History';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { ChapterTree, type TreeActions } from './ChapterTree';
import { ContentEditor } from './ContentEditor';
import { CoverPicker } from './CoverPicker';
import { DetailsPanel } from './DetailsPanel';
import { PublicationPanel } from './PublicationPanel';
import { SharePanel } from './SharePanel';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage, isDelayed, speachApi, speachSlug } from './speachApi';
import type { Chapter, DraftSpeach, SpeachCard } from './types';
import { type EditorDraft, applyToDraft, invalidateAfterEdit, speachKeys, useEditorDraft } from './useSpeach';
import { LeaveGuard, SaveStatusIndicator, UnsavedChangesProvider, useDirtyRegistry } from './unsaved/UnsavedChanges';

function findChapter(chapters: Chapter[], id: string | null): Chapter | null {
  if (!id) return null;
  for (const c of chapters) {
    if (c.chapterId === id) return c;
    const inside = findChapter(c.children ?? [], id);
    if (inside) return inside;
  }
  return null;
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** /recorder/edit/{speachID}: the speach editor; its panels report unsaved edits to one header indicator. */
export function EditorPage() {
  return (
    <UnsavedChangesProvider>
      <EditorWorkspace />
    </UnsavedChangesProvider>
  );
}

function EditorWorkspace() {
  const { speachID = '' } = useParams();
  // The AI generator opens the editor on one chapter (?chapter=).
  const [search] = useSearchParams();
  const wantedChapter = search.get('chapter');
  const { t } = useI18n();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [toast, showToast] = useToast();
  const registry = useDirtyRegistry();
  const client = useQueryClient();
  const draftQuery = useEditorDraft(speachID);
  const speach = draftQuery.data?.draft ?? null;
  // Each load from the server remounts the forms on what it holds; the commands' answers do not.
  const generation = draftQuery.data?.load ?? 0;

  const { refetch } = draftQuery;
  const load = useCallback(
    () =>
      void refetch().then((answer) => {
        if (answer.isSuccess) setConflict(null);
      }),
    [refetch],
  );

  useEffect(() => {
    if (speach) document.title = `${t('route.edit')} – ${speach.title}`;
  }, [speach, t]);

  // Every answer of a change (commands, uploads, cover) goes through here: the speach's other views and the card lists are stale.
  const apply = useCallback(
    (card: SpeachCard | DraftSpeach) => {
      applyToDraft(client, speachID, card as Partial<DraftSpeach>);
      invalidateAfterEdit(client, speachID);
    },
    [client, speachID],
  );

  /** Runs a command with the draft's current version; a 409 shows the "changed elsewhere" banner. Rejects with the error. */
  const command = useCallback(
    async <T,>(call: (v: number) => Promise<T>): Promise<T> => {
      setBusy(true);
      const saved = registry?.beginSave();
      try {
        return await call(client.getQueryData<EditorDraft>(speachKeys.editorDraft(speachID))?.draft.version ?? 0);
      } catch (e) {
        if (e instanceof ApiError && e.status === 409) setConflict(e.message);
        throw e;
      } finally {
        saved?.();
        setBusy(false);
      }
    },
    [registry, client, speachID],
  );

  /** The commands answering no card change the revision too: read it again. */
  const refreshCard = useCallback(async () => {
    try {
      apply(await client.fetchQuery({ queryKey: speachKeys.card(speachID), queryFn: () => speachApi.card(speachID), staleTime: 0 }));
    } catch {
      // the next command will say so
    }
  }, [apply, client, speachID]);

  const toastError = (e: unknown) => {
    if (!(e instanceof ApiError && e.status === 409)) showToast('error', errorMessage(e));
  };

  // The chapter shown: the one picked while it exists, else the one asked in the address, else the first.
  const chapters = speach?.chapters ?? [];
  const selectedId = findChapter(chapters, chosenId)
    ? chosenId
    : chosenId === null && findChapter(chapters, wantedChapter)
      ? wantedChapter
      : (chapters[0]?.chapterId ?? null);

  const tree: TreeActions = {
    onSelect: setChosenId,
    onAdd: async (title, parentId) => {
      try {
        const answer = await command((v) => speachApi.addChapter(speachID, { title, parentId, version: v }));
        apply(answer.speach);
        setChosenId(answer.chapterId);
        return true;
      } catch (e) {
        toastError(e);
        return false;
      }
    },
    onRename: async (chapterId, title) => {
      try {
        apply(await command((v) => speachApi.renameChapter(speachID, chapterId, { title, version: v })));
        return true;
      } catch (e) {
        toastError(e);
        return false;
      }
    },
    onRemove: async (chapterId) => {
      try {
        apply(await command((v) => speachApi.removeChapter(speachID, chapterId, v)));
        showToast('success', t('speach.tree.removed'));
        return true;
      } catch (e) {
        toastError(e);
        return false;
      }
    },
    onMove: async (chapterId, parentId, position) => {
      try {
        apply(await command((v) => speachApi.moveChapter(speachID, chapterId, { parentId, position, version: v })));
        return true;
      } catch (e) {
        toastError(e);
        return false;
      }
    },
  };

  const loadError = draftQuery.error;
  if (loadError) {
    const status = loadError instanceof ApiError ? loadError.status : 0;
    return (
      <>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('route.edit')}
        </Typography>
        <ErrorState
          message={status === 404 ? t('speach.notFound') : status === 403 ? t('speach.editor.forbidden') : errorMessage(loadError)}
          onRetry={status === 404 || status === 403 ? undefined : load}
        />
      </>
    );
  }
  if (!speach) return <Loading />;

  const selected = findChapter(chapters, selectedId);
  const slug = speachSlug(speach.title);
  const shareable = speach.publication || isDelayed(speach);

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="overline" component="p">
            {t('route.edit')}
          </Typography>
          <Typography variant="h4" component="h1" sx={{ wordBreak: 'break-word' }}>
            {speach.title}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} flexShrink={0} alignItems="center">
          <SaveStatusIndicator />
          <Button variant="outlined" startIcon={<OpenInNew />} href={`/play/${speachID}/${slug}`} target="_blank" rel="noopener">
            {t('speach.editor.preview')}
          </Button>
          <Button variant="outlined" startIcon={<History />} component={RouterLink} to={`/list-versions/${speachID}`}>
            {t('speach.editor.versions')}
          </Button>
        </Stack>
      </Stack>

      {conflict !== null && (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void load()}>
              {t('speach.editor.reload')}
            </Button>
          }
        >
          {t('speach.editor.conflict')}
          {conflict && conflict !== t('speach.editor.conflict') ? ` (${conflict})` : ''}
        </Alert>
      )}

      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section id="chapters-heading" title={t('speach.editor.chapters')}>
            <ChapterTree chapters={speach.chapters ?? []} selectedId={selectedId} busy={busy} actions={tree} />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Section id="content-heading" title={selected ? t('speach.editor.contentOf', { title: selected.title }) : t('speach.editor.content')}>
            {selected ? (
              <ContentEditor
                key={`${selected.chapterId}-${generation}`}
                speachId={speachID}
                chapter={selected}
                onConflict={() => setConflict('')}
                onUploaded={apply}
                onQuizRecorded={() => void load()}
                save={async (content) => {
                  apply(await command((v) => speachApi.setContent(speachID, selected.chapterId, { ...content, version: v })));
                }}
              />
            ) : (
              <Typography color="text.secondary">{t('speach.editor.selectChapter')}</Typography>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section id="details-heading" title={t('speach.editor.details')}>
            <CoverPicker speach={speach} onChanged={apply} notify={(message) => showToast('success', message)} />
            <DetailsPanel
              key={generation}
              speach={speach}
              busy={busy}
              save={async (body) => {
                apply(await command((v) => speachApi.details(speachID, { ...body, version: v })));
                showToast('success', t('speach.details.saved'));
              }}
            />
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={3}>
            <Section id="publication-heading" title={t('speach.editor.publication')}>
              <PublicationPanel
                key={generation}
                speach={speach}
                busy={busy}
                publish={async (at) => {
                  apply(await command((v) => speachApi.publish(speachID, at ? { at, version: v } : { version: v })));
                  showToast('success', t(at ? 'speach.publish.scheduled' : 'speach.publish.published'));
                }}
                unpublish={async () => {
                  apply(await command((v) => speachApi.unpublish(speachID, { version: v })));
                  showToast('success', t('speach.publish.unpublished'));
                }}
                setVisibility={async (visibility, accessCode) => {
                  apply(await command((v) => speachApi.visibility(speachID, { visibility, ...(accessCode ? { accessCode } : {}), version: v })));
                  showToast('success', t('speach.updated'));
                }}
                setBadge={async (badge) => {
                  try {
                    apply(await command(() => speachApi.badge(speachID, badge)));
                    showToast('success', t('speach.updated'));
                  } catch (e) {
                    toastError(e);
                    throw e;
                  }
                }}
                setLocked={async (locked) => {
                  try {
                    await command(() => speachApi.lockedSubchapters(speachID, locked));
                    await refreshCard();
                    showToast('success', t('speach.updated'));
                  } catch (e) {
                    showToast('error', t('speach.updateFailed'));
                    throw e;
                  }
                }}
                setDueDate={async (dueDate) => {
                  try {
                    await command(() => speachApi.dueDate(speachID, dueDate));
                    await refreshCard();
                    showToast('success', t('speach.updated'));
                  } catch (e) {
                    showToast('error', t('speach.updateFailed'));
                    throw e;
                  }
                }}
              />
            </Section>
            {shareable && (
              <Section id="share-heading" title={t('speach.share.title')}>
                <SharePanel
                  key={`${generation}-${speach.publishedVersion}`}
                  speachId={speachID}
                  title={speach.title}
                  onCopied={() => showToast('success', t('speach.share.copied'))}
                />
              </Section>
            )}
          </Stack>
        </Grid>
      </Grid>
      {toast}
      <LeaveGuard />
    </Stack>
  );
}
