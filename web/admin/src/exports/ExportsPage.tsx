import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { CsvExportButton } from './CsvExportButton';
import { ExportJobsList } from './ExportJobsList';

/** /exports: launch CSV exports and download their files. */
export function ExportsPage() {
  const translate = useTranslate();
  const [refreshKey, setRefreshKey] = useState(0);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="admin.exports.pageTitle" />
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
          <Typography variant="h5" component="h2">
            {translate('admin.exports.pageTitle')}
          </Typography>
          <CsvExportButton onLaunched={() => setRefreshKey((k) => k + 1)} />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('admin.exports.help')}
        </Typography>
        <ExportJobsList refreshKey={refreshKey} />
      </CardContent>
    </Card>
  );
}
