import { Alert, Box, Button, Checkbox, FormControlLabel, FormGroup, Paper, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n';
import type { VideoQuestionView } from '@speach/web-shared/api';
import { mediaApi } from './mediaApi';
import { useVideoOverlays } from './useMedia';

/** A question the player reached: asked once per viewing, whatever was answered before. */
function QuestionCard({ chapterId, question, onDone }: { chapterId: string; question: VideoQuestionView; onDone: () => void }) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<string[]>([]);
  const [result, setResult] = useState<{ correct: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    try {
      setResult(await mediaApi.answer(chapterId, question.interactionId, chosen));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const label = `video-question-${question.interactionId}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-labelledby={label} data-testid="video-question">
      <Typography id={label} component="h3" variant="subtitle1" gutterBottom>
        {question.question}
      </Typography>
      {question.multiple ? (
        <FormGroup>
          {question.options.map((o) => (
            <FormControlLabel
              key={o.optionId}
              control={
                <Checkbox
                  checked={chosen.includes(o.optionId)}
                  disabled={!!result}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, o.optionId] : c.filter((x) => x !== o.optionId)))}
                />
              }
              label={o.text}
            />
          ))}
        </FormGroup>
      ) : (
        <RadioGroup value={chosen[0] ?? ''} onChange={(e) => setChosen([e.target.value])} aria-labelledby={label}>
          {question.options.map((o) => (
            <FormControlLabel key={o.optionId} value={o.optionId} control={<Radio disabled={!!result} />} label={o.text} />
          ))}
        </RadioGroup>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {result && (
        <Alert severity={result.correct ? 'success' : 'warning'} role="status">
          {t(result.correct ? 'videoPlayer.right' : 'videoPlayer.wrong')}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {!result ? (
          <Button variant="contained" disabled={chosen.length === 0} onClick={() => void submit()}>
            {t('videoPlayer.answer')}
          </Button>
        ) : (
          <Button variant="contained" onClick={onDone}>
            {t('videoPlayer.continue')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The editor's overlays over a learner's video (the player's own component, with its subtitles, goes inside):
 * annotations shown while their time runs, and questions that pause the video at their timestamp until answered
 * (the answer is recorded like a quiz answer).
 */
export function VideoOverlays({ chapterId, children }: { chapterId: string; children: ReactNode }) {
  const query = useVideoOverlays(chapterId);
  // Without its overlays the video plays plain.
  const overlays = query.isError ? null : (query.data ?? null);
  const [time, setTime] = useState(0);
  const [width, setWidth] = useState<number | null>(null);
  const [asking, setAsking] = useState<VideoQuestionView | null>(null);
  const asked = useRef(new Set<string>());
  const box = useRef<HTMLDivElement | null>(null);

  const player = () => box.current?.querySelector('video') ?? null;

  useEffect(() => {
    const v = player();
    if (!v || !overlays) return;
    const onTime = () => {
      setTime(v.currentTime);
      setWidth(v.offsetWidth);
      const due = overlays.interactions.find((q) => !asked.current.has(q.interactionId) && v.currentTime >= q.at && v.currentTime - q.at < 1.5);
      if (due) {
        asked.current.add(due.interactionId);
        v.pause();
        setAsking(due);
      }
    };
    v.addEventListener('timeupdate', onTime);
    return () => v.removeEventListener('timeupdate', onTime);
  }, [overlays]);

  const shown = (overlays?.annotations ?? []).filter((a) => time >= a.at && time < a.at + a.duration);
  return (
    <Stack spacing={1}>
      <Box ref={box} sx={{ position: 'relative' }}>
        {children}
        {shown.length > 0 && (
          <Box aria-live="polite" sx={{ position: 'absolute', top: 12, left: 12, width: width ? width - 24 : 'auto', pointerEvents: 'none' }}>
            {shown.map((a) => (
              <Typography
                key={a.annotationId}
                data-testid="video-annotation"
                sx={{ display: 'inline-block', bgcolor: 'rgba(0,0,0,0.75)', color: '#fff', px: 1.5, py: 0.5, borderRadius: 1, mb: 0.5 }}
              >
                {a.text}
              </Typography>
            ))}
          </Box>
        )}
      </Box>
      {asking && (
        <QuestionCard
          key={asking.interactionId}
          chapterId={chapterId}
          question={asking}
          onDone={() => {
            setAsking(null);
            void player()
              ?.play()
              .catch(() => undefined);
          }}
        />
      )}
    </Stack>
  );
}
