import { Alert, Box, Button, Chip, Paper, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { useI18n } from '../i18n';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage, fieldErrors } from '../speach/speachApi';
import { AvailableSpeaches } from './AvailableSpeaches';
import { PathAssignmentSection } from './PathAssignmentSection';
import { PathDetailsSection } from './PathDetailsSection';
import { PathOptionsSection } from './PathOptionsSection';
import { RemoveSpeachDialog } from './RemoveSpeachDialog';
import { SelectedSpeaches } from './SelectedSpeaches';
import {
  type ContentTab,
  NEW_PATH_ID,
  canPublish,
  contentTab,
  editorAddress,
  formatCount,
  moveItem,
  orderParameter,
  pathAddress,
  pluralForm,
} from './path-rules';
import { type Path, type PathDetails, type PathItem, pathsApi } from './pathsApi';
import { useEditedPath, usePathChange } from './usePaths';

const EMPTY_DETAILS = { title: '', description: '', image: null };

/** `/recorder/editionparcour/{pathId}?selectedTab=SELECTED|AVAILABLE` (spec §2 "Learning path editor"); `new` creates one. */
export function PathEditorPage() {
  const { t, language } = useI18n();
  const { me } = useAuth();
  const { pathId = NEW_PATH_ID } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<PathItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [toast, showToast] = useToast();
  const isNew = pathId === NEW_PATH_ID;
  const query = useEditedPath(pathId, !isNew);
  const path = isNew ? null : (query.data ?? null);
  const loadError = isNew ? null : query.error;
  const change = usePathChange(pathId);
  const busy = change.isPending;

  const requestedTab = params.get('selectedTab');
  const tab: ContentTab = contentTab(requestedTab, path?.items.length ?? 0);
  // The tab chosen by default is written into the address, so adding the first speach doesn't switch tabs under the editor.
  useEffect(() => {
    if (path && !isNew && requestedTab !== tab) setParams({ selectedTab: tab }, { replace: true });
  }, [path, isNew, requestedTab, tab, setParams]);

  const { mutateAsync } = change;
  const run = useCallback(
    async (action: () => Promise<Path>, success?: string, optimistic?: Path) => {
      try {
        const next = await mutateAsync({ action, optimistic });
        setServerErrors({});
        if (success) showToast('success', success);
        return next;
      } catch (e) {
        setServerErrors(fieldErrors(e));
        showToast('error', errorMessage(e));
        return null;
      }
    },
    [mutateAsync, showToast],
  );

  if (isNew && me && !me.isAuthor && !me.isAdmin) {
    return (
      <>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('path.editor.newTitle')}
        </Typography>
        <Alert severity="info">{t('path.editor.notAuthor')}</Alert>
      </>
    );
  }
  if (loadError) {
    const status = loadError instanceof ApiError ? loadError.status : 0;
    return (
      <>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('route.pathEditor')}
        </Typography>
        {status === 404 ? (
          <Alert severity="warning">{t('path.notFound')}</Alert>
        ) : status === 403 ? (
          <Alert severity="warning">{t('path.editor.forbidden')}</Alert>
        ) : (
          <ErrorState message={errorMessage(loadError)} onRetry={() => void query.refetch()} />
        )}
      </>
    );
  }
  if (!isNew && !path) return <Loading />;

  const details = path ? { pathId: path.pathId, title: path.title, description: path.description ?? '', image: path.image ?? null } : EMPTY_DETAILS;
  const saveDetails = async (change: PathDetails) => {
    const body = path ? { ...change, pathId: path.pathId, version: path.version } : change;
    const saved = await run(() => pathsApi.save(body), t('path.details.saved'));
    if (saved && isNew) navigate(editorAddress(saved.pathId, contentTab(null, saved.items.length)), { replace: true });
  };

  const reorder = async (from: number, to: number) => {
    if (!path || to < 0 || to >= path.items.length || from === to) return;
    const previous = path;
    const items = moveItem(path.items, from, to);
    const moved = path.items[from];
    setAnnouncement(t('path.selected.moved', { title: moved.title, position: to + 1, total: items.length }));
    // The list moves at once; a refused order puts it back.
    await run(() => pathsApi.recordOrder(previous, orderParameter(items.map((i) => i.speachID ?? i.id))), undefined, { ...path, items });
  };

  const pictures = path ? [...new Map(path.items.filter((i) => i.img).map((i) => [i.img as string, { src: i.img as string, label: i.title }])).values()] : [];
  const published = path?.state === 'PUBLIE';

  return (
    <Box>
      <Typography variant="overline" component="p" color="text.secondary">
        {t('route.pathEditor')}
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {path?.title || t('path.editor.newTitle')}
      </Typography>
      {path && !path.isOwner && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="path-owner-banner">
          {t('path.editor.ownerBanner', { owner: `${path.user.firstName} ${path.user.lastName}`.trim() })}
        </Alert>
      )}
      <Box aria-live="polite" role="status" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announcement}
      </Box>

      <Paper component="section" aria-labelledby="path-details" variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Typography id="path-details" variant="h5" component="h2" gutterBottom>
          {t('path.section.details')}
        </Typography>
        {isNew && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('path.editor.newHelp')}
          </Alert>
        )}
        <PathDetailsSection
          key={path?.pathId ?? NEW_PATH_ID}
          details={details}
          pictures={pictures}
          busy={busy}
          serverErrors={serverErrors}
          onSave={saveDetails}
        />
      </Paper>

      {path && (
        <>
          <Paper component="section" aria-labelledby="path-assignment" variant="outlined" sx={{ p: 3, mb: 3 }}>
            <Typography id="path-assignment" variant="h5" component="h2" gutterBottom>
              {t('path.section.assignment')}
            </Typography>
            <PathAssignmentSection
              path={path}
              busy={busy}
              onGroup={(groupId, add, dueDate) => void run(() => pathsApi.changeGroup(path, groupId, add, dueDate))}
              onUser={(userId, add, dueDate) => void run(() => pathsApi.changeUser(path, userId, add, dueDate))}
            />
          </Paper>

          <Paper component="section" aria-labelledby="path-options" variant="outlined" sx={{ p: 3, mb: 3 }}>
            <Typography id="path-options" variant="h5" component="h2" gutterBottom>
              {t('path.section.options')}
            </Typography>
            <PathOptionsSection path={path} busy={busy} onSave={(change) => void saveDetails(change)} />
          </Paper>

          <Paper component="section" aria-labelledby="path-content" variant="outlined" sx={{ p: 3, mb: 3 }}>
            <Typography id="path-content" variant="h5" component="h2" gutterBottom>
              {t('path.section.content')}
            </Typography>
            <Tabs
              value={tab}
              onChange={(_, value: ContentTab) => setParams({ selectedTab: value }, { replace: true })}
              aria-label={t('path.section.content')}
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab value="SELECTED" id="path-tab-SELECTED" aria-controls="path-tabpanel" label={t('path.tab.SELECTED', { count: path.items.length })} />
              <Tab value="AVAILABLE" id="path-tab-AVAILABLE" aria-controls="path-tabpanel" label={t('path.tab.AVAILABLE')} />
            </Tabs>
            <Box id="path-tabpanel" role="tabpanel" aria-labelledby={`path-tab-${tab}`}>
              {tab === 'SELECTED' ? (
                <SelectedSpeaches items={path.items} busy={busy} onMove={(from, to) => void reorder(from, to)} onRemove={setRemoving} />
              ) : (
                <AvailableSpeaches
                  pathId={path.pathId}
                  revision={path.items.map((i) => i.speachID ?? i.id).join(';')}
                  busy={busy}
                  onAdd={(speach) => void run(() => pathsApi.addSpeach(path, speach.speachID ?? speach.id), t('path.available.added', { title: speach.title }))}
                />
              )}
            </Box>
          </Paper>

          <Paper component="section" aria-label={t('path.bar.label')} elevation={8} sx={{ position: 'sticky', bottom: 0, zIndex: 1100, px: 3, py: 1.5 }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <Chip label={t(`path.state.${path.state ?? 'NON_PUBLIE'}`)} color={published ? 'success' : 'default'} />
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                {t(`path.bar.count.${pluralForm(language, path.items.length)}`, { count: formatCount(language, path.items.length) })}
              </Typography>
              {published && (
                <>
                  <Button component={RouterLink} to={pathAddress(path.pathId, path.title)}>
                    {t('path.bar.view')}
                  </Button>
                  <Button disabled={busy} onClick={() => void run(() => pathsApi.unpublish(path), t('path.bar.unpublished'))}>
                    {t('path.bar.unpublish')}
                  </Button>
                </>
              )}
              <Tooltip title={canPublish(path.items.length) ? '' : t('path.bar.needSpeach')}>
                <span>
                  <Button
                    variant="contained"
                    disabled={busy || published || !canPublish(path.items.length)}
                    onClick={() => void run(() => pathsApi.publish(path), t('path.bar.published'))}
                  >
                    {published ? t('path.state.PUBLIE') : t('path.bar.publish')}
                  </Button>
                </span>
              </Tooltip>
            </Stack>
          </Paper>
          <RemoveSpeachDialog
            item={removing}
            onCancel={() => setRemoving(null)}
            onConfirm={(item) => {
              setRemoving(null);
              void run(() => pathsApi.removeSpeach(path, item.speachID ?? item.id), t('path.remove.done'));
            }}
          />
        </>
      )}
      {toast}
    </Box>
  );
}
