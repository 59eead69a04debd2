import { Box, Button as MuiButton, Chip, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import CloseIcon from '@mui/icons-material/Close';
import { type ReactNode, useState } from 'react';
import { Confirm, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatDate } from '@speach/web-shared/format';
import { errorMessage } from '../speaches/api';
import { type AdminPath, adminPathsApi } from './api';

/** `/p/{pathId}/{slug}` on the learner app. */
function learnerAddress(path: AdminPath): string {
  const slug =
    path.title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'path';
  return `/p/${encodeURIComponent(path.pathId)}/${slug}`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '160px 1fr', gap: 1, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The side panel of a path: what it is, who follows it, links to its editor and page, and archive (confirmed). */
export function LearningPathPanel({ path, onClose }: { path: AdminPath | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const archive = async () => {
    if (!path) return;
    setBusy(true);
    try {
      await adminPathsApi.archive(path);
      notify('admin.paths.archived', { type: 'success' });
      setConfirming(false);
      onClose();
      refresh();
    } catch (error) {
      notify(`${translate('admin.paths.archiveFailed')}\n${errorMessage(error)}`, { type: 'error', multiLine: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      anchor="right"
      open={!!path}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 }, p: 3 }, role: 'dialog', 'aria-labelledby': 'path-panel-title' } as object }}
    >
      {path && (
        <>
          <Stack direction="row" alignItems="flex-start" spacing={1}>
            <Typography id="path-panel-title" variant="h6" component="h2" sx={{ flex: 1 }}>
              {path.title}
            </Typography>
            <IconButton aria-label={translate('admin.paths.close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Stack>
          {path.image && <Box component="img" src={path.image} alt="" sx={{ width: '100%', maxHeight: 180, objectFit: 'cover', borderRadius: 1, my: 1 }} />}
          {path.description && <Typography sx={{ whiteSpace: 'pre-line', my: 1 }}>{path.description}</Typography>}
          <Box component="dl" sx={{ my: 2 }}>
            <Row label={translate('resources.learning-paths.fields.state')}>
              <Chip size="small" label={translate(`admin.paths.state.${path.state}`)} color={path.state === 'PUBLIE' ? 'success' : 'default'} />
            </Row>
            <Row label={translate('resources.learning-paths.fields.owner')}>{`${path.user.firstName} ${path.user.lastName}`.trim()}</Row>
            <Row label={translate('resources.learning-paths.fields.speachCount')}>{path.speachCount}</Row>
            <Row label={translate('resources.learning-paths.fields.groups')}>
              {path.assignment.groups.length === 0
                ? translate('admin.paths.none')
                : path.assignment.groups
                    .map((g) =>
                      g.dueDate ? `${g.name} (${translate('admin.paths.due', { date: formatDate(locale, `${g.dueDate.slice(0, 10)}T12:00:00`) })})` : g.name,
                    )
                    .join(', ')}
            </Row>
            <Row label={translate('resources.learning-paths.fields.userCount')}>{path.assignment.userCount}</Row>
            <Row label={translate('resources.learning-paths.fields.options')}>
              {[path.sequential && translate('admin.paths.sequential'), path.openForSelfEnrolment && translate('admin.paths.openForEnrolment')]
                .filter(Boolean)
                .join(', ') || translate('admin.paths.none')}
            </Row>
            <Row label={translate('resources.learning-paths.fields.createdAt')}>{formatDate(locale, path.createdAt)}</Row>
            <Row label={translate('resources.learning-paths.fields.updatedAt')}>{formatDate(locale, path.updatedAt)}</Row>
            {path.publishedAt && <Row label={translate('resources.learning-paths.fields.publishedAt')}>{formatDate(locale, path.publishedAt)}</Row>}
          </Box>
          <Divider sx={{ mb: 2 }} />
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
            {path.state !== 'ARCHIVE' && (
              <MuiButton size="small" variant="outlined" href={`/recorder/editionparcour/${encodeURIComponent(path.pathId)}`}>
                {translate('admin.paths.openEditor')}
              </MuiButton>
            )}
            {path.state === 'PUBLIE' && (
              <MuiButton size="small" href={learnerAddress(path)}>
                {translate('admin.paths.openPage')}
              </MuiButton>
            )}
            {path.state !== 'ARCHIVE' && (
              <MuiButton size="small" color="error" startIcon={<ArchiveIcon />} onClick={() => setConfirming(true)} disabled={busy}>
                {translate('admin.paths.archive')}
              </MuiButton>
            )}
          </Stack>
          <Confirm
            isOpen={confirming}
            loading={busy}
            title="admin.paths.archiveTitle"
            content="admin.paths.archiveConfirm"
            translateOptions={{ title: path.title }}
            onConfirm={archive}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Drawer>
  );
}
