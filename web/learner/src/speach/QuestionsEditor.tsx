import { Box, Button, Checkbox, FormControlLabel, IconButton, Paper, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { SourcePassage, sourceText } from '../ai/AiQuizPopup';
import { useI18n } from '../i18n';
import { newId } from './speachApi';
import type { Option, Question } from './types';

export function emptyQuestion(withCorrect: boolean): Question {
  return {
    questionId: newId(),
    text: '',
    multiple: false,
    points: 1,
    options: [
      { optionId: newId(), text: '', ...(withCorrect ? { correct: false } : {}) },
      { optionId: newId(), text: '', ...(withCorrect ? { correct: false } : {}) },
    ],
  };
}

/** Questions of a quiz (with correct answers and points) or of a poll/survey (neither). */
export function QuestionsEditor({
  questions,
  onChange,
  withCorrect,
}: {
  questions: Question[];
  onChange: (questions: Question[]) => void;
  withCorrect: boolean;
}) {
  const { t } = useI18n();
  const update = (index: number, patch: Partial<Question>) => onChange(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));
  const updateOption = (qi: number, oi: number, patch: Partial<Option>) => {
    const question = questions[qi];
    let options = question.options.map((o, i) => (i === oi ? { ...o, ...patch } : o));
    // Single choice: one correct option at most.
    if (withCorrect && patch.correct && !question.multiple) options = options.map((o, i) => ({ ...o, correct: i === oi }));
    update(qi, { options });
  };

  return (
    <Stack spacing={2}>
      {questions.length === 0 && <Typography color="text.secondary">{t('speach.quiz.noQuestion')}</Typography>}
      {questions.map((question, qi) => {
        const n = qi + 1;
        return (
          <Paper key={question.questionId} variant="outlined" sx={{ p: 2 }} component="fieldset" aria-label={t('speach.quiz.questionN', { n })}>
            <Stack spacing={1.5}>
              <Stack direction="row" spacing={1} alignItems="center">
                <Typography variant="subtitle1" component="h4" sx={{ flexGrow: 1 }}>
                  {t('speach.quiz.questionN', { n })}
                </Typography>
                <Tooltip title={t('speach.quiz.removeQuestion', { n })}>
                  <IconButton aria-label={t('speach.quiz.removeQuestion', { n })} onClick={() => onChange(questions.filter((_, i) => i !== qi))}>
                    <Delete />
                  </IconButton>
                </Tooltip>
              </Stack>
              <TextField
                label={t('speach.quiz.questionText', { n })}
                value={question.text}
                onChange={(e) => update(qi, { text: e.target.value })}
                multiline
                fullWidth
              />
              {sourceText(question) && <SourcePassage text={sourceText(question)} />}
              <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap">
                <FormControlLabel
                  control={<Switch checked={question.multiple} onChange={(e) => update(qi, { multiple: e.target.checked })} />}
                  label={t('speach.quiz.multiple')}
                />
                {withCorrect && (
                  <TextField
                    type="number"
                    size="small"
                    label={t('speach.quiz.points')}
                    value={question.points}
                    onChange={(e) => update(qi, { points: Math.min(100, Math.max(1, Math.round(Number(e.target.value)) || 1)) })}
                    slotProps={{ htmlInput: { min: 1, max: 100, step: 1 } }}
                    sx={{ width: 120 }}
                  />
                )}
              </Stack>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                {question.options.map((option, oi) => {
                  const m = oi + 1;
                  return (
                    <Box component="li" key={option.optionId} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                      {withCorrect && (
                        <Tooltip title={t('speach.quiz.correct')}>
                          <Checkbox
                            checked={!!option.correct}
                            onChange={(e) => updateOption(qi, oi, { correct: e.target.checked })}
                            slotProps={{ input: { 'aria-label': t('speach.quiz.optionCorrect', { n, m }) } }}
                          />
                        </Tooltip>
                      )}
                      <TextField
                        size="small"
                        fullWidth
                        label={t('speach.quiz.optionText', { n, m })}
                        value={option.text}
                        onChange={(e) => updateOption(qi, oi, { text: e.target.value })}
                      />
                      <IconButton
                        aria-label={t('speach.quiz.removeOption', { n, m })}
                        disabled={question.options.length <= 1}
                        onClick={() => update(qi, { options: question.options.filter((_, i) => i !== oi) })}
                      >
                        <Delete />
                      </IconButton>
                    </Box>
                  );
                })}
              </Box>
              <Box>
                <Button
                  startIcon={<Add />}
                  onClick={() => update(qi, { options: [...question.options, { optionId: newId(), text: '', ...(withCorrect ? { correct: false } : {}) }] })}
                >
                  {t('speach.quiz.addOption', { n })}
                </Button>
              </Box>
            </Stack>
          </Paper>
        );
      })}
      <Box>
        <Button variant="outlined" startIcon={<Add />} onClick={() => onChange([...questions, emptyQuestion(withCorrect)])}>
          {t('speach.quiz.addQuestion')}
        </Button>
      </Box>
    </Stack>
  );
}
