import { Alert, Box, Button, Chip, Divider, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { type FormEvent, Suspense, lazy, useState } from 'react';
import { useAuth } from '../auth/AuthContext';
import { type MessageKey, useI18n } from '../i18n';
import { errorMessage, fieldErrors, isDelayed } from './speachApi';
import { useReportDirty } from './unsaved/UnsavedChanges';
import { BADGES, type Badge, type SpeachCard, VISIBILITIES, type Visibility } from './types';

export const ACCESS_CODE_MAX = 230;
const SubmitForValidation = lazy(() => import('../workflow/SubmitForValidation').then((m) => ({ default: m.SubmitForValidation })));

interface Props {
  speach: SpeachCard;
  busy: boolean;
  publish: (at?: string) => Promise<void>;
  unpublish: () => Promise<void>;
  setVisibility: (visibility: Visibility, accessCode?: string) => Promise<void>;
  setBadge: (badge: Badge) => Promise<void>;
  setLocked: (locked: boolean) => Promise<void>;
  setDueDate: (dueDate: string | null) => Promise<void>;
}

function dueDateValue(speach: SpeachCard): string {
  const { dueDate, dueDateTimestamp } = speach.metadata ?? {};
  if (typeof dueDate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(dueDate)) return dueDate.slice(0, 10);
  if (dueDateTimestamp) {
    const d = new Date(dueDateTimestamp);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }
  return '';
}

/** State and publication, visibility, badge, sequential sub-chapters and due date. */
export function PublicationPanel({ speach, busy, publish, unpublish, setVisibility, setBadge, setLocked, setDueDate }: Props) {
  const { t, date } = useI18n();
  const { me } = useAuth();
  // While the validation workflow is on, only administrators publish directly (spec §6); authors submit.
  const directPublish = me?.featureFlags.workflowEnabled !== true || me.isAdmin;
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | null>(null);
  const [publishError, setPublishError] = useState<string | null>(null);
  const [visibility, setVisibilityValue] = useState<Visibility>(speach.visibility);
  const [accessCode, setAccessCode] = useState('');
  const [visibilityErrors, setVisibilityErrors] = useState<Record<string, string>>({});
  const [visibilityError, setVisibilityError] = useState<string | null>(null);
  const [due, setDue] = useState(dueDateValue(speach));

  const scheduled =
    speach.delayedTillTimestamp && speach.delayedTillTimestamp > Date.now()
      ? speach.delayedTillTimestamp
      : speach.futureVersionDelayedTillTimestamp && speach.futureVersionDelayedTillTimestamp > Date.now()
        ? speach.futureVersionDelayedTillTimestamp
        : null;

  const run = async (call: () => Promise<void>) => {
    setPublishError(null);
    try {
      await call();
    } catch (e) {
      setPublishError(errorMessage(e));
    }
  };
  const schedule = async (event: FormEvent) => {
    event.preventDefault();
    const when = at ? new Date(at) : null;
    if (!when || Number.isNaN(when.getTime()) || when.getTime() <= Date.now()) {
      setAtError(t('speach.publish.futureRequired'));
      return;
    }
    setAtError(null);
    await run(() => publish(when.toISOString()));
  };
  const saveVisibility = async (event: FormEvent) => {
    event.preventDefault();
    setVisibilityErrors({});
    setVisibilityError(null);
    if (visibility === 'PRIVE' && accessCode.length > ACCESS_CODE_MAX) {
      setVisibilityErrors({ accessCode: t('speach.visibility.codeTooLong', { max: ACCESS_CODE_MAX }) });
      return;
    }
    if (visibility === 'PRIVE' && !accessCode && !speach.accessCode) {
      setVisibilityErrors({ accessCode: t('speach.visibility.codeRequired') });
      return;
    }
    try {
      await setVisibility(visibility, visibility === 'PRIVE' && accessCode ? accessCode : undefined);
      setAccessCode('');
    } catch (e) {
      setVisibilityErrors(fieldErrors(e));
      setVisibilityError(errorMessage(e));
    }
  };
  const [savedDue, setSavedDue] = useState(due);
  // The due date saves on blur like before; until then it counts as unsaved, as do a typed schedule and visibility.
  useReportDirty('publication.schedule', at !== '');
  useReportDirty('publication.visibility', visibility !== speach.visibility || accessCode !== '');
  useReportDirty('publication.dueDate', due !== savedDue);
  /** Sent when the field loses the focus; a failure restores the previous date. */
  const commitDue = async () => {
    if (due === savedDue || (due !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(due))) return;
    try {
      await setDueDate(due || null);
      setSavedDue(due);
    } catch {
      setDue(savedDue); // the page shows the 'speach update failed' toast
    }
  };

  const stateLabel =
    speach.state === 'ARCHIVE'
      ? t('speach.state.ARCHIVE')
      : speach.publication
        ? t('speach.state.PUBLIE')
        : isDelayed(speach)
          ? t('speach.state.DELAYED')
          : t('speach.state.NON_PUBLIE');

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap alignItems="center">
        <Chip label={stateLabel} color={speach.publication ? 'success' : 'default'} data-testid="speach-state" />
        {speach.publishedVersion != null && <Chip variant="outlined" label={t('speach.publish.liveVersion', { version: speach.publishedVersion })} />}
        {speach.hasPendingUpdates && speach.publication && <Chip variant="outlined" color="secondary" label={t('speach.publish.pending')} />}
        {scheduled && (
          <Chip
            variant="outlined"
            color="primary"
            label={t('speach.publish.scheduledFor', {
              date: `${date(new Date(scheduled))} ${new Date(scheduled).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`,
            })}
          />
        )}
      </Stack>
      {publishError && <Alert severity="error">{publishError}</Alert>}
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {directPublish && (
          <Button variant="contained" disabled={busy || (speach.publication && !speach.hasPendingUpdates)} onClick={() => run(() => publish())}>
            {speach.publication ? t('speach.publish.republish') : t('speach.publish.now')}
          </Button>
        )}
        {(speach.publication || scheduled) && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => run(unpublish)}>
            {t('speach.publish.unpublish')}
          </Button>
        )}
      </Stack>
      <Suspense fallback={null}>
        <SubmitForValidation speach={speach} />
      </Suspense>
      {directPublish && (
        <Stack component="form" direction="row" spacing={1} alignItems="flex-start" onSubmit={schedule} flexWrap="wrap" useFlexGap>
          <TextField
            type="datetime-local"
            size="small"
            label={t('speach.publish.at')}
            value={at}
            onChange={(e) => setAt(e.target.value)}
            error={!!atError}
            helperText={atError ?? ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="outlined" disabled={busy || !at}>
            {t('speach.publish.schedule')}
          </Button>
        </Stack>
      )}

      <Divider />
      <Typography variant="h6" component="h3">
        {t('speach.visibility.title')}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={saveVisibility}>
        {visibilityError && <Alert severity="error">{visibilityError}</Alert>}
        <TextField
          select
          label={t('speach.visibility.label')}
          value={visibility}
          onChange={(e) => setVisibilityValue(e.target.value as Visibility)}
          error={!!visibilityErrors.visibility}
          helperText={visibilityErrors.visibility}
        >
          {VISIBILITIES.map((v) => (
            <MenuItem key={v} value={v}>
              {t(`speach.visibility.${v}` as MessageKey)}
            </MenuItem>
          ))}
        </TextField>
        {visibility === 'PRIVE' && (
          <TextField
            label={t('speach.visibility.accessCode')}
            value={accessCode}
            onChange={(e) => setAccessCode(e.target.value)}
            error={!!visibilityErrors.accessCode}
            helperText={visibilityErrors.accessCode ?? (speach.accessCode ? t('speach.visibility.codeSet') : `${accessCode.length}/${ACCESS_CODE_MAX}`)}
            autoComplete="off"
          />
        )}
        {visibility === 'RESTREINT' && (
          <Typography variant="body2" color="text.secondary">
            {t('speach.visibility.restrictedHelp')}
          </Typography>
        )}
        <Box>
          <Button type="submit" variant="outlined" disabled={busy}>
            {t('speach.visibility.save')}
          </Button>
        </Box>
      </Stack>

      <Divider />
      <Typography variant="h6" component="h3">
        {t('speach.settings.title')}
      </Typography>
      <TextField
        select
        label={t('speach.badge.label')}
        value={speach.badge ?? 'NONE'}
        onChange={(e) => void setBadge(e.target.value as Badge).catch(() => undefined)}
        disabled={busy}
      >
        {BADGES.map((b) => (
          <MenuItem key={b} value={b}>
            {t(`speach.badge.${b}` as MessageKey)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Switch checked={!!speach.metadata?.lockedSubchapters} onChange={(e) => void setLocked(e.target.checked).catch(() => undefined)} disabled={busy} />
        }
        label={t('speach.settings.locked')}
      />
      <TextField
        type="date"
        label={t('speach.settings.dueDate')}
        value={due}
        onChange={(e) => setDue(e.target.value)}
        onBlur={() => void commitDue()}
        onKeyDown={(e) => e.key === 'Enter' && void commitDue()}
        helperText={t('speach.settings.dueDateHelp')}
        slotProps={{ inputLabel: { shrink: true } }}
        error={!!due && new Date(`${due}T23:59:59`).getTime() < Date.now()}
      />
      {speach.metadata?.unpublishAfterDueDate && due && <Typography variant="body2">{t('speach.settings.unpublishAfterDue')}</Typography>}
    </Stack>
  );
}
