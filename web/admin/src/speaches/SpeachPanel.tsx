import { Alert, Box, Button as MuiButton, CircularProgress, Divider, Drawer, IconButton, Stack, Tab, Tabs, Typography } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomize';
import { useState } from 'react';
import { Confirm, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { errorMessage, speachApi } from './api';
import { ScormExportDialog } from '../scorm/ScormExportDialog';
import { SpeachAuthorsTab } from './SpeachAuthorsTab';
import { SpeachGeneralTab } from './SpeachGeneralTab';
import type { SpeachCard } from './types';

/** Where an administrator finds the templates: the learner app's account page, templates tab. */
const TEMPLATES_URL = '/account?tabSelected=TEMPLATE_EDIT';

/** Duplicate, create template (then offer to go to the templates), archive with confirmation. */
function PanelActions({ speach, onArchived }: { speach: SpeachCard; onArchived: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState<null | 'duplicate' | 'template' | 'archive'>(null);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [goToTemplates, setGoToTemplates] = useState(false);
  const [scormOpen, setScormOpen] = useState(false);

  const run = async (kind: 'duplicate' | 'template' | 'archive', call: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(kind);
    try {
      await call();
      notify(success, { type: 'success' });
      return true;
    } catch (error) {
      notify(`${translate(failure)}\n${errorMessage(error)}`, { type: 'error', multiLine: true });
      return false;
    } finally {
      setBusy(null);
    }
  };

  const duplicate = async () => {
    if (await run('duplicate', () => speachApi.duplicate(speach.id), 'admin.speaches.duplicated', 'admin.speaches.duplicateFailed')) refresh();
  };
  const template = async () => {
    if (await run('template', () => speachApi.createTemplate(speach.id), 'admin.speaches.templateCreated', 'admin.speaches.templateFailed'))
      setGoToTemplates(true);
  };
  const archive = async () => {
    const done = await run('archive', () => speachApi.archive(speach.id), 'admin.speaches.archived', 'admin.speaches.archiveFailed');
    setConfirmArchive(false);
    if (done) {
      onArchived();
      refresh();
    }
  };

  const spinner = (kind: string) => (busy === kind ? <CircularProgress size={16} aria-hidden /> : undefined);
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1 }} aria-busy={busy !== null}>
      <MuiButton size="small" href={`/recorder/edit/${speach.id}`}>
        {translate('admin.speaches.openEditor')}
      </MuiButton>
      {speach.state !== 'NON_PUBLIE' && (
        <MuiButton size="small" href={`/analytics/s/${speach.id}`}>
          {translate('admin.speaches.analytics')}
        </MuiButton>
      )}
      {speach.state !== 'NON_PUBLIE' && (
        <MuiButton size="small" onClick={() => setScormOpen(true)}>
          {translate('admin.scorm.button')}
        </MuiButton>
      )}
      <ScormExportDialog speachId={speach.id} title={speach.title} open={scormOpen} onClose={() => setScormOpen(false)} />
      <MuiButton size="small" component={Link} to={`/audit/${encodeURIComponent(speach.id)}/show`}>
        {translate('admin.audit.openAudit')}
      </MuiButton>
      <MuiButton size="small" startIcon={spinner('duplicate') ?? <ContentCopyIcon />} disabled={busy !== null} onClick={duplicate}>
        {translate('admin.speaches.duplicate')}
      </MuiButton>
      <MuiButton size="small" startIcon={spinner('template') ?? <DashboardCustomizeIcon />} disabled={busy !== null} onClick={template}>
        {translate('admin.speaches.createTemplate')}
      </MuiButton>
      <MuiButton size="small" color="error" startIcon={<ArchiveIcon />} disabled={busy !== null} onClick={() => setConfirmArchive(true)}>
        {translate('admin.speaches.archive')}
      </MuiButton>
      <Confirm
        isOpen={confirmArchive}
        loading={busy === 'archive'}
        title={translate('admin.speaches.archiveTitle', { title: speach.title })}
        content="admin.speaches.archiveContent"
        confirm="admin.speaches.archive"
        onConfirm={archive}
        onClose={() => setConfirmArchive(false)}
      />
      <Confirm
        isOpen={goToTemplates}
        title="admin.speaches.goToTemplatesTitle"
        content="admin.speaches.goToTemplatesContent"
        confirm="admin.speaches.goToTemplates"
        cancel="admin.speaches.stayHere"
        onConfirm={() => window.location.assign(TEMPLATES_URL)}
        onClose={() => {
          setGoToTemplates(false);
          refresh();
        }}
      />
    </Stack>
  );
}

function PanelContent({ id, onClose }: { id: string; onClose: () => void }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'general' | 'authors'>('general');
  const { data: speach, isPending, error, refetch } = useGetOne<SpeachCard>('speaches', { id });

  if (isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  if (error || !speach) {
    return (
      <Alert
        severity="error"
        action={
          <MuiButton color="inherit" size="small" onClick={() => refetch()}>
            {translate('admin.speaches.retry')}
          </MuiButton>
        }
      >
        {translate('admin.speaches.loadOneFailed')} {error ? errorMessage(error) : ''}
      </Alert>
    );
  }
  // Each saved change bumps the version: the tabs start again from the saved speach.
  const formKey = `${speach.id}:${speach.version ?? speach.lastUpdatedTimestamp ?? ''}`;
  return (
    <>
      <Typography variant="subtitle1" component="p" fontWeight={600} sx={{ mb: 1, wordBreak: 'break-word' }}>
        {speach.title}
      </Typography>
      <PanelActions speach={speach} onArchived={onClose} />
      <Tabs
        value={tab}
        onChange={(_, value) => setTab(value)}
        aria-label={translate('admin.speaches.panelTabs')}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        <Tab value="general" label={translate('admin.speaches.tabGeneral')} id="speach-tab-general" aria-controls="speach-tabpanel-general" />
        <Tab value="authors" label={translate('admin.speaches.tabAuthors')} id="speach-tab-authors" aria-controls="speach-tabpanel-authors" />
      </Tabs>
      <div role="tabpanel" id="speach-tabpanel-general" aria-labelledby="speach-tab-general" hidden={tab !== 'general'}>
        {tab === 'general' && <SpeachGeneralTab key={formKey} speach={speach} />}
      </div>
      <div role="tabpanel" id="speach-tabpanel-authors" aria-labelledby="speach-tab-authors" hidden={tab !== 'authors'}>
        {tab === 'authors' && <SpeachAuthorsTab key={formKey} speach={speach} />}
      </div>
    </>
  );
}

/** Spec §2 admin speach list side panel: General and Authors tabs, preview, duplicate, template, archive. */
export function SpeachPanel({ id, onClose }: { id: string | null; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Drawer anchor="right" open={!!id} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 640 } } } }}>
      {id && (
        <Box sx={{ p: 2 }} role="region" aria-label={translate('admin.speaches.panelTitle')}>
          <Stack direction="row" alignItems="center" justifyContent="space-between">
            <Typography variant="h6" component="h2">
              {translate('admin.speaches.panelTitle')}
            </Typography>
            <IconButton onClick={onClose} aria-label={translate('ra.action.close')}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Divider sx={{ mb: 2 }} />
          <PanelContent id={id} onClose={onClose} />
        </Box>
      )}
    </Drawer>
  );
}
