import { Box, Rating } from '@mui/material';
import { useId } from 'react';
import { useI18n } from '../i18n';
import { RATING_MAX } from './comment-text';

/**
 * Spec §2 "Star rating display (5 stars, optionally editable)". Editable: a radio group of five stars
 * (arrow keys change it, each star labelled); read-only: one image named by `label` (say the value in it).
 */
export function StarRating({
  value,
  label,
  onChange,
  readOnly = false,
  disabled = false,
  size = 'medium',
}: {
  value: number | null;
  label: string;
  onChange?: (value: number) => void;
  readOnly?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium' | 'large';
}) {
  const { t } = useI18n();
  const name = useId();
  const text = (v: number) => t('engagement.rating.star', { value: v, count: v });
  if (readOnly || !onChange) {
    return <Rating value={value} max={RATING_MAX} precision={0.5} readOnly size={size} getLabelText={() => label} />;
  }
  return (
    <Box role="radiogroup" aria-label={label} sx={{ display: 'inline-flex' }}>
      <Rating
        name={name}
        value={value}
        max={RATING_MAX}
        size={size}
        disabled={disabled}
        getLabelText={text}
        onChange={(_, next) => {
          if (next !== null) onChange(next);
        }}
      />
    </Box>
  );
}
