import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useI18n } from '../i18n';
import { RECERTIFICATION_CHOICES } from './path-rules';
import type { Path, PathDetails } from './pathsApi';

/** Issue 18 options: sequential unlocking, self-enrolment, recertification period; each saved at once. */
export function PathOptionsSection({ path, busy, onSave }: { path: Path; busy: boolean; onSave: (change: PathDetails) => void }) {
  const { t } = useI18n();
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={<Switch checked={path.sequential} disabled={busy} onChange={(e) => onSave({ sequential: e.target.checked })} />}
        label={
          <span>
            {t('path.options.sequential')}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {t('path.options.sequentialHelp')}
            </Typography>
          </span>
        }
      />
      <FormControlLabel
        control={<Switch checked={path.openForSelfEnrolment} disabled={busy} onChange={(e) => onSave({ openForSelfEnrolment: e.target.checked })} />}
        label={
          <span>
            {t('path.options.open')}
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {t('path.options.openHelp')}
            </Typography>
          </span>
        }
      />
      <TextField
        select
        size="small"
        label={t('path.options.recertification')}
        value={String(path.recertificationMonths ?? 0)}
        disabled={busy}
        onChange={(e) => onSave({ recertificationMonths: Number(e.target.value) || null })}
        sx={{ maxWidth: 320 }}
      >
        {RECERTIFICATION_CHOICES.map((months) => (
          <MenuItem key={months} value={String(months)}>
            {months === 0 ? t('path.options.noRecertification') : t('path.options.months', { count: months })}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
