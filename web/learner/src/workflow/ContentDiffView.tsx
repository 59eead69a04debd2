import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import { SideBySideLines } from '@speach/web-shared/diff';
import { useI18n } from '../i18n';
import { errorMessage } from '../speach/speachApi';
import { useContentDiff } from './useWorkflow';

/**
 * What changed between a published version and the draft (issue 23): the approver sees it before signing again.
 * The versions page compares two published versions (`to` a version number, with its own heading).
 */
export function ContentDiffView({ speachId, from, to = 'current', heading }: { speachId: string; from: number; to?: number | 'current'; heading?: string }) {
  const { t } = useI18n();
  const query = useContentDiff(speachId, from, to);
  const diff = query.data;
  if (query.error) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (!diff) return null;
  const nothing = !diff.titleChanged && diff.added.length === 0 && diff.removed.length === 0 && diff.changed.length === 0;
  return (
    <section aria-labelledby="diff-title">
      <Typography id="diff-title" variant="h6" component="h2">
        {heading ?? t('diff.title', { version: from })}
      </Typography>
      {nothing && <Typography>{t('diff.none')}</Typography>}
      {diff.titleChanged && <Typography>{t('diff.renamedSpeach', { before: diff.titleChanged.before, after: diff.titleChanged.after })}</Typography>}
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {diff.added.map((c) => (
          <Chip key={c.chapterId} color="success" label={t('diff.added', { title: c.title })} />
        ))}
        {diff.removed.map((c) => (
          <Chip key={c.chapterId} color="error" label={t('diff.removed', { title: c.title })} />
        ))}
      </Stack>
      {diff.changed.map((c) => (
        <Box key={c.chapterId} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3">
            {c.previousTitle ? t('diff.renamed', { before: c.previousTitle, after: c.title }) : c.title}
            {c.moved ? ` — ${t('diff.moved')}` : ''}
          </Typography>
          {c.content && c.content.lines.length > 0 && (
            <SideBySideLines lines={c.content.lines} label={t('diff.sideBySide', { title: c.title })} before={t('diff.before')} after={t('diff.after')} />
          )}
          {c.content?.questions.map((q) => (
            <Typography key={q.questionId} variant="body2">
              {t(`diff.question.${q.kind as 'added' | 'removed' | 'changed'}`)}: {q.after ?? q.before}
            </Typography>
          ))}
        </Box>
      ))}
    </section>
  );
}
