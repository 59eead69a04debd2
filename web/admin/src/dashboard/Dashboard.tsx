import {
  Alert,
  Box,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ReactNode, Suspense, lazy, useId, useState } from 'react';
import { Title, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Navigate, useSearchParams } from 'react-router-dom';
import { CsvExportButton } from '../exports/CsvExportButton';
import { formatDate } from '@speach/web-shared/format';
import { type Metric, PERIODS, type Period, dashboardApi, initialPeriod } from './api';
import { BadgeTiles } from './BadgeTiles';
import { DashboardCard, EmptyPlaceholder, Spinner, WhenVisible, useLoaded } from './parts';

const SeriesLineChart = lazy(() => import('./Charts').then((m) => ({ default: m.SeriesLineChart })));
const SeriesBarChart = lazy(() => import('./Charts').then((m) => ({ default: m.SeriesBarChart })));
const CategoryDoughnut = lazy(() => import('./Charts').then((m) => ({ default: m.CategoryDoughnut })));
const FunnelBars = lazy(() => import('./Charts').then((m) => ({ default: m.FunnelBars })));

type Tab = 'speaches' | 'users' | 'social';
const CHART_HEIGHT = 300;

function Row({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>{children}</Box>;
}

function TileValue({ value, sub }: { value: number | null; sub?: string }) {
  const [locale] = useLocaleState();
  return (
    <>
      <Typography variant="h4" component="p" sx={{ fontWeight: 500 }}>
        {value === null ? '—' : new Intl.NumberFormat(locale).format(value)}
      </Typography>
      {sub && (
        <Typography variant="body2" color="text.secondary">
          {sub}
        </Typography>
      )}
    </>
  );
}

function SpeachTiles() {
  const translate = useTranslate();
  const counts = useLoaded(
    () =>
      Promise.all([dashboardApi.speachCount('publishedSpeachs'), dashboardApi.speachCount('unpublishedSpeachs'), dashboardApi.speachCount('viewedSpeachs')]),
    [],
  );
  const [published, unpublished, viewed] = counts.state === 'ready' ? counts.data : [null, null, null];
  const total = published === null || unpublished === null ? null : published + unpublished;
  return (
    <Row>
      <DashboardCard title={translate('admin.dashboard.tiles.published')} width="25%" testId="tile-published">
        <TileValue value={published} />
      </DashboardCard>
      <DashboardCard title={translate('admin.dashboard.tiles.unpublished')} width="25%" testId="tile-unpublished">
        <TileValue value={unpublished} />
      </DashboardCard>
      <DashboardCard title={translate('admin.dashboard.tiles.total')} width="25%" testId="tile-total">
        <TileValue value={total} />
      </DashboardCard>
      <DashboardCard title={translate('admin.dashboard.tiles.viewed')} width="25%" testId="tile-viewed">
        <TileValue value={viewed} />
      </DashboardCard>
    </Row>
  );
}

function UserTiles({ workflowEnabled }: { workflowEnabled: boolean }) {
  const translate = useTranslate();
  const counts = useLoaded(
    () => Promise.all((['admins', 'approvers', 'speachmakers', 'aiEditors', 'users'] as const).map((type) => dashboardApi.userCount(type))),
    [],
  );
  const [admins, approvers, speachmakers, aiEditors, users] = counts.state === 'ready' ? counts.data : [null, null, null, null, null];
  // Spec §2: four tiles at 25 % with the approvers (workflow on), otherwise three at 33 %.
  const width = workflowEnabled ? '25%' : '33.333%';
  return (
    <Row>
      <DashboardCard title={translate('admin.dashboard.tiles.admins')} width={width} testId="tile-admins">
        <TileValue value={admins} />
      </DashboardCard>
      {workflowEnabled && (
        <DashboardCard title={translate('admin.dashboard.tiles.approvers')} width={width} testId="tile-approvers">
          <TileValue value={approvers} />
        </DashboardCard>
      )}
      <DashboardCard title={translate('admin.dashboard.tiles.speachmakers')} width={width} testId="tile-speachmakers">
        <TileValue
          value={speachmakers}
          sub={aiEditors === null ? undefined : translate('admin.dashboard.tiles.aiEditors', { count: aiEditors, smart_count: aiEditors })}
        />
      </DashboardCard>
      <DashboardCard title={translate('admin.dashboard.tiles.users')} width={width} testId="tile-users">
        <TileValue value={users} />
      </DashboardCard>
    </Row>
  );
}

/** A time-series chart of one or more metrics, loaded when scrolled into view and again on period change. */
function MetricChart({
  period,
  metrics,
  cumulative = false,
  kind = 'line',
  evenY = false,
}: {
  period: Period;
  metrics: { metric: Metric; label: string }[];
  cumulative?: boolean;
  kind?: 'line' | 'bar';
  evenY?: boolean;
}) {
  const [locale] = useLocaleState();
  const loaded = useLoaded(
    () => Promise.all(metrics.map((m) => dashboardApi.series(m.metric, period, cumulative))),
    [period, cumulative, metrics.map((m) => m.metric).join()],
  );
  if (loaded.state === 'loading') return <Spinner />;
  if (loaded.state === 'failed' || loaded.data.every((points) => points.every((p) => p.value === 0))) return <EmptyPlaceholder />;
  const series = loaded.data.map((points, i) => ({ label: metrics[i].label, points }));
  return (
    <Suspense fallback={<Spinner />}>
      {kind === 'bar' ? (
        <SeriesBarChart series={series[0]} locale={locale} height={CHART_HEIGHT} />
      ) : (
        <SeriesLineChart series={series} locale={locale} evenY={evenY} height={CHART_HEIGHT} />
      )}
    </Suspense>
  );
}

function CategoryChart({ period }: { period: Period }) {
  const translate = useTranslate();
  const loaded = useLoaded(() => dashboardApi.categories(period), [period]);
  if (loaded.state === 'loading') return <Spinner />;
  if (loaded.state === 'failed' || loaded.data.length === 0) return <EmptyPlaceholder />;
  const data = loaded.data.map((c) => ({ label: c.id === null ? translate('admin.dashboard.noCategory') : c.name, value: c.value }));
  return (
    <Suspense fallback={<Spinner />}>
      <CategoryDoughnut data={data} height={CHART_HEIGHT} />
    </Suspense>
  );
}

function FunnelChart({ period }: { period: Period }) {
  const translate = useTranslate();
  const loaded = useLoaded(() => Promise.all([dashboardApi.speachCount('publishedSpeachs'), dashboardApi.speachCount('unpublishedSpeachs')]), [period]);
  if (loaded.state === 'loading') return <Spinner />;
  if (loaded.state === 'failed' || loaded.data[0] + loaded.data[1] === 0) return <EmptyPlaceholder />;
  return (
    <Suspense fallback={<Spinner />}>
      <FunnelBars
        published={loaded.data[0]}
        draft={loaded.data[1]}
        height={CHART_HEIGHT}
        labels={{
          published: translate('admin.dashboard.tiles.published'),
          draft: translate('admin.dashboard.draft'),
          axis: translate('admin.dashboard.speachesAxis'),
        }}
      />
    </Suspense>
  );
}

/**
 * A ranking table that fits its card: a fixed layout whose first column takes what the numbers leave, long
 * titles and headers (de "Erstveröffentlichung") wrap instead of scrolling sideways; numbers in the locale's way.
 */
/** The name first, then a date or count wide enough for "10.10.2025", then the numbers. */
const COLUMN_WIDTHS = ['32%', '20%', '16%', '16%', '16%'];

function StatTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  const [locale] = useLocaleState();
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const cell = (value: string | number) => (typeof value === 'number' ? numbers.format(value) : value);
  return (
    <TableContainer>
      {/* lang: the browser hyphenates the locale's long words (de "Lesevorgänge") at syllables. */}
      <Table
        size="small"
        lang={locale}
        sx={{ tableLayout: 'fixed', width: '100%', '& th, & td': { px: 1, hyphens: 'auto', overflowWrap: 'break-word' }, '& th': { fontSize: '0.8rem' } }}
      >
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'} sx={{ width: COLUMN_WIDTHS[i] }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, r) => (
            <TableRow key={r}>
              {row.map((value, i) => (
                <TableCell key={i} align={i === 0 ? 'left' : 'right'}>
                  {cell(value)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function TopSpeaches({ period, by, caption }: { period: Period; by: 'watch' | 'rating'; caption: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const loaded = useLoaded(() => dashboardApi.speaches(by, period), [period, by]);
  if (loaded.state === 'loading') return <Spinner />;
  if (loaded.state === 'failed' || loaded.data.length === 0) return <EmptyPlaceholder />;
  return (
    <StatTable
      caption={caption}
      head={[
        translate('admin.dashboard.columns.speach'),
        translate('admin.dashboard.columns.publishDate'),
        translate('admin.dashboard.columns.reads'),
        translate('admin.dashboard.columns.ratings'),
        translate('admin.dashboard.columns.score'),
      ]}
      rows={loaded.data.map((r) => [r.speachTitle, formatDate(locale, r.publishDate), r.nbWatch, r.nbNote, r.nbNote ? r.note : '—'])}
    />
  );
}

function TopSpeachmakers({ period, by, caption }: { period: Period; by: 'watch' | 'rating'; caption: string }) {
  const translate = useTranslate();
  const loaded = useLoaded(() => dashboardApi.speachmakers(by, period), [period, by]);
  if (loaded.state === 'loading') return <Spinner />;
  if (loaded.state === 'failed' || loaded.data.length === 0) return <EmptyPlaceholder />;
  return (
    <StatTable
      caption={caption}
      head={[
        translate('admin.dashboard.columns.speachmaker'),
        translate('admin.dashboard.columns.speaches'),
        translate('admin.dashboard.columns.reads'),
        translate('admin.dashboard.columns.ratings'),
        translate('admin.dashboard.columns.score'),
      ]}
      rows={loaded.data.map((r) => [`${r.firstName} ${r.lastName}`, r.nbSpeachs, r.nbWatch, r.nbNote, r.nbNote ? r.note : '—'])}
    />
  );
}

/** A chart card whose content mounts (and loads) when scrolled into view. */
function LazyCard({ title, width = '50%', testId, children }: { title: string; width?: string; testId: string; children: ReactNode }) {
  return (
    <DashboardCard title={title} width={width} testId={testId}>
      <WhenVisible minHeight={CHART_HEIGHT}>{children}</WhenVisible>
    </DashboardCard>
  );
}

function SpeachesTab({ period }: { period: Period }) {
  const t = useTranslate();
  return (
    <>
      <SpeachTiles />
      <Row>
        <LazyCard title={t('admin.dashboard.charts.cumulativeCreations')} testId="chart-cumulative-creations">
          <MetricChart period={period} cumulative metrics={[{ metric: 'CREATION', label: t('admin.dashboard.metrics.CREATION') }]} />
        </LazyCard>
        <LazyCard title={t('admin.dashboard.charts.categories')} testId="chart-categories">
          <CategoryChart period={period} />
        </LazyCard>
        <LazyCard title={t('admin.dashboard.charts.readingActivity')} testId="chart-reading-activity">
          <MetricChart period={period} kind="bar" metrics={[{ metric: 'READ', label: t('admin.dashboard.metrics.READ') }]} />
        </LazyCard>
        <LazyCard title={t('admin.dashboard.charts.topSpeachesByReads')} testId="table-top-speaches-reads">
          <TopSpeaches period={period} by="watch" caption={t('admin.dashboard.charts.topSpeachesByReads')} />
        </LazyCard>
        <LazyCard title={t('admin.dashboard.charts.cumulativeReadings')} testId="chart-cumulative-readings">
          <MetricChart period={period} cumulative metrics={[{ metric: 'READ', label: t('admin.dashboard.metrics.READ') }]} />
        </LazyCard>
        <LazyCard title={t('admin.dashboard.charts.funnel')} testId="chart-funnel">
          <FunnelChart period={period} />
        </LazyCard>
        <LazyCard title={t('admin.dashboard.charts.pathsPublished')} testId="chart-paths-published">
          <MetricChart period={period} cumulative evenY metrics={[{ metric: 'PATH_PUBLICATION', label: t('admin.dashboard.metrics.PATH_PUBLICATION') }]} />
        </LazyCard>
        <LazyCard title={t('admin.dashboard.charts.pathCompletions')} testId="chart-path-completions">
          <MetricChart period={period} kind="bar" metrics={[{ metric: 'PATH_COMPLETION', label: t('admin.dashboard.metrics.PATH_COMPLETION') }]} />
        </LazyCard>
      </Row>
    </>
  );
}

function UsersTab({ period, workflowEnabled }: { period: Period; workflowEnabled: boolean }) {
  const t = useTranslate();
  return (
    <>
      <UserTiles workflowEnabled={workflowEnabled} />
      <Row>
        <LazyCard title={t('admin.dashboard.charts.uniqueActivity')} testId="chart-unique-activity">
          <MetricChart period={period} evenY metrics={[{ metric: 'UNIQUE_ACTIVITY', label: t('admin.dashboard.metrics.UNIQUE_ACTIVITY') }]} />
        </LazyCard>
        <LazyCard title={t('admin.dashboard.charts.topSpeachmakersByReads')} testId="table-top-speachmakers-reads">
          <TopSpeachmakers period={period} by="watch" caption={t('admin.dashboard.charts.topSpeachmakersByReads')} />
        </LazyCard>
        <LazyCard title={t('admin.dashboard.charts.connections')} width="100%" testId="chart-connections">
          <MetricChart
            period={period}
            metrics={[
              { metric: 'CONNECTION', label: t('admin.dashboard.metrics.CONNECTION') },
              { metric: 'UNIQUE_CONNECTION', label: t('admin.dashboard.metrics.UNIQUE_CONNECTION') },
            ]}
          />
        </LazyCard>
      </Row>
    </>
  );
}

function SocialTab({ period }: { period: Period }) {
  const t = useTranslate();
  return (
    <Row>
      <LazyCard title={t('admin.dashboard.charts.gradesAndComments')} width="100%" testId="chart-grades-comments">
        <MetricChart
          period={period}
          metrics={[
            { metric: 'GRADE', label: t('admin.dashboard.metrics.GRADE') },
            { metric: 'COMMENT', label: t('admin.dashboard.metrics.COMMENT') },
          ]}
        />
      </LazyCard>
      <LazyCard title={t('admin.dashboard.charts.topSpeachesByScore')} testId="table-top-speaches-score">
        <TopSpeaches period={period} by="rating" caption={t('admin.dashboard.charts.topSpeachesByScore')} />
      </LazyCard>
      <LazyCard title={t('admin.dashboard.charts.topSpeachmakersByScore')} testId="table-top-speachmakers-score">
        <TopSpeachmakers period={period} by="rating" caption={t('admin.dashboard.charts.topSpeachmakersByScore')} />
      </LazyCard>
      <BadgeTiles />
    </Row>
  );
}

/** Spec §2 "Admin dashboard": the back office's home. */
export default function Dashboard() {
  const t = useTranslate();
  const periodLabel = useId();
  const { permissions } = usePermissions<string[]>();
  const [params, setParams] = useSearchParams();
  const [period, setPeriod] = useState<Period>(() => initialPeriod(params.get('period')));
  const [tab, setTab] = useState<Tab>('speaches');
  const flags = useLoaded(() => dashboardApi.flags(), []);
  const commentsEnabled = flags.state === 'ready' && flags.data.commentsEnabled !== false;
  const workflowEnabled = flags.state === 'ready' && flags.data.workflowEnabled !== false;
  // Auditors share the back office but not the dashboard: their home is the audit trail.
  if (permissions && !permissions.includes('ADMIN') && permissions.includes('AUDITOR')) return <Navigate to="/audit" replace />;
  if (permissions && !permissions.includes('ADMIN')) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="admin.dashboard.title" />
        <Alert severity="info">{t('admin.dashboard.adminsOnly')}</Alert>
      </Box>
    );
  }
  const choose = (next: Period) => {
    setPeriod(next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('period', next);
        return updated;
      },
      { replace: true },
    );
  };
  const shownTab = tab === 'social' && !commentsEnabled ? 'speaches' : tab;
  return (
    <Box sx={{ py: 2 }}>
      <Title title="admin.dashboard.title" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {t('admin.dashboard.title')}
        </Typography>
        <FormControl size="small" fullWidth={false} margin="none" sx={{ width: 220 }}>
          <InputLabel id={periodLabel}>{t('admin.dashboard.period')}</InputLabel>
          <Select
            labelId={periodLabel}
            label={t('admin.dashboard.period')}
            value={period}
            onChange={(e) => choose(e.target.value as Period)}
            data-testid="dashboard-period"
          >
            {PERIODS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`admin.dashboard.periods.${p}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <CsvExportButton />
      </Box>
      <RadioGroup row aria-label={t('admin.dashboard.tabs.label')} value={shownTab} onChange={(e) => setTab(e.target.value as Tab)} sx={{ mb: 2 }}>
        <FormControlLabel value="speaches" control={<Radio />} label={t('admin.dashboard.tabs.speaches')} />
        <FormControlLabel value="users" control={<Radio />} label={t('admin.dashboard.tabs.users')} />
        {commentsEnabled && <FormControlLabel value="social" control={<Radio />} label={t('admin.dashboard.tabs.social')} />}
      </RadioGroup>
      {shownTab === 'speaches' && <SpeachesTab period={period} />}
      {shownTab === 'users' && <UsersTab period={period} workflowEnabled={workflowEnabled} />}
      {shownTab === 'social' && <SocialTab period={period} />}
    </Box>
  );
}
