import { Box, Paper, Stack, Typography } from '@mui/material';
import { useI18n } from '../i18n';
import type { Chapter } from '../speach/types';

function ChapterBody({ chapter }: { chapter: Chapter }) {
  const { t } = useI18n();
  const content = (chapter.content ?? { type: 'NONE' }) as unknown as {
    type: string;
    html?: string;
    message?: string;
    question?: string;
    url?: string;
    questions?: { text: string }[];
  };
  if (content.type === 'HTML' && content.html) {
    // The server sanitises stored HTML (scripts, styles and handlers removed).
    return <Box sx={{ '& img': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: content.html }} />;
  }
  if (content.questions?.length) {
    return (
      <Box component="ul" sx={{ m: 0 }}>
        {content.questions.map((q, i) => (
          <li key={i}>{q.text}</li>
        ))}
      </Box>
    );
  }
  const text = content.message ?? content.question ?? content.url;
  if (text) return <Typography variant="body2">{text}</Typography>;
  return (
    <Typography variant="body2" color="text.secondary">
      {t('speach.content.type')}: {content.type}
    </Typography>
  );
}

/** The draft an approver validates: every chapter and sub-chapter in reading order with its content. */
export function DraftPreview({ chapters }: { chapters: Chapter[] }) {
  const { t } = useI18n();
  if (chapters.length === 0) return <Typography color="text.secondary">{t('workflow.validator.noChapters')}</Typography>;
  return (
    <Stack spacing={2} component="section" aria-label={t('workflow.validator.content')}>
      {chapters.map((chapter) => (
        <Paper key={chapter.chapterId} variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h3">
            {chapter.title}
          </Typography>
          {chapter.children.length === 0 && <ChapterBody chapter={chapter} />}
          {chapter.children.map((sub) => (
            <Box key={sub.chapterId} sx={{ mt: 2, pl: 2, borderLeft: 2, borderColor: 'divider' }}>
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
                {sub.title}
              </Typography>
              <ChapterBody chapter={sub} />
            </Box>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}
