import { Avatar, Box, ListItemAvatar, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { type MessageKey, useI18n } from '../i18n';
import { notificationTarget } from './notification-target';
import type { AppNotification } from './notificationsApi';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** The sentence a notification shows: per type where the type has one, else its label and the speach title. */
export function useNotificationText() {
  const { t } = useI18n();
  return (n: AppNotification): string => {
    const user = n.sourceUser ? `${n.sourceUser.firstName} ${n.sourceUser.lastName}`.trim() : t('notifications.someone');
    // A path's, topic's or badge's notifications carry their own title in `data` (they may have no speach).
    const data = n.data ?? {};
    const title = n.speach?.title ?? [data.pathTitle, data.topicTitle, data.badgeTitle].find((v): v is string => typeof v === 'string') ?? '';
    const typeLabel = t(`notifications.type.${n.typeNotification}` as MessageKey);
    const key = `notifications.text.${n.typeNotification}` as MessageKey;
    const text = t(key, { user, title, type: typeLabel });
    return text === key ? t('notifications.text.generic', { type: typeLabel, title }) : text;
  };
}

/** One notification; clicking it opens the screen that acts on it (notification-target.ts). */
export function NotificationItem({ notification, onOpen, dense = false }: { notification: AppNotification; onOpen?: () => void; dense?: boolean }) {
  const { t, date } = useI18n();
  const navigate = useNavigate();
  const text = useNotificationText()(notification);
  const target = notificationTarget(notification);
  const person = notification.sourceUser;
  return (
    <ListItemButton
      dense={dense}
      disabled={!target}
      onClick={() => {
        onOpen?.();
        if (target) navigate(target);
      }}
      sx={{ alignItems: 'flex-start', bgcolor: notification.read ? undefined : 'action.hover', borderRadius: 1 }}
    >
      <ListItemAvatar>
        <Avatar src={person?.img ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: 'primary.main', color: 'common.white', fontSize: 15 }}>
          {person ? `${person.firstName.charAt(0)}${person.lastName.charAt(0)}` : '•'}
        </Avatar>
      </ListItemAvatar>
      <ListItemText
        primary={
          <>
            {!notification.read && (
              <Box component="span" sx={visuallyHidden}>
                {`${t('notifications.unread')}: `}
              </Box>
            )}
            <Box component="span" sx={{ fontWeight: notification.read ? 400 : 600 }}>
              {text}
            </Box>
          </>
        }
        secondary={
          <>
            {notification.commentaire?.content && (
              <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {notification.commentaire.content.length > 140 ? `${notification.commentaire.content.slice(0, 140)}…` : notification.commentaire.content}
              </Typography>
            )}
            {notification.message?.content && (
              <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {notification.message.content}
              </Typography>
            )}
            <Typography component="span" variant="caption" color="text.secondary">
              {`${t(`notifications.type.${notification.typeNotification}` as MessageKey)} · ${date(notification.date)}`}
            </Typography>
          </>
        }
      />
    </ListItemButton>
  );
}
