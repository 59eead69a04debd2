import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Slider,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import { useEffect, useRef, useState } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import { SPEACH_LANGUAGES, type Question } from '../speach/types';
import { counted } from './plural';
import { ApiError } from '../api/client';
import { type GeneratedQuestion, type QuizChapterNode, type QuizSpeachChapters, aiApi, isAbort, pollJob } from './aiApi';
import { useQuizChapters, useRestartTranscript } from './useAi';

/** Spec §5/§9: at most 50 questions per chapter, at most 20 per generation. */
export const QUIZ_MAX = 50;
export const RUN_MAX = 20;

export function allowedQuestions(existing: number): number {
  return Math.max(0, Math.min(RUN_MAX, QUIZ_MAX - existing));
}

const SELECTABLE = new Set(['DONE', 'NA']);
const RESTARTABLE = new Set(['NONE', 'ERROR']);
const IMPOSSIBLE = 'aiQuizGeneration.impossibleToGenerateWithChapters';

/** A quiz is made from other chapters whose text is ready (spec §4), never from itself. */
function isSelectable(node: QuizChapterNode, quizChapterId: string): boolean {
  return node.id !== quizChapterId && SELECTABLE.has(node.autoTranscriptStatus);
}

/** The job's questions (a list, or `{ questions }`), completed to the quiz editor's shape. */
function questionsOf(result: unknown): GeneratedQuestion[] {
  const list = Array.isArray(result) ? result : (result as { questions?: unknown } | null)?.questions;
  if (!Array.isArray(list)) return [];
  return (list as GeneratedQuestion[]).map((q) => ({
    ...q,
    multiple: q.multiple ?? q.options.filter((o) => o.correct).length > 1,
    points: q.points ?? 1,
  }));
}

function TranscriptEntry({
  node,
  quizChapterId,
  selected,
  onToggle,
  onRestart,
  indent,
}: {
  node: QuizChapterNode;
  quizChapterId: string;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onRestart: (node: QuizChapterNode) => void;
  indent: boolean;
}) {
  const { t } = useI18n();
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" sx={{ pl: indent ? 4 : 0 }}>
      <FormControlLabel
        control={<Checkbox checked={selected.has(node.id)} disabled={!isSelectable(node, quizChapterId)} onChange={() => onToggle(node.id)} />}
        label={node.title}
      />
      <Chip size="small" variant="outlined" label={t(`aiQuizGeneration.transcript.${node.autoTranscriptStatus}` as MessageKey)} />
      {RESTARTABLE.has(node.autoTranscriptStatus) && (
        <Button size="small" onClick={() => onRestart(node)} aria-label={t('aiQuizGeneration.popup.restartNamed', { title: node.title })}>
          {t('aiQuizGeneration.popup.restart')}
        </Button>
      )}
    </Stack>
  );
}

/** Chapters and sub-chapters with their transcript status; only DONE or NA ones can be chosen. */
function TranscriptPicker({
  chapters,
  quizChapterId,
  selected,
  onToggle,
  onRestart,
}: {
  chapters: QuizSpeachChapters;
  quizChapterId: string;
  selected: Set<string>;
  onToggle: (id: string) => void;
  onRestart: (node: QuizChapterNode) => void;
}) {
  const { t } = useI18n();
  const entry = { quizChapterId, selected, onToggle, onRestart };
  return (
    <Stack spacing={0.5} role="group" aria-label={t('aiQuizGeneration.popup.chapters')}>
      {chapters.chapters.map((chapter) => (
        <Box key={chapter.id}>
          <TranscriptEntry node={chapter} indent={false} {...entry} />
          {chapter.subchapters.map((sub) => (
            <TranscriptEntry key={sub.id} node={sub} indent {...entry} />
          ))}
        </Box>
      ))}
    </Stack>
  );
}

/** The generated questions, each with its answer key and the passage it cites. */
function GeneratedList({ questions }: { questions: GeneratedQuestion[] }) {
  const { t } = useI18n();
  return (
    <Box component="ol" aria-label={t('aiQuizGeneration.popup.results')} sx={{ pl: 2.5, m: 0, display: 'grid', gap: 1.5 }}>
      {questions.map((q) => (
        <li key={q.questionId}>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography fontWeight={600}>{q.text}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {q.options.map((o) => (
                <li key={o.optionId}>
                  {o.text}
                  {o.correct ? ` (${t('aiQuizGeneration.popup.correct')})` : ''}
                </li>
              ))}
            </Box>
            {sourceText(q) && <SourcePassage text={sourceText(q)} />}
          </Paper>
        </li>
      ))}
    </Box>
  );
}

