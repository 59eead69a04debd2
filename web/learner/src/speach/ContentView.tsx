import { Alert, Box, Button, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { type FormEvent, useState } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import { VideoOverlays } from '../media/VideoOverlays';
import { VideoWithSubtitles } from '../media-text/VideoWithSubtitles';
import { QuizTaker } from './QuizTaker';
import { type Reading, errorMessage } from './speachApi';
import { useAnswerChapter } from './useSpeach';
import type { Chapter, QuizResult } from './types';

const frame = { width: '100%', border: 0, display: 'block' } as const;

function OpenQuestion({ speachId, chapter, reading, onAnswered }: { speachId: string; chapter: Chapter; reading: Reading; onAnswered: () => void }) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const answering = useAnswerChapter(speachId, chapter.chapterId, reading);
  const done = answering.isSuccess;
  const [error, setError] = useState<string | null>(null);
  const busy = answering.isPending;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('speach.answer.required'));
      return;
    }
    setError(null);
    try {
      await answering.mutateAsync({ text: text.trim() });
      onAnswered();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{chapter.content?.question}</Typography>
      <TextField
        label={t('speach.answer.yours')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={4}
        disabled={done}
        error={!!error}
        helperText={error ?? ' '}
      />
      {done ? (
        <Alert severity="success" role="status">
          {t('speach.answer.recorded')}
        </Alert>
      ) : (
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('speach.answer.submit')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** Renders a chapter's content for a reader, whatever its type. */
export function ContentView({
  speachId,
  chapter,
  reading,
  previousResult,
  onAnswered,
}: {
  speachId: string;
  chapter: Chapter;
  reading: Reading;
  previousResult?: QuizResult;
  onAnswered: () => void;
}) {
  const { t } = useI18n();
  const content = chapter.content ?? { type: 'NONE' };
  switch (content.type) {
    case 'NONE':
      return <Typography color="text.secondary">{t('speach.read.noContent')}</Typography>;
    case 'HTML':
      return (
        <Box
          className="speach-html"
          data-testid="chapter-html"
          sx={{ '& img': { maxWidth: '100%' }, '& a': { color: 'primary.main' }, lineHeight: 1.6 }}
          // The server sanitises chapter HTML (docs/speach-api.md).
          dangerouslySetInnerHTML={{ __html: content.html ?? '' }}
        />
      );
    case 'EMBED':
      return content.url ? (
        <Box sx={{ position: 'relative', aspectRatio: '16 / 9' }}>
          <iframe
            src={content.url}
            title={chapter.title}
            style={{ ...frame, height: '100%' }}
            allowFullScreen
            sandbox="allow-scripts allow-same-origin allow-popups allow-presentation allow-forms"
            referrerPolicy="no-referrer"
          />
        </Box>
      ) : (
        <Typography color="text.secondary">{t('speach.read.noContent')}</Typography>
      );
    case 'PDF_URL':
    case 'PDF_UPLOAD': {
      const url = content.type === 'PDF_URL' ? content.url : content.file?.url;
      if (!url) return <Typography color="text.secondary">{t('speach.read.noContent')}</Typography>;
      return (
        <Stack spacing={1}>
          <iframe src={url} title={chapter.title} style={{ ...frame, height: '75vh' }} />
          <Link href={url} target="_blank" rel="noopener">
            {t('speach.read.openPdf')}
          </Link>
        </Stack>
      );
    }
    case 'VIDEO_UPLOAD':
      return content.file?.url ? (
        <VideoOverlays chapterId={chapter.chapterId}>
          <VideoWithSubtitles chapterId={chapter.chapterId} src={content.file.url} title={chapter.title} />
        </VideoOverlays>
      ) : (
        <Typography color="text.secondary">{t('speach.read.noContent')}</Typography>
      );
    case 'AUDIO_UPLOAD':
      return content.file?.url ? (
        <audio controls src={content.file.url} aria-label={chapter.title} style={{ width: '100%' }} preload="metadata" />
      ) : (
        <Typography color="text.secondary">{t('speach.read.noContent')}</Typography>
      );
    case 'QUIZZ':
    case 'QUIZZ_EXAMEN':
      return <QuizTaker speachId={speachId} reading={reading} chapter={chapter} scored previous={previousResult} onAnswered={onAnswered} />;
    case 'SONDAGE':
    case 'ENQUETE':
      return <QuizTaker speachId={speachId} reading={reading} chapter={chapter} scored={false} onAnswered={onAnswered} />;
    case 'QUESTION_OUVERTE':
      return <OpenQuestion speachId={speachId} reading={reading} chapter={chapter} onAnswered={onAnswered} />;
    case 'REUSSITE':
      return (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', bgcolor: 'success.50' }}>
          <EmojiEvents sx={{ fontSize: 64, color: 'warning.dark' }} aria-hidden="true" />
          <Typography variant="h5" component="p" sx={{ whiteSpace: 'pre-wrap' }}>
            {content.message || t('speach.read.congratulations')}
          </Typography>
        </Paper>
      );
    default:
      return <Alert severity="info">{t('speach.read.placeholder', { type: t(`speach.type.${content.type}` as MessageKey) })}</Alert>;
  }
}
