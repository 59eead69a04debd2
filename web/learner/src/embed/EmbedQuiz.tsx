import { Alert, Box, Button, Checkbox, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useI18n } from '../i18n';
import type { Chapter, QuizResult } from '../speach/types';

/** A quiz answered through the embed: the score comes back from the server (the answers never reach the page). */
export function EmbedQuiz({
  chapter,
  previous,
  onSubmit,
}: {
  chapter: Chapter;
  previous?: QuizResult;
  onSubmit: (answers: Record<string, string[]>) => Promise<QuizResult>;
}) {
  const { t } = useI18n();
  const questions = chapter.content?.questions ?? [];
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<QuizResult | null>(previous ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (questions.some((q) => !(answers[q.questionId]?.length > 0))) {
      setError(t('embed.quiz.answerAll'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await onSubmit(answers));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {questions.map((q, i) => (
        <FormControl key={q.questionId} component="fieldset" disabled={!!result}>
          <FormLabel component="legend">{`${i + 1}. ${q.text}`}</FormLabel>
          {q.multiple ? (
            q.options.map((o) => (
              <FormControlLabel
                key={o.optionId}
                label={o.text}
                control={
                  <Checkbox
                    checked={answers[q.questionId]?.includes(o.optionId) ?? false}
                    onChange={(e) =>
                      setAnswers((a) => ({
                        ...a,
                        [q.questionId]: e.target.checked ? [...(a[q.questionId] ?? []), o.optionId] : (a[q.questionId] ?? []).filter((id) => id !== o.optionId),
                      }))
                    }
                  />
                }
              />
            ))
          ) : (
            <RadioGroup value={answers[q.questionId]?.[0] ?? ''} onChange={(e) => setAnswers((a) => ({ ...a, [q.questionId]: [e.target.value] }))}>
              {q.options.map((o) => (
                <FormControlLabel key={o.optionId} value={o.optionId} label={o.text} control={<Radio />} />
              ))}
            </RadioGroup>
          )}
        </FormControl>
      ))}
      {error && <Alert severity="error">{error}</Alert>}
      {result ? (
        <Alert severity={result.passed ? 'success' : 'warning'} role="status" data-testid="embed-quiz-result">
          {t('embed.quiz.result', { score: result.score, max: result.max, percent: result.percent })}{' '}
          {result.passed ? t('embed.quiz.passed') : t('embed.quiz.failed')}
        </Alert>
      ) : (
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('embed.quiz.submit')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
