import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
  LinearProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Lock from '@mui/icons-material/Lock';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { type FormEvent, type ReactNode, Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { type PrimaryAction, SpeachHeader } from './SpeachHeader';
import { ContentView } from './ContentView';
import { CompletionPanel } from './CompletionPanel';
import { ErrorState, Loading } from '@speach/web-shared';
import { errorMessage } from './speachApi';
import { useMarkChapterRead, useRefreshReading, useSpeachReading } from './useSpeach';
import type { Chapter, ReadResponse } from './types';

/** Bookmark, follow, rating and comments (published page only), loaded apart from the reader. */
const DiscussionSection = lazy(() => import('../forum/DiscussionSection').then((m) => ({ default: m.DiscussionSection })));
const ReportButton = lazy(() => import('../forum/ReportButton').then((m) => ({ default: m.ReportButton })));
const EngagementSection = lazy(() => import('../engagement/EngagementSection').then((m) => ({ default: m.EngagementSection })));

type Mode = 'published' | 'draft';

/** Spec §2: `/s/{speachID}_REGULATED/{slug}` opens the version in force for regulated learners. */
const REGULATED_SUFFIX = '_REGULATED';

/** Reading order: each chapter, then its sub-chapters. */
export function readingOrder(chapters: Chapter[]): { chapter: Chapter; depth: number }[] {
  const out: { chapter: Chapter; depth: number }[] = [];
  const walk = (list: Chapter[], depth: number) => {
    for (const c of list) {
      out.push({ chapter: c, depth });
      walk(c.children ?? [], depth + 1);
    }
  };
  walk(chapters, 0);
  return out;
}

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

function AccessCodeForm({ wrong, onSubmit }: { wrong: boolean; onSubmit: (code: string) => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code) onSubmit(code);
  };
  return (
    <Paper component="form" onSubmit={submit} sx={{ p: 3, maxWidth: 480 }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h2">
          {t('speach.read.privateTitle')}
        </Typography>
        <Typography>{t('speach.read.privateText')}</Typography>
        <TextField
          label={t('speach.visibility.accessCode')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
          error={wrong}
          helperText={wrong ? t('speach.read.wrongCode') : ' '}
          autoComplete="off"
        />
        <Box>
          <Button type="submit" variant="contained" disabled={!code}>
            {t('speach.read.unlock')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

/** A private speach asks for its code: the server refuses the reading on the `accessCode` field. */
function isCodeRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.errors.some((x) => x.field === 'accessCode');
}

/** The chapter a load opens: the one the address asks for when it is open to the reader, else the first open one. */
function startChapter(data: ReadResponse, wanted: string | null): string | null {
  const order = readingOrder(data.chapters ?? []);
  const locked = new Set(data.lockedChapterIds ?? []);
  const start = order.find((o) => o.chapter.chapterId === wanted && !locked.has(o.chapter.chapterId)) ?? order.find((o) => !locked.has(o.chapter.chapterId));
  return start?.chapter.chapterId ?? null;
}

/** /s/{speachID}/{slug} (published), /play/{speachID}/{slug} (draft) and /play-embedded/{speachID} (draft, no app chrome). */
export function ReaderPage({ mode, embedded = false }: { mode: Mode; embedded?: boolean }) {
  // A `_REGULATED` load id reads the version in force; everything else belongs to the speach itself.
  const { speachID: loadId = '' } = useParams();
  const speachID = loadId.endsWith(REGULATED_SUFFIX) ? loadId.slice(0, -REGULATED_SUFFIX.length) : loadId;
  const [search, setSearch] = useSearchParams();
  const { t, date } = useI18n();
  const [accessCode, setAccessCode] = useState<string | undefined>(undefined);
  const [lockedMessage, setLockedMessage] = useState(false);
  const contentHeading = useRef<HTMLHeadingElement>(null);
  const initialChapter = useRef(search.get('chapter'));
  const reading = { mode, accessCode };
  const query = useSpeachReading(speachID, loadId, reading);
  const data = query.data ?? null;
  const markRead = useMarkChapterRead(speachID, loadId, reading);
  const refreshProgress = useRefreshReading(speachID);

  // Each load (another speach, mode or access code) starts where the address or the first open chapter says,
  // and remembers where the previous visit stopped for "continue where I left off" (later reads don't move it).
  const loadKey = `${loadId}|${mode}|${accessCode ?? ''}`;
  const [visit, setVisit] = useState<{ key: string; currentId: string | null; resumeId: string | null } | null>(null);
  if (data && visit?.key !== loadKey)
    setVisit({ key: loadKey, currentId: startChapter(data, initialChapter.current), resumeId: data.progress?.lastChapterId ?? null });
  const currentId = visit?.key === loadKey ? visit.currentId : null;
  const resumeId = visit?.key === loadKey ? visit.resumeId : null;
  const setCurrentId = (id: string) => setVisit((v) => (v ? { ...v, currentId: id } : v));

  // Mark the opened chapter read (the mutation then refreshes the ticks and locks).
  const locked = (data?.lockedChapterIds ?? []).includes(currentId ?? '');
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (!currentId || !data || locked) return;
    mark(currentId, {
      onError: (e) => {
        if (e instanceof ApiError && e.status === 403 && !e.errors.some((x) => x.field === 'accessCode')) setLockedMessage(true);
      },
    });
    // Only when the chapter changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId, loadKey, !!data]);

  useEffect(() => {
    if (data) document.title = data.speach.title;
  }, [data]);

  const open = (id: string, focus = true) => {
    if (data?.lockedChapterIds?.includes(id)) return;
    setLockedMessage(false);
    setCurrentId(id);
    const next = new URLSearchParams(search);
    next.set('chapter', id);
    setSearch(next, { replace: true });
    if (focus) requestAnimationFrame(() => contentHeading.current?.focus());
  };

  const wrap = (node: ReactNode) =>
    embedded ? (
      <Box component="main" id="main" sx={{ p: 2 }}>
        {node}
      </Box>
    ) : (
      node
    );

  const error = query.error;
  // The form stays up while a code is being checked, so what was typed is kept if it is wrong.
  const codeRefused = isCodeRefusal(error);
  if (codeRefused || (accessCode !== undefined && query.isPending))
    return wrap(
      <AccessCodeForm
        wrong={codeRefused && accessCode !== undefined}
        onSubmit={(value) => (value === accessCode ? void query.refetch() : setAccessCode(value))}
      />,
    );
  if (error) {
    const status = error instanceof ApiError ? error.status : 0;
    // A sequential learning path holds this speach back (the server names the field `speachId`).
    const lockedByPath = status === 403 && error instanceof ApiError && error.errors.some((x) => x.field === 'speachId');
    const message =
      status === 404 ? t('speach.notFound') : lockedByPath ? t('path.lockedSpeach') : status === 403 ? t('speach.read.forbidden') : errorMessage(error);
    return wrap(
      <>
        <Typography variant="h4" component="h1" gutterBottom>
          {t(mode === 'draft' ? 'route.play' : 'route.speach')}
        </Typography>
        <ErrorState message={message} onRetry={status === 404 || status === 403 ? undefined : () => void query.refetch()} />
      </>,
    );
  }
  if (!data) return wrap(<Loading />);

  const { speach, progress } = data;
  const order = readingOrder(data.chapters ?? []);
  const read = new Set(progress?.readChapterIds ?? []);
  const lockedIds = new Set(data.lockedChapterIds ?? []);
  const index = order.findIndex((o) => o.chapter.chapterId === currentId);
  const current = index >= 0 ? order[index].chapter : null;
  const readCount = order.filter((o) => read.has(o.chapter.chapterId)).length;
  const previous = index > 0 ? order[index - 1] : null;
  const next = index >= 0 && index < order.length - 1 ? order[index + 1] : null;
  const last = resumeId && resumeId !== currentId && !lockedIds.has(resumeId) && order.some((o) => o.chapter.chapterId === resumeId) ? resumeId : null;

  // Start and review open the first chapter; continue the first one not read yet that is open to the reader.
  const startFrom = (action: PrimaryAction) => {
    const target = action === 'CONTINUE' ? order.find((o) => !read.has(o.chapter.chapterId) && !lockedIds.has(o.chapter.chapterId)) : order[0];
    if (target) open(target.chapter.chapterId);
  };

  return wrap(
    <Stack spacing={3}>
      <SpeachHeader speach={speach} facts={data.facts} read={readCount} total={order.length} onPrimary={(action) => startFrom(action)}>
        {mode === 'draft' && <Chip label={t('speach.read.draftPreview')} color="secondary" size="small" sx={{ mb: 1 }} />}
        {data.regulated && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {data.regulated.inForceUntil
              ? t('gxp.regulated.inForce', { version: data.regulated.version, date: date(data.regulated.inForceUntil) })
              : t('gxp.regulated.inForceOpen', { version: data.regulated.version })}
          </Alert>
        )}
        {!embedded && speach.canEdit && (
          <Button component={RouterLink} to={`/recorder/edit/${speachID}`} size="small" sx={{ mb: 1, ml: mode === 'draft' ? 1 : 0 }}>
            {t('speach.read.edit')}
          </Button>
        )}
      </SpeachHeader>
      {order.length === 0 ? (
        <Typography>{t('speach.read.empty')}</Typography>
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Paper component="nav" aria-labelledby="toc-heading" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 16 } }}>
              <Typography id="toc-heading" variant="h6" component="h2">
                {t('speach.read.toc')}
              </Typography>
              <Typography variant="body2" color="text.secondary" id="toc-progress">
                {t('speach.read.progress', { read: readCount, total: order.length, count: readCount })}
              </Typography>
              <LinearProgress variant="determinate" value={order.length ? (readCount / order.length) * 100 : 0} aria-labelledby="toc-progress" sx={{ my: 1 }} />
              {last && (
                <Button
                  size="small"
                  startIcon={<PlayArrow />}
                  onClick={() => {
                    setVisit((v) => (v ? { ...v, resumeId: null } : v));
                    open(last);
                  }}
                  sx={{ mb: 1 }}
                >
                  {t('speach.read.continue')}
                </Button>
              )}
              <List dense component="ol" sx={{ p: 0, listStyle: 'none' }}>
                {order.map(({ chapter, depth }) => {
                  const isLocked = lockedIds.has(chapter.chapterId);
                  const isRead = read.has(chapter.chapterId);
                  const isCurrent = chapter.chapterId === currentId;
                  return (
                    <li key={chapter.chapterId}>
                      <ListItemButton
                        selected={isCurrent}
                        aria-current={isCurrent ? 'step' : undefined}
                        disabled={isLocked}
                        onClick={() => open(chapter.chapterId)}
                        sx={{ pl: 1 + depth * 3, borderRadius: 1 }}
                      >
                        <ListItemIcon sx={{ minWidth: 32 }}>
                          {isLocked ? (
                            <Lock fontSize="small" aria-hidden="true" />
                          ) : isRead ? (
                            <CheckCircle fontSize="small" color="success" aria-hidden="true" />
                          ) : (
                            <RadioButtonUnchecked fontSize="small" aria-hidden="true" />
                          )}
                        </ListItemIcon>
                        <ListItemText
                          primary={
                            <>
                              {chapter.title}
                              <Box component="span" sx={visuallyHidden}>
                                {isLocked ? ` (${t('speach.read.locked')})` : isRead ? ` (${t('speach.read.read')})` : ''}
                              </Box>
                            </>
                          }
                          slotProps={{ primary: { sx: { fontWeight: depth === 0 ? 600 : 400 } } }}
                        />
                      </ListItemButton>
                    </li>
                  );
                })}
              </List>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Paper component="article" aria-labelledby="chapter-heading" sx={{ p: { xs: 2, sm: 3 } }}>
              {current ? (
                <Stack spacing={2}>
                  <Typography id="chapter-heading" variant="h5" component="h2" tabIndex={-1} ref={contentHeading} sx={{ outline: 'none' }}>
                    {current.title}
                  </Typography>
                  {lockedMessage && <Alert severity="warning">{t('speach.read.lockedMessage')}</Alert>}
                  <ContentView
                    key={current.chapterId}
                    speachId={loadId}
                    reading={{ mode, accessCode: accessCode }}
                    chapter={current}
                    previousResult={progress?.quizResults?.[current.chapterId]}
                    onAnswered={refreshProgress}
                  />
                  <Stack direction="row" justifyContent="space-between" sx={{ pt: 2 }}>
                    {previous ? (
                      <Button onClick={() => open(previous.chapter.chapterId)} disabled={lockedIds.has(previous.chapter.chapterId)}>
                        {t('speach.read.previous')}
                      </Button>
                    ) : (
                      <span />
                    )}
                    {next && (
                      <Button variant="contained" onClick={() => open(next.chapter.chapterId)} disabled={lockedIds.has(next.chapter.chapterId)}>
                        {t('speach.read.next')}
                      </Button>
                    )}
                  </Stack>
                </Stack>
              ) : (
                <Typography id="chapter-heading">{t('speach.read.allLocked')}</Typography>
              )}
            </Paper>
          </Grid>
        </Grid>
      )}
      {mode === 'published' && !embedded && order.length > 0 && readCount === order.length && (
        <CompletionPanel speachId={speachID} regulated={speach.regulated_gmp === true} reading={{ mode, accessCode: accessCode }} />
      )}
      {mode === 'published' && !embedded && (
        <Suspense fallback={<Loading />}>
          <EngagementSection speachId={speachID} accessCode={accessCode} />
          <DiscussionSection speachId={speachID} accessCode={accessCode} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <ReportButton target="SPEACH" targetId={speachID} label={t('report.speach')} />
          </Box>
        </Suspense>
      )}
    </Stack>,
  );
}
