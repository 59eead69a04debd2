import { Box, Drawer, FormControl, FormControlLabel, IconButton, InputLabel, MenuItem, Select, Stack, Switch, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useState } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { NOTIFICATION_FREQUENCIES, type NotificationFrequency, groupByCategory } from './notification-rules';
import type { NotificationParameter } from './notificationsApi';
import { useNotificationFrequency, useNotificationSettings, useToggleNotificationSetting } from './useNotifications';
import { desktopEnabled, desktopSupport, setDesktopEnabled } from './desktop-notifications';

/** Spec §2 notification settings side panel: activation per type (sent at once, spec §5) and the mail frequency. */
export function NotificationSettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const settings = useNotificationSettings(open);
  const toggleSetting = useToggleNotificationSetting();
  const setFrequency = useNotificationFrequency();
  const [toast, show] = useToast();
  const [desktop, setDesktop] = useState(desktopEnabled);
  const [support, setSupport] = useState(desktopSupport);
  const changeDesktop = async (on: boolean) => {
    setDesktop(await setDesktopEnabled(on));
    setSupport(desktopSupport());
  };

  const failed = () => show('error', t('notifications.settings.failed'));
  const toggle = (param: NotificationParameter, activate: boolean) => toggleSetting.mutate({ param, activate }, { onError: failed });
  const changeFrequency = (next: NotificationFrequency) =>
    setFrequency.mutate(next, { onSuccess: () => show('success', t('notifications.settings.saved')), onError: failed });
  const params = settings.data?.params;
  const frequency = settings.data?.frequencyNotification ?? 'HEBDOMADAIRE';

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': 'notification-settings-title', sx: { width: { xs: '100%', sm: 400 }, p: 3 } } as object }}
    >
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
        <Typography id="notification-settings-title" variant="h6" component="h2">
          {t('notifications.settings')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('notifications.settings.close')}>
          <Close />
        </IconButton>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('notifications.settings.intro')}
      </Typography>
      {settings.isError ? (
        <ErrorState message={t('notifications.loadError')} onRetry={() => void settings.refetch()} />
      ) : !params ? (
        <Loading />
      ) : (
        <Stack spacing={3}>
          <FormControl fullWidth size="small">
            <InputLabel id="notification-frequency-label">{t('notifications.settings.frequency')}</InputLabel>
            <Select
              labelId="notification-frequency-label"
              label={t('notifications.settings.frequency')}
              value={frequency}
              onChange={(e) => changeFrequency(e.target.value as NotificationFrequency)}
            >
              {NOTIFICATION_FREQUENCIES.map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`notifications.frequency.${f}` as MessageKey)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Box>
            <FormControlLabel
              control={
                <Switch checked={desktop} disabled={support === 'unsupported' || support === 'denied'} onChange={(e) => void changeDesktop(e.target.checked)} />
              }
              label={t('desktop.label')}
            />
            <Typography variant="body2" color="text.secondary">
              {support === 'unsupported' ? t('desktop.unsupported') : support === 'denied' ? t('desktop.denied') : t('desktop.help')}
            </Typography>
          </Box>
          {groupByCategory(params).map((group) => (
            <Box component="fieldset" key={group.category} sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {t(`notifications.category.${group.category}` as MessageKey)}
              </Typography>
              <Stack>
                {group.params.map((p) => (
                  <FormControlLabel
                    key={p.id}
                    control={<Switch checked={p.activate} onChange={(e) => toggle(p, e.target.checked)} />}
                    label={t(`notifications.type.${p.typeNotification}` as MessageKey)}
                  />
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
      {toast}
    </Drawer>
  );
}
