import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useI18n } from '../i18n';
import { mediaApi } from './mediaApi';
import { VoiceOverStudio } from './VoiceOverStudio';

/** The chapter action panel of a video or audio chapter (spec §2): add a voice-over, open the video editor. */
export function MediaChapterActions({ chapterId, fileUrl, onSaved }: { chapterId: string; fileUrl: string | null; onSaved: () => void }) {
  const { t } = useI18n();
  const { me } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const openEditor = async () => {
    try {
      // Spec §7: the editor URL is asked of the server, and the client appends initID.
      const url = await mediaApi.editingUrl(chapterId);
      navigate(`${url}initID=${encodeURIComponent(chapterId)}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={!fileUrl}>
        {t('mediaRecorder.add')}
      </Button>
      <Button variant="outlined" onClick={() => void openEditor()}>
        {t('videoEditor.open')}
      </Button>
      {error && <span role="alert">{error}</span>}
      <VoiceOverStudio
        open={open}
        chapterId={chapterId}
        videoUrl={fileUrl}
        generationEnabled={!!me?.isAiEditor}
        onClose={() => setOpen(false)}
        onSaved={() => onSaved()}
      />
    </Stack>
  );
}
