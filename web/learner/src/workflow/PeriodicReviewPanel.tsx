import { Alert, Button, Chip, FormControl, FormControlLabel, FormLabel, Paper, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import { errorMessage } from '../speach/speachApi';
import type { SpeachCard } from '../speach/types';
import { type SignatureInput, SignatureDialog } from './SignatureDialog';
import { REVIEW_DECISIONS, type ReviewDecision, windowStart, workflowApi } from './workflowApi';
import { useReviewDecision } from './useWorkflow';

/** A reviewer's periodic review decision (spec §4): no revision, revision needed, or ask to archive. */
/** The answered card shows on the validator's page through the cache (useReviewDecision). */
export function PeriodicReviewPanel({ card }: { card: SpeachCard }) {
  const { t, date } = useI18n();
  const next = card.metadata.nextPeriodicReview as string | null | undefined;
  const operation = card.metadata.periodicReviewOperation as ReviewDecision | null | undefined;
  const [decision, setDecision] = useState<ReviewDecision>('NO_REVISION');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const review = useReviewDecision(card.id);
  const busy = review.isPending;
  // A GMP-regulated speach's review decision is signed (meaning `reviewed`): the decision waits for the signature.
  const [signing, setSigning] = useState(false);
  if (!next) return null;
  const regulated = card.regulated_gmp === true;
  const urgent = windowStart(next).getTime() <= Date.now();
  const decide = async (signature?: SignatureInput) => {
    await review.mutateAsync(() => workflowApi.decide(card.id, decision, comment.trim(), signature));
    setSigning(false);
    setDone(t(`workflow.review.decision.${decision}` as MessageKey));
  };
  const submit = async () => {
    if (regulated) return setSigning(true);
    setError(null);
    try {
      await decide();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="review-title">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography id="review-title" variant="h6" component="h2">
            {t('workflow.review.title')}
          </Typography>
          <Chip
            size="small"
            color={urgent ? 'error' : 'default'}
            label={urgent ? t('workflow.review.urgent', { date: date(next) }) : t('workflow.review.next', { date: date(next) })}
          />
          {operation && <Chip size="small" variant="outlined" label={t(`workflow.review.decision.${operation}` as MessageKey)} />}
        </Stack>
        {error && <Alert severity="error">{error}</Alert>}
        {done && <Alert severity="success">{t('workflow.review.done', { decision: done })}</Alert>}
        {urgent && !done && (
          <>
            <FormControl>
              <FormLabel id="decision-label">{t('workflow.review.decision')}</FormLabel>
              <RadioGroup aria-labelledby="decision-label" value={decision} onChange={(e) => setDecision(e.target.value as ReviewDecision)}>
                {REVIEW_DECISIONS.map((d) => (
                  <FormControlLabel key={d} value={d} control={<Radio />} label={t(`workflow.review.decision.${d}` as MessageKey)} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField label={t('workflow.review.comment')} value={comment} onChange={(e) => setComment(e.target.value)} multiline minRows={2} />
            {regulated && <Typography variant="body2">{t('gxp.review.signHint')}</Typography>}
            <Stack direction="row">
              <Button variant="contained" onClick={() => void submit()} disabled={busy}>
                {t('workflow.review.submit')}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
      {signing && <SignatureDialog meaning="reviewed" onCancel={() => setSigning(false)} onSign={decide} />}
    </Paper>
  );
}