/** The passage a generated question cites ('' for a question written by hand). */
export function sourceText(question: Question): string {
  return question.source?.passage ?? '';
}

export function SourcePassage({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <Box component="figure" sx={{ m: 0, mt: 1 }}>
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {t('aiQuizGeneration.source')}
      </Typography>
      <Box component="blockquote" sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider', fontStyle: 'italic' }}>
        <Typography variant="body2">{text}</Typography>
      </Box>
    </Box>
  );
}

interface Props {
  chapterId: string;
  typeQuiz: 'QUIZZ' | 'QUIZZ_EXAMEN';
  passingScore: number;
  existing: Question[];
  /** The quiz as recorded: existing and generated questions. */
  onRecorded: (questions: GeneratedQuestion[]) => void;
  onFailed: (message: string) => void;
}

/** The quiz chapter's "Generate" button and its dialog (spec §2 "AI quiz popup"). */
export function AiQuizPopup({ chapterId, typeQuiz, passingScore, existing, onRecorded, onFailed }: Props) {
  const { t, language } = useI18n();
  const allowed = allowedQuestions(existing.length);
  const [open, setOpen] = useState(false);
  const [lang, setLang] = useState<string>({ fr: 'fr-FR', es: 'es-ES', de: 'de-DE', en: 'en-US' }[language]);
  const [custom, setCustom] = useState(false);
  const [count, setCount] = useState(Math.min(10, Math.max(1, allowed)));
  const [scope, setScope] = useState<'ALL' | 'SELECTED'>('ALL');
  const chaptersQuery = useQuizChapters(chapterId, open);
  const chapters = chaptersQuery.data ?? null;
  const loadError = chaptersQuery.isError && !chapters;
  const restartTranscript = useRestartTranscript(chapterId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<GeneratedQuestion[] | null>(null);
  const [noQuestion, setNoQuestion] = useState(false);
  const [restartError, setRestartError] = useState<string | null>(null);
  const job = useRef<AbortController | null>(null);

  const nodes = (chapters?.chapters ?? []).flatMap((c) => [c, ...c.subchapters]);
  useEffect(() => () => job.current?.abort(), []);

  const selectable = nodes.filter((c) => isSelectable(c, chapterId));
  const chosen = scope === 'ALL' ? selectable.map((c) => c.id) : selectable.filter((c) => selected.has(c.id)).map((c) => c.id);
  const [refused, setRefused] = useState(false);
  const impossible = (chapters !== null && chosen.length === 0) || refused;

  const close = () => {
    job.current?.abort();
    setOpen(false);
    setRunning(false);
    setResults(null);
    setNoQuestion(false);
    setRefused(false);
    setRestartError(null);
  };

  const generate = async () => {
    const controller = new AbortController();
    job.current = controller;
    setRunning(true);
    setNoQuestion(false);
    try {
      const job = await aiApi.generateQuiz(chapterId, {
        existingQuestions: existing,
        nbQuestionsToGenerate: custom ? Math.min(count, allowed) : 0,
        // The full course is the server's choice of every usable chapter.
        ...(scope === 'SELECTED' ? { selectedChapters: chosen } : {}),
        selectedLang: lang,
      });
      const questions = questionsOf(await pollJob<unknown>(job.jobID, controller.signal)).slice(0, allowed);
      if (questions.length === 0) setNoQuestion(true);
      else setResults(questions);
    } catch (e) {
      if (isAbort(e)) return;
      if (e instanceof ApiError && e.errors.some((x) => x.reason === IMPOSSIBLE)) {
        setRefused(true);
        return;
      }
      close();
      onFailed(t('aiContent.error'));
    } finally {
      setRunning(false);
    }
  };

  const record = async () => {
    if (!results) return;
    setRunning(true);
    const all = [...existing, ...results];
    try {
      await aiApi.recordQuiz(chapterId, { questions: all, typeQuiz, passingScore });
      close();
      onRecorded(all);
    } catch {
      close();
      onFailed(t('aiContent.error'));
    }
  };

  const restart = (node: QuizChapterNode) =>
    restartTranscript.mutate(node.id, { onError: (e) => setRestartError(e instanceof ApiError ? e.message : t('aiContent.error')) });

  const toggle = (id: string) => {
    setRefused(false);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  return (
    <>
      <Stack direction="row" spacing={1.5} alignItems="center">
        <Tooltip title={allowed === 0 ? t('aiQuizGeneration.max') : ''}>
          <span>
            <Button variant="outlined" startIcon={<AutoAwesome />} disabled={allowed === 0} onClick={() => setOpen(true)}>
              {t('aiQuizGeneration.generate')}
            </Button>
          </span>
        </Tooltip>
        {allowed === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('aiQuizGeneration.max')}
          </Typography>
        )}
      </Stack>
      <Dialog open={open} onClose={() => !running && close()} aria-labelledby="ai-quiz-title" maxWidth="sm" fullWidth>
        <DialogTitle id="ai-quiz-title">{t('aiQuizGeneration.popup.title')}</DialogTitle>
        {/* The list of results scrolls: keyboard users reach it too. */}
        <DialogContent tabIndex={results ? 0 : undefined}>
          {results ? (
            <Stack spacing={2}>
              <Alert severity="success" role="status">
                {counted(t, language, 'aiQuizGeneration.popup.generated', results.length)}
              </Alert>
              <GeneratedList questions={results} />
            </Stack>
          ) : (
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              <TextField select label={t('aiQuizGeneration.popup.language')} value={lang} onChange={(e) => setLang(e.target.value)} sx={{ maxWidth: 320 }}>
                {SPEACH_LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l}>
                    {t(`speach.lang.${l}` as MessageKey)}
                  </MenuItem>
                ))}
              </TextField>
              <FormControl>
                <FormLabel id="ai-quiz-count">{t('aiQuizGeneration.popup.count')}</FormLabel>
                <RadioGroup row aria-labelledby="ai-quiz-count" value={custom ? 'CUSTOM' : 'AUTO'} onChange={(e) => setCustom(e.target.value === 'CUSTOM')}>
                  <FormControlLabel value="AUTO" control={<Radio />} label={t('aiQuizGeneration.popup.auto')} />
                  <FormControlLabel value="CUSTOM" control={<Radio />} label={t('aiQuizGeneration.popup.custom')} />
                </RadioGroup>
                {custom && (
                  <Box sx={{ px: 1 }}>
                    <Slider
                      value={Math.min(count, allowed)}
                      min={1}
                      max={allowed}
                      step={1}
                      marks={[
                        { value: 1, label: '1' },
                        { value: allowed, label: String(allowed) },
                      ]}
                      valueLabelDisplay="auto"
                      onChange={(_, v) => setCount(v as number)}
                      slotProps={{ input: { 'aria-label': t('aiQuizGeneration.popup.number') } }}
                    />
                    <Typography variant="body2">{t('aiQuizGeneration.popup.countValue', { count: Math.min(count, allowed), allowed })}</Typography>
                  </Box>
                )}
              </FormControl>
              <FormControl>
                <FormLabel id="ai-quiz-scope">{t('aiQuizGeneration.popup.scope')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="ai-quiz-scope"
                  value={scope}
                  onChange={(e) => {
                    setRefused(false);
                    setScope(e.target.value as 'ALL' | 'SELECTED');
                  }}
                >
                  <FormControlLabel value="ALL" control={<Radio />} label={t('aiQuizGeneration.popup.fullCourse')} />
                  <FormControlLabel value="SELECTED" control={<Radio />} label={t('aiQuizGeneration.popup.selected')} />
                </RadioGroup>
              </FormControl>
              {loadError && <Alert severity="error">{t('aiContent.error')}</Alert>}
              {!chapters && !loadError && (
                <Stack direction="row" spacing={1} alignItems="center" role="status">
                  <CircularProgress size={18} aria-hidden="true" />
                  <Typography>{t('common.loading')}</Typography>
                </Stack>
              )}
              {chapters && scope === 'SELECTED' && (
                <TranscriptPicker chapters={chapters} quizChapterId={chapterId} selected={selected} onToggle={toggle} onRestart={restart} />
              )}
              {restartError && <Alert severity="error">{restartError}</Alert>}
              {impossible && (
                <Alert severity="warning" role="alert">
                  {t('aiQuizGeneration.impossibleToGenerateWithChapters')}
                </Alert>
              )}
              {noQuestion && (
                <Alert severity="error" role="alert">
                  {t('aiQuizGeneration.popup.noQuestionGenerated')}
                </Alert>
              )}
              {running && (
                <Stack direction="row" spacing={1} alignItems="center" role="status">
                  <CircularProgress size={18} aria-hidden="true" />
                  <Typography>{t('aiQuizGeneration.popup.inProgress')}</Typography>
                </Stack>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('ai.dialog.cancel')}</Button>
          {results ? (
            <Button variant="contained" onClick={() => void record()} disabled={running}>
              {t('aiQuizGeneration.popup.add')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void generate()} disabled={running || impossible || !chapters || allowed === 0}>
              {t('aiQuizGeneration.popup.generate')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
