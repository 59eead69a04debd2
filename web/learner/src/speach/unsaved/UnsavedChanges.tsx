import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { type ReactNode, createContext, useContext, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useBeforeUnload, useBlocker } from 'react-router-dom';
import { useI18n } from '../../i18n';
import { DirtyRegistry, type SaveStatus, leavesEditor } from './dirty-state';

const RegistryContext = createContext<DirtyRegistry | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(() => new DirtyRegistry());
  return <RegistryContext.Provider value={registry}>{children}</RegistryContext.Provider>;
}

/** The registry of the surrounding editor; null outside one (panels reused elsewhere report nothing). */
export function useDirtyRegistry(): DirtyRegistry | null {
  return useContext(RegistryContext);
}

/** A panel reports whether it holds edits that its Save has not sent yet. */
export function useReportDirty(source: string, dirty: boolean) {
  const registry = useContext(RegistryContext);
  useEffect(() => {
    if (!registry) return;
    registry.mark(source, dirty);
  }, [registry, source, dirty]);
  // An unmounted form (another chapter selected, panel hidden) holds nothing any more.
  useEffect(() => (registry ? () => void registry.mark(source, false) : undefined), [registry, source]);
}

function useStatus(registry: DirtyRegistry): SaveStatus {
  return useSyncExternalStore(
    (listener) => registry.subscribe(listener),
    () => registry.status(),
  );
}

const LABEL: Record<SaveStatus, 'editorSave.saved' | 'editorSave.unsaved' | 'editorSave.saving'> = {
  saved: 'editorSave.saved',
  unsaved: 'editorSave.unsaved',
  saving: 'editorSave.saving',
};

/** The header's one indicator, announced politely to screen readers. */
export function SaveStatusIndicator() {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('SaveStatusIndicator outside UnsavedChangesProvider');
  const { t } = useI18n();
  const status = useStatus(registry);
  return (
    <Typography
      role="status"
      aria-live="polite"
      data-testid="save-status"
      data-status={status}
      variant="body2"
      color={status === 'unsaved' ? 'text.primary' : 'text.secondary'}
      sx={{ fontWeight: status === 'unsaved' ? 600 : 400 }}
    >
      {t(LABEL[status])}
    </Typography>
  );
}

/** Warns before a reload/close (the browser's own prompt) and before an in-app move (our dialog). */
export function LeaveGuard() {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('LeaveGuard outside UnsavedChangesProvider');
  const { t } = useI18n();
  const titleId = useId();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => registry.hasUnsaved() && leavesEditor(currentLocation, nextLocation));
  useBeforeUnload((event) => {
    if (!registry.hasUnsaved()) return;
    event.preventDefault();
    // Older browsers need returnValue set to show their prompt.
    event.returnValue = '';
  });
  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('editorSave.leaveTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('editorSave.leaveText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" autoFocus onClick={() => blocker.reset?.()}>
          {t('editorSave.stay')}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {t('editorSave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
