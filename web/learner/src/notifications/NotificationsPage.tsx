import { Box, Button, FormControl, InputLabel, List, MenuItem, Paper, Select, Stack, Typography } from '@mui/material';
import Settings from '@mui/icons-material/Settings';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type MessageKey, useI18n } from '../i18n';
import { ErrorState, Loading } from '@speach/web-shared';
import { NotificationItem } from './NotificationItem';
import { WhyNotification } from './WhyNotification';
import { NotificationSettingsPanel } from './NotificationSettingsPanel';
import { NOTIFICATION_PAGE_SIZE, settingsOpen } from './notification-rules';
import { type AppNotification, notificationsApi } from './notificationsApi';

/** /account/myNotifications (spec §2): every notification, newest first, a type filter, `?settings=open` opens the settings. */
export function NotificationsPage() {
  const { t } = useI18n();
  const [search, setSearch] = useSearchParams();
  const type = search.get('type') ?? '';
  const [types, setTypes] = useState<string[]>([]);
  const [items, setItems] = useState<AppNotification[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    document.title = t('notifications.title');
  }, [t]);
  useEffect(() => {
    notificationsApi.types().then(setTypes, () => setTypes([]));
  }, []);

  const load = useCallback(async () => {
    setError(null);
    setItems(null);
    try {
      const [list, count] = await Promise.all([notificationsApi.list(0, type || undefined), notificationsApi.count(type || undefined)]);
      setItems(list);
      setTotal(count.size);
    } catch (e) {
      setError(e);
    }
  }, [type]);
  useEffect(() => {
    void load();
  }, [load]);

  const more = async () => {
    if (!items) return;
    setLoadingMore(true);
    try {
      const next = await notificationsApi.list(Math.floor(items.length / NOTIFICATION_PAGE_SIZE), type || undefined);
      setItems([...items, ...next.filter((n) => !items.some((i) => i.key === n.key))]);
    } catch (e) {
      setError(e);
    } finally {
      setLoadingMore(false);
    }
  };

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
        {items && (
          <Typography color="text.secondary" role="status">
            {t('notifications.count', { count: total })}
          </Typography>
        )}
      </Stack>
      <Paper sx={{ p: 1 }}>
        {error ? (
          <ErrorState message={t('notifications.loadError')} onRetry={() => void load()} />
        ) : !items ? (
          <Loading />
        ) : items.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('notifications.empty')}
          </Typography>
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
        {items && items.length < total && (
          <Box sx={{ p: 1, textAlign: 'center' }}>
            <Button onClick={() => void more()} disabled={loadingMore}>
              {t('notifications.more')}
            </Button>
          </Box>
        )}
      </Paper>
      <NotificationSettingsPanel open={settingsOpen(search)} onClose={() => setParam('settings', null)} />
    </Stack>
  );
}
