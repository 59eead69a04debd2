import { Alert, Box, Button, Container, LinearProgress, List, ListItem, ListItemButton, ListItemText, Paper, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useI18n } from '../i18n';
import { errorMessage } from '../speach/speachApi';
import { Loading } from '@speach/web-shared';
import { ContentView } from '../speach/ContentView';
import type { QuizResult } from '../speach/types';
import { EmbedQuiz } from './EmbedQuiz';
import { type EmbedParams, flatten } from './embedApi';
import { useEmbedAnswer, useEmbedMarkRead, useEmbedRead } from './useEmbed';
import { scormProgress } from './scormBridge';

/** How long a framed player waits for the SCO's resume message before it starts on its own. */
const RESUME_WAIT_MS = 2000;
const SCORED = new Set(['QUIZZ', 'QUIZZ_EXAMEN']);
const ON_PLATFORM = new Set(['SONDAGE', 'ENQUETE', 'QUESTION_OUVERTE']);

/**
 * Spec §2 `/embed/{id}?access_token&tool=SPEACH&dedicatedTenant`: the speach player an LMS frames (through
 * a lite SCORM package) or any site embeds. Reads and quiz answers go to the embed calls with the token;
 * progress, location, score and completion are posted to the parent frame (the SCO wrapper), whose origin
 * is learnt from its first message and the only one posted to afterwards (spec §5).
 */
