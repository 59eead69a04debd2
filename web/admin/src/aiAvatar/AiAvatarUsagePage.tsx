import {
  Alert,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { AvatarUsageView } from '@speach/web-shared/api';
import { apiCall } from '../providers/httpClient';

type AvatarUsage = AvatarUsageView;

/** Hours, minutes and seconds in the interface language (spec §9: usage and limit shown as durations). */
function duration(locale: string, seconds: number): string {
  const total = Math.round(seconds);
  const parts: [number, Intl.NumberFormatOptions['unit']][] = [
    [Math.floor(total / 3600), 'hour'],
    [Math.floor(total / 60) % 60, 'minute'],
    [total % 60, 'second'],
  ];
  const shown = parts.filter(([value], i) => value > 0 || (i === 2 && total === 0));
  return shown.map(([value, unit]) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value)).join(' ');
}

/** Spec §2 "AI avatar usage panel with add-time confirm dialog": the organisation's use against its limit. */
export function AiAvatarUsagePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [usage, setUsage] = useState<AvatarUsage | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = () => apiCall<AvatarUsage>('/api/v2/administration/ai/avatarUsage').then(setUsage, (e: Error) => setError(e.message));
  useEffect(() => {
    void load();
  }, []);

  async function addHour() {
    setConfirming(false);
    try {
      const limit = await apiCall<number>('/api/v2/administration/ai/addTime', { method: 'PUT', body: { time: 3600 } });
      notify('admin.aiAvatar.added', { type: 'success', messageArgs: { limit: duration(locale, limit) } });
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const percent = usage ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(usage.percentage / 100) : '';
  return (
    <Card sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="admin.aiAvatar.title" />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {translate('admin.aiAvatar.title')}
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {usage && (
            <>
              <Typography data-testid="avatar-usage">
                {translate('admin.aiAvatar.used', { used: duration(locale, usage.usedSeconds), limit: duration(locale, usage.limitSeconds), percent })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, usage.percentage)}
                color={usage.percentage >= 100 ? 'error' : 'primary'}
                aria-label={translate('admin.aiAvatar.title')}
              />
              <Typography>{translate('admin.aiAvatar.remaining', { remaining: duration(locale, usage.remainingSeconds) })}</Typography>
              {usage.usedSeconds > usage.limitSeconds && <Alert severity="warning">{translate('admin.aiAvatar.overrun')}</Alert>}
              {Object.keys(usage.byMonth).length > 0 && (
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('admin.aiAvatar.month')}</TableCell>
                      <TableCell align="right">{translate('admin.aiAvatar.monthUsage')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {Object.entries(usage.byMonth)
                      .sort(([a], [b]) => b.localeCompare(a))
                      .map(([month, seconds]) => (
                        <TableRow key={month}>
                          <TableCell>
                            {new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))}
                          </TableCell>
                          <TableCell align="right">{duration(locale, seconds)}</TableCell>
                        </TableRow>
                      ))}
                  </TableBody>
                </Table>
              )}
            </>
          )}
          <div>
            <Button variant="contained" onClick={() => setConfirming(true)}>
              {translate('admin.aiAvatar.addTime')}
            </Button>
          </div>
        </Stack>
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="add-avatar-time-title">
        <DialogTitle id="add-avatar-time-title">{translate('admin.aiAvatar.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('admin.aiAvatar.confirmContent')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={addHour}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
