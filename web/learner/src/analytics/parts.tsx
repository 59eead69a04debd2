import { Box, FormControl, InputLabel, MenuItem, Paper, Select, Typography, useTheme } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import { PERIODS, type Period, type SeriesPoint } from './analyticsApi';

export function PeriodSelect({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id={id}>{t('analytics.period')}</InputLabel>
      <Select labelId={id} label={t('analytics.period')} value={value} onChange={(e) => onChange(e.target.value as Period)}>
        {PERIODS.map((p) => (
          <MenuItem key={p} value={p}>
            {t(`analytics.period.${p}` as MessageKey)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 160px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

/** Reads over time as a small SVG bar chart (no chart library in the learner bundle), with a text summary for screen readers. */
export function ReadsChart({ points }: { points: SeriesPoint[] }) {
  const { t, date } = useI18n();
  const theme = useTheme();
  const total = points.reduce((n, p) => n + p.value, 0);
  if (total === 0) return <Typography color="text.secondary">{t('analytics.noReads')}</Typography>;
  const max = Math.max(...points.map((p) => p.value));
  const width = 720;
  const height = 180;
  const bar = width / points.length;
  return (
    <Box>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        width="100%"
        role="img"
        aria-label={t('analytics.readsSummary', { count: total, from: date(points[0].startDate), to: date(points[points.length - 1].endDate) })}
      >
        <line x1="0" y1={height} x2={width} y2={height} stroke={theme.palette.divider} />
        {points.map((p, i) => {
          const h = max ? Math.round((p.value / max) * (height - 10)) : 0;
          return (
            <rect key={p.startDate} x={i * bar + bar * 0.15} y={height - h} width={bar * 0.7} height={h} fill={theme.palette.primary.main} rx="2">
              <title>{`${date(p.startDate)}: ${p.value}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} fontSize="12" fill={theme.palette.text.secondary}>
          {date(points[0].startDate)}
        </text>
        <text x={width} y={height + 16} fontSize="12" textAnchor="end" fill={theme.palette.text.secondary}>
          {date(points[points.length - 1].endDate)}
        </text>
        <text x="4" y="12" fontSize="12" fill={theme.palette.text.secondary}>
          {max}
        </text>
      </svg>
    </Box>
  );
}
