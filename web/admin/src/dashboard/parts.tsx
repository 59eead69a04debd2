import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { type DependencyList, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

/** Renders its children once scrolled into view (and keeps them): charts load lazily (spec §2). */
export function WhenVisible({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === 'undefined') return setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '100px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <Box ref={ref} sx={{ minHeight }} data-visible={visible}>
      {visible ? children : null}
    </Box>
  );
}

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed' };

/** Loads on mount and whenever `deps` change, clearing the previous data first (spec §8). */
export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLoaded({ state: 'loading' });
    load().then(
      (data) => live && setLoaded({ state: 'ready', data }),
      // Spec §8: dashboard fetch errors are swallowed; the card shows its empty state.
      () => live && setLoaded({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return loaded;
}

/** A dashboard tile or chart: a titled card `width` wide (a fraction of the row). */
export function DashboardCard({ title, width, children, testId }: { title: string; width: string; children: ReactNode; testId?: string }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      data-testid={testId}
      sx={{ p: 2, flex: `1 1 calc(${width} - 16px)`, maxWidth: `calc(${width} - 8px)`, minWidth: { xs: '100%', md: 0 }, boxSizing: 'border-box' }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function Spinner() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 120 }}>
      <CircularProgress size={28} aria-label={translate('admin.dashboard.loading')} />
    </Box>
  );
}

/** Spec §2: an empty chart or table shows the placeholder image. */
export function EmptyPlaceholder() {
  const translate = useTranslate();
  const label = translate('admin.dashboard.empty');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 3, color: 'text.secondary' }} data-testid="dashboard-empty">
      <svg width="120" height="72" viewBox="0 0 120 72" role="img" aria-label={label}>
        <rect x="1" y="1" width="118" height="70" rx="6" fill="none" stroke="currentColor" strokeOpacity="0.35" strokeDasharray="4 4" />
        <rect x="18" y="40" width="14" height="20" rx="2" fill="currentColor" fillOpacity="0.2" />
        <rect x="40" y="28" width="14" height="32" rx="2" fill="currentColor" fillOpacity="0.2" />
        <rect x="62" y="46" width="14" height="14" rx="2" fill="currentColor" fillOpacity="0.2" />
        <rect x="84" y="20" width="14" height="40" rx="2" fill="currentColor" fillOpacity="0.2" />
      </svg>
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}
