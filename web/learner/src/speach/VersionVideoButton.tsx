import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../api/client';
import { useI18n } from '../i18n';

type Answer = { status: 'PREPARING' } | { status: 'READY'; url: string };

/** Spec §7: the server joins the version's video chapters; the page asks again every 15 s until it is ready. */
const POLL_MS = 15_000;

/** The Download button of one version: PREPARING → READY (a signed link to save). */
export function VersionVideoButton({ logId }: { logId: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'preparing' | 'error' | 'none'>('idle');
  const [url, setUrl] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const ask = () => {
    api<Answer>(`/versioning/logs/${encodeURIComponent(logId)}/video`).then(
      (answer) => {
        if (answer.status === 'READY') {
          setUrl(answer.url);
          setState('idle');
        } else {
          setState('preparing');
          timer.current = setTimeout(ask, POLL_MS);
        }
      },
      (error: unknown) => setState(error instanceof ApiError && error.status === 404 ? 'none' : 'error'),
    );
  };

  if (state === 'none') return null;
  if (url)
    return (
      <Button size="small" variant="outlined" href={url} download={`version-${logId.split(':').pop()}.mp4`}>
        {t('versionVideo.ready')}
      </Button>
    );
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button size="small" onClick={ask} disabled={state === 'preparing'}>
        {t('versionVideo.download')}
      </Button>
      {state === 'preparing' && (
        <>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2" role="status">
            {t('versionVideo.preparing')}
          </Typography>
        </>
      )}
      {state === 'error' && (
        <Typography variant="body2" color="error" role="alert">
          {t('versionVideo.error')}
        </Typography>
      )}
    </Stack>
  );
}
