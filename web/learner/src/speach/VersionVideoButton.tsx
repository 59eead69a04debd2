import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '../api/client';
import { useI18n } from '../i18n';
import { useVersionVideo } from './useSpeach';

/** The Download button of one version: PREPARING → READY (a signed link to save). */
export function VersionVideoButton({ logId }: { logId: string }) {
  const { t } = useI18n();
  const [asked, setAsked] = useState(false);
  const video = useVersionVideo(logId, asked);
  const answer = video.data;

  // No video chapter in this version: nothing to download.
  if (video.error instanceof ApiError && video.error.status === 404) return null;
  if (answer?.status === 'READY')
    return (
      <Button size="small" variant="outlined" href={answer.url} download={`version-${logId.split(':').pop()}.mp4`}>
        {t('versionVideo.ready')}
      </Button>
    );
  const preparing = answer?.status === 'PREPARING' && !video.isError;
  const ask = () => (asked ? void video.refetch() : setAsked(true));
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button size="small" onClick={ask} disabled={preparing || video.isFetching}>
        {t('versionVideo.download')}
      </Button>
      {preparing && (
        <>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2" role="status">
            {t('versionVideo.preparing')}
          </Typography>
        </>
      )}
      {video.isError && (
        <Typography variant="body2" color="error" role="alert">
          {t('versionVideo.error')}
        </Typography>
      )}
    </Stack>
  );
}
