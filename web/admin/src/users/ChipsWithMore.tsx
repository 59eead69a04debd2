import { Chip, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Spec §2: at most two chips, then +N with the rest in a tooltip. */
export function ChipsWithMore({ labels }: { labels: string[] }) {
  const translate = useTranslate();
  const shown = labels.slice(0, 2);
  const rest = labels.slice(2);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {shown.map((label) => (
        <Chip key={label} label={label} size="small" />
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Chip label={translate('admin.users.more', { count: rest.length })} size="small" variant="outlined" tabIndex={0} />
        </Tooltip>
      )}
    </Stack>
  );
}
