import { Alert, Box, Button, LinearProgress, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import UploadFile from '@mui/icons-material/UploadFile';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { ConvertToExamLink, SubtitlesManager } from '../media-text/SubtitlesManager';
import { AiQuizPopup } from '../ai/AiQuizPopup';
import { ApiError } from '../api/client';
import { type MessageKey, useI18n } from '../i18n';
import { MediaChapterActions } from '../media/MediaChapterActions';
import { QuestionsEditor } from './QuestionsEditor';
import { RichTextEditor } from './RichTextEditor';
import { errorMessage, uploadChapterFile } from './speachApi';
import { useReportDirty } from './unsaved/UnsavedChanges';
import { CONTENT_TYPES, type Chapter, type Content, type DraftSpeach, EDITABLE_TYPES, UPLOAD_TYPES, type UploadType } from './types';

const QUIZ = ['QUIZZ', 'QUIZZ_EXAMEN'];
const POLL = ['SONDAGE', 'ENQUETE'];

export function isUpload(type: string): type is UploadType {
  return (UPLOAD_TYPES as readonly string[]).includes(type);
}

export function defaultContent(type: string): Content {
  switch (type) {
    case 'NONE':
      return { type };
    case 'HTML':
      return { type, html: '' };
    case 'EMBED':
    case 'PDF_URL':
      return { type, url: '' };
    case 'QUIZZ':
    case 'QUIZZ_EXAMEN':
      return { type, passingScore: 50, questions: [] };
    case 'SONDAGE':
    case 'ENQUETE':
      return { type, questions: [] };
    case 'QUESTION_OUVERTE':
      return { type, question: '' };
    case 'REUSSITE':
      return { type, message: '' };
    default:
      return isUpload(type) ? { type, file: null } : { type, placeholder: true };
  }
}

/** The body of the content PUT: only the fields of the type. */
export function contentBody(content: Content): Content {
  const { type } = content;
  if (type === 'HTML') return { type, html: content.html ?? '' };
  if (type === 'EMBED' || type === 'PDF_URL') return { type, url: (content.url ?? '').trim() };
  if (QUIZ.includes(type)) return { type, passingScore: content.passingScore ?? 0, questions: content.questions ?? [] };
  if (POLL.includes(type))
    return { type, questions: (content.questions ?? []).map((q) => ({ ...q, options: q.options.map(({ optionId, text }) => ({ optionId, text })) })) };
  if (type === 'QUESTION_OUVERTE') return { type, question: content.question ?? '' };
  if (type === 'REUSSITE') return { type, message: content.message ?? '' };
  return { type };
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const ACCEPT: Record<UploadType, string> = { VIDEO_UPLOAD: 'video/*', AUDIO_UPLOAD: 'audio/*', PDF_UPLOAD: 'application/pdf,.pdf' };

interface Props {
  speachId: string;
  chapter: Chapter;
  /** Runs a command with 409 handling by the page; rejects with the ApiError otherwise. */
  save: (content: Content) => Promise<void>;
  onUploaded: (draft: DraftSpeach) => void;
  onConflict: () => void;
  /** The AI quiz recorded questions on the server: the page reads the chapter again. */
  onQuizRecorded?: () => void;
}

/** Content editor of the selected chapter: type chooser and the editor of that type. */
export function ContentEditor({ speachId, chapter, save, onUploaded, onConflict, onQuizRecorded }: Props) {
  const { t } = useI18n();
  const saved: Content = chapter.content ?? { type: 'NONE' };
  const [content, setContent] = useState<Content>(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; reasons: string[] } | null>(null);
  const [savedMessage, setSavedMessage] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<(() => void) | null>(null);
  const [htmlKey, setHtmlKey] = useState(0);

  useEffect(() => () => abort.current?.(), []);
  // Compared as the PUT would send it with what the server last accepted from this form (it may sanitise the HTML).
  const [baseline, setBaseline] = useState(() => JSON.stringify(contentBody(saved)));
  useReportDirty('content', JSON.stringify(contentBody(content)) !== baseline);

  const changeType = (type: string) => {
    setError(null);
    setSavedMessage(false);
    setContent(type === saved.type ? saved : defaultContent(type));
    setHtmlKey((k) => k + 1);
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    setSavedMessage(false);
    try {
      await save(contentBody(content));
      setBaseline(JSON.stringify(contentBody(content)));
      setSavedMessage(true);
    } catch (e) {
      setError({ message: errorMessage(e), reasons: e instanceof ApiError ? e.errors.map((x) => x.reason).filter((r) => r && r !== e.message) : [] });
    } finally {
      setBusy(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !isUpload(content.type)) return;
    setError(null);
    setSavedMessage(false);
    setProgress(0);
    const job = uploadChapterFile(speachId, chapter.chapterId, content.type, file, setProgress);
    abort.current = job.abort;
    try {
      const draft = await job.promise;
      onUploaded(draft);
      setBaseline(JSON.stringify(contentBody(content)));
      setSavedMessage(true);
      setProgress(null);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) onConflict();
      setError({ message: e instanceof ApiError && e.status === 413 ? t('speach.upload.tooLarge') : errorMessage(e), reasons: [] });
      setProgress(-1);
    } finally {
      abort.current = null;
    }
  };

  const type = content.type;
  const editable = EDITABLE_TYPES.includes(type);
  const uploadedFile = isUpload(type) && saved.type === type ? saved.file : null;

  return (
    <Stack spacing={2}>
      <TextField select label={t('speach.content.type')} value={type} onChange={(e) => changeType(e.target.value)} sx={{ maxWidth: 360 }}>
        {CONTENT_TYPES.map((c) => (
          <MenuItem key={c} value={c}>
            {t(`speach.type.${c}` as MessageKey)}
          </MenuItem>
        ))}
      </TextField>

      {type === 'NONE' && <Typography color="text.secondary">{t('speach.content.none')}</Typography>}

      {type === 'HTML' && (
        <RichTextEditor
          key={`${chapter.chapterId}-${htmlKey}`}
          label={t('speach.content.html')}
          initialHtml={content.html ?? ''}
          onChange={(html) => setContent((c) => ({ ...c, html }))}
        />
      )}

      {(type === 'EMBED' || type === 'PDF_URL') && (
        <TextField
          type="url"
          label={t(type === 'EMBED' ? 'speach.content.embedUrl' : 'speach.content.pdfUrl')}
          placeholder="https://"
          value={content.url ?? ''}
          onChange={(e) => setContent((c) => ({ ...c, url: e.target.value }))}
          helperText={t('speach.content.httpsOnly')}
          fullWidth
        />
      )}

      {isUpload(type) && (
        <Stack spacing={1.5}>
          {uploadedFile ? (
            <Typography>
              {t('speach.upload.current')}{' '}
              <Link href={uploadedFile.url} target="_blank" rel="noopener">
                {uploadedFile.name}
              </Link>{' '}
              ({formatSize(uploadedFile.size)})
            </Typography>
          ) : (
            <Typography color="text.secondary">{t('speach.upload.none')}</Typography>
          )}
          <Box>
            <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={progress !== null && progress >= 0 && progress < 100}>
              {t(uploadedFile ? 'speach.upload.replace' : 'speach.upload.choose')}
              <input type="file" hidden accept={ACCEPT[type]} onChange={upload} data-testid="chapter-file" />
            </Button>
          </Box>
          {(type === 'VIDEO_UPLOAD' || type === 'AUDIO_UPLOAD') && (
            <MediaChapterActions chapterId={chapter.chapterId} fileUrl={uploadedFile?.url ?? null} onSaved={() => onQuizRecorded?.()} />
          )}
          {progress !== null && progress >= 0 && (
            <Box>
              <LinearProgress variant="determinate" value={progress} aria-label={t('speach.upload.progress')} />
              <Typography variant="body2" aria-live="polite">
                {t('speach.upload.percent', { percent: progress })}
              </Typography>
            </Box>
          )}
          {type === 'VIDEO_UPLOAD' && uploadedFile && <SubtitlesManager chapterId={chapter.chapterId} />}
        </Stack>
      )}

      {QUIZ.includes(type) && (
        <>
          {saved.type === 'QUIZZ' && type === 'QUIZZ' && (
            <ConvertToExamLink
              chapterId={chapter.chapterId}
              onConverted={() => {
                setContent((c) => ({ ...c, type: 'QUIZZ_EXAMEN' }));
                setSavedMessage(true);
                onQuizRecorded?.();
              }}
            />
          )}
          <AiQuizPopup
            chapterId={chapter.chapterId}
            typeQuiz={type === 'QUIZZ_EXAMEN' ? 'QUIZZ_EXAMEN' : 'QUIZZ'}
            passingScore={content.passingScore ?? 50}
            existing={content.questions ?? []}
            onRecorded={(questions) => {
              setContent((c) => ({ ...c, questions }));
              setError(null);
              setSavedMessage(true);
              onQuizRecorded?.();
            }}
            onFailed={(message) => setError({ message, reasons: [] })}
          />
          <TextField
            type="number"
            label={t('speach.quiz.passingScore')}
            value={content.passingScore ?? 0}
            onChange={(e) => setContent((c) => ({ ...c, passingScore: Math.min(100, Math.max(0, Number(e.target.value) || 0)) }))}
            slotProps={{ htmlInput: { min: 0, max: 100 } }}
            sx={{ maxWidth: 220 }}
          />
          <QuestionsEditor withCorrect questions={content.questions ?? []} onChange={(questions) => setContent((c) => ({ ...c, questions }))} />
        </>
      )}

      {POLL.includes(type) && (
        <QuestionsEditor withCorrect={false} questions={content.questions ?? []} onChange={(questions) => setContent((c) => ({ ...c, questions }))} />
      )}

      {type === 'QUESTION_OUVERTE' && (
        <TextField
          label={t('speach.content.openQuestion')}
          value={content.question ?? ''}
          onChange={(e) => setContent((c) => ({ ...c, question: e.target.value }))}
          multiline
          minRows={2}
          fullWidth
        />
      )}

      {type === 'REUSSITE' && (
        <TextField
          label={t('speach.content.successMessage')}
          value={content.message ?? ''}
          onChange={(e) => setContent((c) => ({ ...c, message: e.target.value }))}
          multiline
          minRows={3}
          fullWidth
        />
      )}

      {!editable && <Alert severity="info">{t('speach.content.notEditable', { type: t(`speach.type.${type}` as MessageKey) })}</Alert>}

      {error && (
        <Alert severity="error" role="alert">
          {error.message}
          {error.reasons.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {error.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {savedMessage && (
        <Alert severity="success" role="status">
          {t('speach.content.saved')}
        </Alert>
      )}
      {!isUpload(type) && (
        <Box>
          <Button variant="contained" onClick={submit} disabled={busy}>
            {t('speach.content.save')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
