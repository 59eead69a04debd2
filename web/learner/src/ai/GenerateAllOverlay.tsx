import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HourglassEmpty from '@mui/icons-material/HourglassEmpty';
import { useI18n } from '../i18n';
import type { PlanSubchapter } from './aiApi';
import type { SubchapterState } from './PlanStep';

const LABEL = { idle: 'ai.overlay.waiting', running: 'ai.overlay.running', done: 'ai.overlay.done', error: 'ai.overlay.failed' } as const;

/** Full-screen progress of "generate all": each sub-chapter's state, done/total, and Cancel. */
export function GenerateAllOverlay({
  open,
  subchapters,
  states,
  onCancel,
}: {
  open: boolean;
  subchapters: PlanSubchapter[];
  states: Record<string, SubchapterState>;
  onCancel: () => void;
}) {
  const { t, language } = useI18n();
  const done = subchapters.filter((s) => states[s.id] === 'done').length;
  const total = subchapters.length;
  const number = new Intl.NumberFormat(language);
  return (
    <Dialog fullScreen open={open} aria-labelledby="ai-overlay-title" onClose={(_, reason) => reason === 'escapeKeyDown' && onCancel()}>
      <DialogTitle id="ai-overlay-title" sx={{ maxWidth: 720, width: '100%', mx: 'auto', px: 0 }}>
        {t('ai.overlay.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
          <Box>
            <LinearProgress variant="determinate" value={total ? (done / total) * 100 : 0} aria-label={t('ai.overlay.progress')} />
            <Typography aria-live="polite" sx={{ mt: 1 }}>
              {t('ai.overlay.count', { done: number.format(done), total: number.format(total) })}
            </Typography>
          </Box>
          <List aria-label={t('ai.overlay.list')}>
            {subchapters.map((sub) => {
              const state = states[sub.id] ?? 'idle';
              return (
                <ListItem key={sub.id} disableGutters>
                  <ListItemIcon>
                    {state === 'done' ? (
                      <CheckCircle color="success" aria-hidden="true" />
                    ) : state === 'running' ? (
                      <CircularProgress size={22} aria-hidden="true" />
                    ) : state === 'error' ? (
                      <ErrorIcon color="error" aria-hidden="true" />
                    ) : (
                      <HourglassEmpty color="disabled" aria-hidden="true" />
                    )}
                  </ListItemIcon>
                  <ListItemText primary={sub.title} secondary={t(LABEL[state])} />
                </ListItem>
              );
            })}
          </List>
          <Box>
            <Button variant="outlined" onClick={onCancel}>
              {t('ai.dialog.cancel')}
            </Button>
          </Box>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
