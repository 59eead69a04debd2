import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { type SeriesPoint, formatPeriodPoint } from '@speach/web-shared';
import { evenTicks } from './api';

/** The charts (with @mui/x-charts), loaded apart from the dashboard so its tiles show first. */

export interface NamedSeries {
  label: string;
  points: SeriesPoint[];
}

const skipAnimation = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
/** Spec §2: dates on the x axis are rotated so a month of days stays readable. */
const rotated = { angle: -45, textAnchor: 'end', fontSize: 11 } as const;

/** Axis values written the locale's way (de "1.200", fr "1 200"). */
const localNumber = (locale: string) => {
  const format = new Intl.NumberFormat(locale);
  return (value: number | null) => (value === null ? '' : format.format(value));
};

export function SeriesLineChart({ series, locale, evenY = false, height = 280 }: { series: NamedSeries[]; locale: string; evenY?: boolean; height?: number }) {
  const labels = series[0]?.points.map((p) => formatPeriodPoint(locale, p)) ?? [];
  const max = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.value)));
  const ticks = evenY ? evenTicks(max) : null;
  const format = localNumber(locale);
  return (
    <LineChart
      height={height}
      skipAnimation={skipAnimation}
      xAxis={[{ scaleType: 'point', data: labels, tickLabelStyle: rotated, height: 60 }]}
      yAxis={[ticks ? { min: 0, max: ticks[ticks.length - 1], tickInterval: ticks, valueFormatter: format } : { min: 0, valueFormatter: format }]}
      series={series.map((s) => ({ data: s.points.map((p) => p.value), label: s.label, showMark: s.points.length <= 31, curve: 'linear' as const }))}
      margin={{ left: 8, right: 16 }}
    />
  );
}

export function SeriesBarChart({ series, locale, height = 280 }: { series: NamedSeries; locale: string; height?: number }) {
  return (
    <BarChart
      height={height}
      skipAnimation={skipAnimation}
      xAxis={[{ scaleType: 'band', data: series.points.map((p) => formatPeriodPoint(locale, p)), tickLabelStyle: rotated, height: 60 }]}
      yAxis={[{ min: 0, valueFormatter: localNumber(locale) }]}
      series={[{ data: series.points.map((p) => p.value), label: series.label }]}
      margin={{ left: 8, right: 16 }}
    />
  );
}

export function CategoryDoughnut({ data, height = 260 }: { data: { label: string; value: number }[]; height?: number }) {
  return (
    <PieChart
      height={height}
      skipAnimation={skipAnimation}
      series={[{ data: data.map((d, id) => ({ id, value: d.value, label: d.label })), innerRadius: 55, outerRadius: 100, paddingAngle: 1, cornerRadius: 3 }]}
    />
  );
}

/** The creation funnel: how many speaches are published, how many still drafts. */
export function FunnelBars({
  published,
  draft,
  labels,
  height = 260,
}: {
  published: number;
  draft: number;
  labels: { published: string; draft: string; axis: string };
  height?: number;
}) {
  const theme = useTheme();
  return (
    <BarChart
      height={height}
      skipAnimation={skipAnimation}
      xAxis={[
        {
          scaleType: 'band',
          data: [labels.published, labels.draft],
          colorMap: { type: 'ordinal', colors: [theme.palette.success.main, theme.palette.warning.main] },
        },
      ]}
      yAxis={[{ min: 0 }]}
      series={[{ data: [published, draft], label: labels.axis }]}
      hideLegend
      margin={{ left: 8, right: 16 }}
    />
  );
}
