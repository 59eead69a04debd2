import { Badge, Box, Button, Divider, IconButton, List, Popover, Stack, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Settings from '@mui/icons-material/Settings';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import { ErrorState, Loading } from '@speach/web-shared';
import { NotificationItem } from './NotificationItem';
import { WhyNotification } from './WhyNotification';
import { shouldAcknowledge, unreadBadge } from './notification-rules';
import { notificationsApi } from './notificationsApi';
import { useAcknowledgeNotifications, useLatestNotifications, useMarkLatestSeen, useUnreadCount } from './useNotifications';
import { useDesktopNotifications } from './desktop-notifications';

const NotificationSettingsPanel = lazy(() => import('./NotificationSettingsPanel').then((m) => ({ default: m.NotificationSettingsPanel })));

/**
 * The bell of the top bar (spec §2, §4): unread badge (+99), a dropdown of the latest notifications,
 * a see-all link and the settings side panel. Opening the dropdown acknowledges once per page view
 * and resets the count; opening the settings hides the list, closing them shows it again.
 */
export function NotificationBell() {
  const { t, language } = useI18n();
  const [unread, setUnread] = useUnreadCount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [settings, setSettings] = useState(false);
  const latest = useLatestNotifications(!!anchor);
  const markSeen = useMarkLatestSeen();
  const acknowledge = useAcknowledgeNotifications();
  const acknowledged = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useDesktopNotifications(language, unread, setUnread);
  // The mails are written in the language this app shows (the server records only a change).
  useEffect(() => {
    notificationsApi.language(language).catch(() => undefined);
  }, [language]);

  const open = (target: HTMLElement) => {
    setAnchor(target);
    if (shouldAcknowledge(acknowledged.current, unread)) {
      acknowledged.current = true;
      acknowledge.mutate(undefined, { onError: () => (acknowledged.current = false) });
    }
  };
  const close = () => {
    setAnchor(null);
    markSeen();
  };
  // A second opening shows the list it had while the server's newer answer comes.
  const items = latest.data;

  const badge = unreadBadge(unread);
  return (
    <>
      <IconButton
        ref={button}
        color="inherit"
        aria-label={badge ? t('notifications.bellUnread', { count: badge }) : t('notifications.bell')}
        aria-haspopup="dialog"
        aria-expanded={!!anchor}
        onClick={(e) => open(e.currentTarget)}
        data-testid="notification-bell"
      >
        <Badge badgeContent={badge || undefined} color="error" invisible={!badge} overlap="circular" slotProps={{ badge: { 'aria-hidden': true } as object }}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={!!anchor && !settings}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'bell-title', sx: { width: { xs: '100vw', sm: 400 }, maxHeight: '70vh' } } as object }}
      >
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ px: 2, pt: 1.5, pb: 1 }}>
          <Typography id="bell-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('notifications.latest')}
          </Typography>
          <IconButton size="small" aria-label={t('notifications.settings.open')} onClick={() => setSettings(true)}>
            <Settings fontSize="small" />
          </IconButton>
        </Stack>
        <Divider />
        <Box sx={{ px: 1 }}>
          {latest.isError ? (
            <Box sx={{ p: 1 }}>
              <ErrorState message={t('notifications.loadError')} onRetry={() => void latest.refetch()} />
            </Box>
          ) : !items ? (
            <Loading />
          ) : items.length === 0 ? (
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('notifications.empty')}
            </Typography>
          ) : (
            <List dense aria-labelledby="bell-title" data-testid="bell-list">
              {items.map((n) => (
                <li key={n.key}>
                  <NotificationItem notification={n} dense onOpen={close} />
                  <WhyNotification notification={n} />
                </li>
              ))}
            </List>
          )}
        </Box>
        <Divider />
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button component={RouterLink} to="/account/myNotifications" onClick={close}>
            {t('notifications.seeAll')}
          </Button>
        </Box>
      </Popover>
      {settings && (
        <Suspense fallback={null}>
          <NotificationSettingsPanel
            open={settings}
            onClose={() => {
              setSettings(false);
              if (!anchor) button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
