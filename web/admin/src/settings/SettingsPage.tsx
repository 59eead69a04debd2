import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { CsvExportButton } from '../exports/CsvExportButton';
import { FlagsCard } from './FlagsCard';
import { FooterCard } from './FooterCard';

/** /settings: feature flags, footer, the accessibility statement (edited in the learner app) and CSV exports. */
export function SettingsPage() {
  const translate = useTranslate();
  // Both cards show the footer's enabled flag: a save in one reloads the other.
  const [flagSaves, setFlagSaves] = useState(0);
  const [footerSaves, setFooterSaves] = useState(0);
  return (
    <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
      <Title title="admin.settings.title" />
      <Typography variant="h5" component="h2">
        {translate('admin.settings.title')}
      </Typography>
      <FlagsCard key={`flags-${footerSaves}`} onSaved={() => setFlagSaves((n) => n + 1)} />
      <FooterCard key={`footer-${flagSaves}`} onSaved={() => setFooterSaves((n) => n + 1)} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('admin.settings.statement.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('admin.settings.statement.help')}
          </Typography>
          <Stack direction="row" spacing={2}>
            <Button variant="outlined" href="/accessibility-statement">
              {translate('admin.settings.statement.view')}
            </Button>
            <Button variant="outlined" href="/accessibility-statement/edit">
              {translate('admin.settings.statement.edit')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('admin.exports.pageTitle')}
          </Typography>
          <Stack direction="row" spacing={2}>
            <CsvExportButton />
            <Button component={RouterLink} to="/exports">
              {translate('admin.settings.exportsLink')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
