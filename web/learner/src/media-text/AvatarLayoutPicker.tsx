import { Alert, FormControl, FormControlLabel, FormLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import type { AvatarLayout } from './mediaTextApi';
import { useAvatarLayout, useChooseAvatarLayout } from './useMediaText';

/**
 * Beside the player: how the learner wants an AI avatar laid out (spec §3 layouts), saved for them on the server
 * so it follows them to any device. Layouts this platform cannot render are shown disabled, with the reason.
 */
export function AvatarLayoutPicker() {
  const { t } = useI18n();
  const id = useId();
  const query = useAvatarLayout();
  const chooseLayout = useChooseAvatarLayout();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  // Without the learner's layout the picker is left out: the video plays all the same.
  const view = query.isError ? null : query.data;
  if (!view) return null;
  const choose = (layout: AvatarLayout) =>
    chooseLayout.mutate(layout, {
      onSuccess: () => setStatus({ ok: true, text: t('avatarLayout.saved') }),
      onError: (e) => setStatus({ ok: false, text: t('avatarLayout.error', { reason: e instanceof Error ? e.message : String(e) }) }),
    });
  const disabledAny = view.layouts.some((l) => !l.enabled);
  return (
    <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} data-testid="avatar-layout-picker">
      <FormControl component="fieldset">
        <FormLabel component="legend" id={`${id}-legend`}>
          {t('avatarLayout.title')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-legend`}
          aria-describedby={disabledAny ? `${id}-reason` : undefined}
          value={view.layout}
          onChange={(e) => choose(e.target.value as AvatarLayout)}
        >
          {view.layouts.map((l) => (
            <FormControlLabel
              key={l.code}
              value={l.code}
              disabled={!l.enabled}
              control={<Radio size="small" />}
              label={t(`avatarLayout.${l.code}` as MessageKey)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {disabledAny && (
        <Typography id={`${id}-reason`} variant="body2" color="text.secondary">
          {t('avatarLayout.unavailable')}
        </Typography>
      )}
      {status && (
        <Alert severity={status.ok ? 'success' : 'error'} role="status" sx={{ mt: 1 }}>
          {status.text}
        </Alert>
      )}
    </Paper>
  );
}
