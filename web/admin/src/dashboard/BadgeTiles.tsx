import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiCall } from '../providers/httpClient';
import { DashboardCard, useLoaded } from './parts';

const TYPES = ['AVANCEMENT', 'RESULTAT', 'FORMATEUR', 'MIX'] as const;

/** Badges awarded in all and per type (`GET /api/v2/dashboard/badges`). */
export function BadgeTiles() {
  const translate = useTranslate();
  const counts = useLoaded(() => apiCall<{ size: number; byType: Record<(typeof TYPES)[number], number> }>('/api/v2/dashboard/badges'), []);
  const data = counts.state === 'ready' ? counts.data : null;
  return (
    <DashboardCard title={translate('admin.dashboard.badges.title')} width="100%" testId="tile-badges">
      <Typography variant="h4" component="p" sx={{ fontWeight: 500 }}>
        {data ? data.size.toLocaleString() : '—'}
      </Typography>
      <Box component="ul" sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0 }}>
        {TYPES.map((type) => (
          <Typography component="li" variant="body2" color="text.secondary" key={type}>
            {translate(`admin.dashboard.badges.${type}`)}: {data ? data.byType[type].toLocaleString() : '—'}
          </Typography>
        ))}
      </Box>
    </DashboardCard>
  );
}
