import { Box, Button, FormControl, InputLabel, List, MenuItem, Paper, Select, Stack, Typography } from '@mui/material';
import Settings from '@mui/icons-material/Settings';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type MessageKey, useI18n } from '../i18n';
import { EmptyState, ErrorState, Loading } from '@speach/web-shared';
import { NotificationItem } from './NotificationItem';
import { WhyNotification } from './WhyNotification';
import { NotificationSettingsPanel } from './NotificationSettingsPanel';
import { settingsOpen } from './notification-rules';
import { flattenNotifications, useNotificationCount, useNotificationPages, useNotificationTypes } from './useNotifications';

/** /account/myNotifications (spec §2): every notification, newest first, a type filter, `?settings=open` opens the settings. */
export function NotificationsPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const type = search.get('type') ?? '';
  const types = useNotificationTypes().data ?? [];
  const pages = useNotificationPages(type);
  const count = useNotificationCount(type);
  const items = flattenNotifications(pages.data?.pages);
  const total = count.data ?? 0;
  const error = pages.isError || count.isError;
  const retry = () => void Promise.all([pages.refetch(), count.refetch()]);

  useEffect(() => {
    document.title = t('notifications.title');
  }, [t]);

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" alignItems={{ sm: 'center' }}>
        <Typography variant="h4" component="h1">
          {t('notifications.title')}
        </Typography>
        <Button variant="outlined" startIcon={<Settings />} onClick={() => setParam('settings', 'open')}>
          {t('notifications.settings')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 260 }}>
          <InputLabel id="notification-type-label" shrink>
            {t('notifications.filter.type')}
          </InputLabel>
          <Select
            labelId="notification-type-label"
            label={t('notifications.filter.type')}
            value={type}
            displayEmpty
            notched
            onChange={(e) => setParam('type', e.target.value || null)}
          >
            <MenuItem value="">{t('notifications.filter.all')}</MenuItem>
            {types.map((name) => (
              <MenuItem key={name} value={name}>
                {t(`notifications.type.${name}` as MessageKey)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {items && count.data !== undefined && (
          <Typography color="text.secondary" role="status">
            {t('notifications.count', { count: total })}
          </Typography>
        )}
      </Stack>
      <Paper sx={{ p: 1 }}>
        {error ? (
          <ErrorState message={t('notifications.loadError')} onRetry={retry} />
        ) : !items ? (
          <Loading />
        ) : items.length === 0 ? (
          <Box sx={{ px: 2 }}>
            <EmptyState message={t('notifications.empty')} />
          </Box>
        ) : (
          <List aria-label={t('notifications.title')} data-testid="notifications-list">
            {items.map((n) => (
              <li key={n.key}>
                <NotificationItem notification={n} />
                <WhyNotification notification={n} />
              </li>
            ))}
          </List>
        )}
        {items && items.length < total && pages.hasNextPage && (
          <Box sx={{ p: 1, textAlign: 'center' }}>
            <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
              {t('notifications.more')}
            </Button>
          </Box>
        )}
      </Paper>
      <NotificationSettingsPanel open={settingsOpen(search)} onClose={() => setParam('settings', null)} />
    </Stack>
  );
}
