import { List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import HourglassTop from '@mui/icons-material/HourglassTop';
import { type MessageKey, useI18n } from '../i18n';
import type { VideoCutView } from '@speach/web-shared/api';
import { clock } from './mediaApi';

const ICONS = { PENDING: HourglassTop, DONE: CheckCircle, FAILED: ErrorOutline } as const;

/** The cuts asked for, each with the outcome of the media job applying it to the chapter's file. */
export function CutHistory({ cuts }: { cuts: VideoCutView[] }) {
  const { t } = useI18n();
  if (cuts.length === 0) return null;
  return (
    <List dense aria-label={t('videoEditor.cut.history')} aria-live="polite" data-testid="cut-history">
      {cuts.map((c) => {
        const Icon = ICONS[c.status];
        return (
          <ListItem key={c.cutId} data-status={c.status}>
            <ListItemIcon>
              <Icon color={c.status === 'DONE' ? 'success' : c.status === 'FAILED' ? 'error' : 'action'} aria-hidden />
            </ListItemIcon>
            <ListItemText
              primary={c.keep.map((k) => `${clock(k.start)}–${clock(k.end)}`).join(', ')}
              secondary={t(`mediaEditor.cut.status.${c.status}` as MessageKey, { reason: c.reason ?? '' })}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
