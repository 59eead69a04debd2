import { Badge, Box, Button, Divider, IconButton, List, Popover, Stack, Typography } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import Settings from '@mui/icons-material/Settings';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import { ErrorState, Loading } from '../speach/common';
import { NotificationItem } from './NotificationItem';
import { WhyNotification } from './WhyNotification';
import { shouldAcknowledge, unreadBadge } from './notification-rules';
import { type AppNotification, notificationsApi } from './notificationsApi';
import { useDesktopNotifications } from './desktop-notifications';

const NotificationSettingsPanel = lazy(() => import('./NotificationSettingsPanel').then((m) => ({ default: m.NotificationSettingsPanel })));

/**
 * The bell of the top bar (spec §2, §4): unread badge (+99), a dropdown of the latest notifications,
 * a see-all link and the settings side panel. Opening the dropdown acknowledges once per page view
 * and resets the count; opening the settings hides the list, closing them shows it again.
 */
export function NotificationBell() {
  const { t, language } = useI18n();
  const [unread, setUnread] = useState(0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [items, setItems] = useState<AppNotification[] | null>(null);
  const [error, setError] = useState(false);
  const [settings, setSettings] = useState(false);
  const acknowledged = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    notificationsApi.countUnread().then(
      (answer) => setUnread(answer.size),
      () => setUnread(0),
    );
  }, []);
  useDesktopNotifications(language, unread, setUnread);
  // The mails are written in the language this app shows (the server records only a change).
  useEffect(() => {
    notificationsApi.language(language).catch(() => undefined);
  }, [language]);

  const loadItems = useCallback(async () => {
    setError(false);
    try {
      setItems(await notificationsApi.list(0));
    } catch {
      setError(true);
    }
  }, []);

  const open = async (target: HTMLElement) => {
    setAnchor(target);
    setItems(null);
    await loadItems();
    if (shouldAcknowledge(acknowledged.current, unread)) {
      acknowledged.current = true;
      setUnread(0);
      try {
        await notificationsApi.acquit();
      } catch {
        acknowledged.current = false;
      }
    }
  };
  const close = () => {
    setAnchor(null);
    setItems((list) => list?.map((n) => ({ ...n, read: true })) ?? list);
  };

  const badge = unreadBadge(unread);
  return (
    <>
      <IconButton
        ref={button}
        color="inherit"
        aria-label={badge ? t('notifications.bellUnread', { count: badge }) : t('notifications.bell')}
        aria-haspopup="dialog"
        aria-expanded={!!anchor}
        onClick={(e) => void open(e.currentTarget)}
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
          {error ? (
            <Box sx={{ p: 1 }}>
              <ErrorState message={t('notifications.loadError')} onRetry={() => void loadItems()} />
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