export function EmbedPlayerPage() {
  const { speachID = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useI18n();
  const [params, setParams] = useState<EmbedParams | null>(null);
  const [failure, setError] = useState<string | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [started, setStarted] = useState(false);
  const parentOrigin = useRef<string | null>(null);
  const resumeLocation = useRef<string | null>(null);
  const token = search.get('access_token') ?? '';
  const tenant = search.get('dedicatedTenant') ?? undefined;

  // Inside a frame, ask the SCO for the learner and the resume point; alone, start at once.
  useEffect(() => {
    const framed = window.parent !== window;
    if (!framed) {
      setParams({ token, tenant });
      return;
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== window.parent || event.data?.type !== 'speach:resume') return;
      parentOrigin.current = event.origin;
      resumeLocation.current = typeof event.data.location === 'string' && event.data.location ? event.data.location : null;
      setParams({ token, tenant, learner: typeof event.data.learner === 'string' && event.data.learner ? event.data.learner.slice(0, 255) : undefined });
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: 'speach:ready' }, '*');
    const fallback = window.setTimeout(() => setParams((p) => p ?? { token, tenant }), RESUME_WAIT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(fallback);
    };
  }, [token, tenant]);

  const query = useEmbedRead(speachID, params);
  const data = query.data ?? null;
  const error = failure ?? (query.error ? errorMessage(query.error) : null);
  const { mutate: markRead } = useEmbedMarkRead(speachID, params);
  const answerQuiz = useEmbedAnswer(speachID, params);

  // The first read opens the SCO's resume point, else the first part not read yet.
  if (data && !started) {
    setStarted(true);
    const parts = flatten(data.chapters).filter((c) => c.content && c.content.type !== 'NONE');
    const resume = resumeLocation.current && parts.some((c) => c.chapterId === resumeLocation.current) ? resumeLocation.current : null;
    setCurrent(resume ?? parts.find((c) => !data.progress.readChapterIds.includes(c.chapterId))?.chapterId ?? parts[0]?.chapterId ?? null);
  }

  const chapters = useMemo(() => (data ? flatten(data.chapters).filter((c) => c.content && c.content.type !== 'NONE') : []), [data]);
  const index = chapters.findIndex((c) => c.chapterId === current);
  const chapter = index >= 0 ? chapters[index] : null;

  const report = useCallback(
    (read: string[], results: Record<string, QuizResult>, location: string) => {
      if (!parentOrigin.current) return;
      const contentIds = chapters.filter((c) => !ON_PLATFORM.has(c.content!.type)).map((c) => c.chapterId);
      const quizIds = chapters.filter((c) => SCORED.has(c.content!.type)).map((c) => c.chapterId);
      window.parent.postMessage(scormProgress(contentIds, quizIds, read, results, location), parentOrigin.current);
    },
    [chapters],
  );

  // Opening a part that is not a quiz reads it.
  useEffect(() => {
    if (!data || !chapter || !params) return;
    const type = chapter.content!.type;
    if (SCORED.has(type) || ON_PLATFORM.has(type) || data.progress.readChapterIds.includes(chapter.chapterId)) {
      report(data.progress.readChapterIds, data.progress.quizResults, chapter.chapterId);
      return;
    }
    markRead(chapter.chapterId, {
      onSuccess: ({ readChapterIds }) => report(readChapterIds, data.progress.quizResults, chapter.chapterId),
      onError: (e) => setError(e.message),
    });
  }, [chapter, data, params, report, markRead]);

  if (error && !data)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('embed.refused', { reason: error })}
      </Alert>
    );
  if (!data) return <Loading />;
  const read = data.progress.readChapterIds;
  const doneCount = chapters.filter((c) => read.includes(c.chapterId) || data.progress.quizResults[c.chapterId]).length;
  const completed = chapters.length > 0 && doneCount === chapters.filter((c) => !ON_PLATFORM.has(c.content!.type)).length;

  const answer = async (answers: Record<string, string[]>) => {
    const result = await answerQuiz.mutateAsync({ chapterId: chapter!.chapterId, answers });
    const results = { ...data.progress.quizResults, [chapter!.chapterId]: result };
    const nextRead = read.includes(chapter!.chapterId) ? read : [...read, chapter!.chapterId];
    report(nextRead, results, chapter!.chapterId);
    return result;
  };

  return (
    <Container component="main" maxWidth="lg" sx={{ py: 2 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {data.speach.title}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <LinearProgress
          variant="determinate"
          value={chapters.length ? (doneCount * 100) / chapters.length : 100}
          sx={{ flex: 1 }}
          aria-label={t('embed.progress', { read: doneCount, total: chapters.length })}
        />
        <Typography variant="body2" data-testid="embed-progress">
          {t('embed.progress', {
            read: new Intl.NumberFormat(data.speach.language).format(doneCount),
            total: new Intl.NumberFormat(data.speach.language).format(chapters.length),
          })}
        </Typography>
      </Stack>
      {completed && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          {t('embed.completed')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
        <Paper component="nav" aria-label={t('embed.outline')} variant="outlined" sx={{ width: { md: 280 }, flexShrink: 0 }}>
          <List dense>
            {chapters.map((c) => (
              <ListItem key={c.chapterId} disablePadding>
                <ListItemButton
                  selected={c.chapterId === current}
                  aria-current={c.chapterId === current ? 'step' : undefined}
                  onClick={() => setCurrent(c.chapterId)}
                >
                  <ListItemText primary={c.title} />
                  {(read.includes(c.chapterId) || data.progress.quizResults[c.chapterId]) && (
                    <CheckCircle fontSize="small" color="success" titleAccess={t('embed.read')} />
                  )}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
        {chapter && (
          <Box component="section" aria-labelledby="embed-chapter-title" sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h2" id="embed-chapter-title" gutterBottom>
              {chapter.title}
            </Typography>
            {SCORED.has(chapter.content!.type) ? (
              <EmbedQuiz key={chapter.chapterId} chapter={chapter} previous={data.progress.quizResults[chapter.chapterId]} onSubmit={answer} />
            ) : ON_PLATFORM.has(chapter.content!.type) ? (
              <Alert severity="info">{t('embed.onPlatform')}</Alert>
            ) : (
              <ContentView speachId={speachID} chapter={chapter} reading={{ mode: 'published' }} onAnswered={() => undefined} />
            )}
            <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
              <Button variant="outlined" disabled={index <= 0} onClick={() => setCurrent(chapters[index - 1].chapterId)}>
                {t('embed.previous')}
              </Button>
              <Button variant="contained" disabled={index >= chapters.length - 1} onClick={() => setCurrent(chapters[index + 1].chapterId)}>
                {t('embed.next')}
              </Button>
            </Stack>
          </Box>
        )}
      </Stack>
    </Container>
  );
}
