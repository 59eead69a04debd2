import { Alert, Box, Button, Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Cancel from '@mui/icons-material/Cancel';
import { type FormEvent, useState } from 'react';
import { useI18n } from '../i18n';
import { type Reading, errorMessage } from './speachApi';
import { useAnswerChapter } from './useSpeach';
import type { AnswerResponse, Chapter, QuizResult } from './types';

interface Props {
  speachId: string;
  reading: Reading;
  chapter: Chapter;
  /** Quiz (scored, with corrections) or poll/survey (recorded). */
  scored: boolean;
  previous?: QuizResult;
  onAnswered: () => void;
}

/** Takes a quiz, a poll or a survey: one fieldset per question, then the score and corrections. */
export function QuizTaker({ speachId, reading, chapter, scored, previous, onAnswered }: Props) {
  const { t } = useI18n();
  const questions = chapter.content?.questions ?? [];
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const answering = useAnswerChapter(speachId, chapter.chapterId, reading);
  const result: AnswerResponse | null = answering.data ?? null;
  const [error, setError] = useState<string | null>(null);
  const busy = answering.isPending;

  const corrections = result && 'corrections' in result ? result.corrections : null;
  const done = !!result;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (questions.some((q) => !(answers[q.questionId]?.length > 0))) {
      setError(t('speach.quiz.answerAll'));
      return;
    }
    try {
      await answering.mutateAsync({ answers });
      onAnswered();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  if (questions.length === 0) return <Typography color="text.secondary">{t('speach.quiz.empty')}</Typography>;

  const mark = (questionId: string, optionId: string) => {
    if (!corrections) return null;
    const right = corrections[questionId]?.includes(optionId);
    const chosen = answers[questionId]?.includes(optionId);
    if (right)
      return (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'success.dark', ml: 1 }}>
          <CheckCircle fontSize="small" aria-hidden="true" />
          {t('speach.quiz.rightAnswer')}
        </Box>
      );
    if (chosen)
      return (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'error.dark', ml: 1 }}>
          <Cancel fontSize="small" aria-hidden="true" />
          {t('speach.quiz.wrongAnswer')}
        </Box>
      );
    return null;
  };

  return (
    <Stack component="form" spacing={3} onSubmit={submit} noValidate>
      {previous && !result && (
        <Alert severity="info">{t('speach.quiz.previous', { score: previous.score, max: previous.max, percent: Math.round(previous.percent) })}</Alert>
      )}
      {questions.map((q, i) => {
        const chosen = answers[q.questionId] ?? [];
        const legend = (
          <FormLabel component="legend" sx={{ color: 'text.primary', fontWeight: 600, mb: 1, '&.Mui-focused, &.Mui-disabled': { color: 'text.primary' } }}>
            {t('speach.quiz.questionN', { n: i + 1 })} – {q.text}
            {q.multiple && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                ({t('speach.quiz.severalAnswers')})
              </Typography>
            )}
          </FormLabel>
        );
        return (
          <FormControl
            key={q.questionId}
            component="fieldset"
            disabled={done || busy}
            sx={{ '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.secondary' } }}
          >
            {legend}
            {q.multiple ? (
              <FormGroup>
                {q.options.map((o) => (
                  <Box key={o.optionId} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={chosen.includes(o.optionId)}
                          onChange={(e) =>
                            setAnswers((a) => ({ ...a, [q.questionId]: e.target.checked ? [...chosen, o.optionId] : chosen.filter((x) => x !== o.optionId) }))
                          }
                        />
                      }
                      label={o.text}
                    />
                    {mark(q.questionId, o.optionId)}
                  </Box>
                ))}
              </FormGroup>
            ) : (
              <RadioGroup value={chosen[0] ?? ''} onChange={(e) => setAnswers((a) => ({ ...a, [q.questionId]: [e.target.value] }))}>
                {q.options.map((o) => (
                  <Box key={o.optionId} sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
                    <FormControlLabel value={o.optionId} control={<Radio />} label={o.text} />
                    {mark(q.questionId, o.optionId)}
                  </Box>
                ))}
              </RadioGroup>
            )}
          </FormControl>
        );
      })}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {result && 'score' in result && (
        <Alert severity={result.passed ? 'success' : 'warning'} role="status" data-testid="quiz-score">
          <strong>{t('speach.quiz.score', { score: result.score, max: result.max, percent: Math.round(result.percent) })}</strong>{' '}
          {result.passed ? t('speach.quiz.passed') : t('speach.quiz.failed')}
        </Alert>
      )}
      {result && !('score' in result) && (
        <Alert severity="success" role="status">
          {t('speach.answer.recorded')}
        </Alert>
      )}
      <Box>
        {done ? (
          scored && (
            <Button
              variant="outlined"
              onClick={() => {
                answering.reset();
                setAnswers({});
              }}
            >
              {t('speach.quiz.retry')}
            </Button>
          )
        ) : (
          <Button type="submit" variant="contained" disabled={busy}>
            {t(scored ? 'speach.quiz.submit' : 'speach.answer.submit')}
          </Button>
        )}
      </Box>
    </Stack>
  );
}
