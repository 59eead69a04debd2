import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Edit from '@mui/icons-material/Edit';
import { type DragEvent, type FormEvent, useState } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import type { Chapter } from './types';

export interface TreeActions {
  onSelect: (chapterId: string) => void;
  onAdd: (title: string, parentId: string | null) => Promise<boolean>;
  onRename: (chapterId: string, title: string) => Promise<boolean>;
  onRemove: (chapterId: string) => Promise<boolean>;
  onMove: (chapterId: string, parentId: string | null, position: number) => Promise<boolean>;
}

interface Located {
  chapter: Chapter;
  parentId: string | null;
  index: number;
  siblings: number;
}

function locate(chapters: Chapter[], id: string, parentId: string | null = null): Located | null {
  for (const [index, chapter] of chapters.entries()) {
    if (chapter.chapterId === id) return { chapter, parentId, index, siblings: chapters.length };
    const inside = locate(chapter.children ?? [], id, chapter.chapterId);
    if (inside) return inside;
  }
  return null;
}

type TitleDialog = { mode: 'add'; parentId: string | null } | { mode: 'rename'; chapter: Chapter };

/** The chapter tree: chapters and sub-chapters; add, rename, remove, reorder by drag and drop or with the move buttons. */
export function ChapterTree({ chapters, selectedId, busy, actions }: { chapters: Chapter[]; selectedId: string | null; busy: boolean; actions: TreeActions }) {
  const { t } = useI18n();
  const [dialog, setDialog] = useState<TitleDialog | null>(null);
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Chapter | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');

  const openAdd = (parentId: string | null) => {
    setTitle('');
    setTitleError(null);
    setDialog({ mode: 'add', parentId });
  };
  const openRename = (chapter: Chapter) => {
    setTitle(chapter.title);
    setTitleError(null);
    setDialog({ mode: 'rename', chapter });
  };
  const submitTitle = async (event: FormEvent) => {
    event.preventDefault();
    if (!dialog) return;
    if (!title.trim()) {
      setTitleError(t('speach.error.titleRequired'));
      return;
    }
    const ok = dialog.mode === 'add' ? await actions.onAdd(title.trim(), dialog.parentId) : await actions.onRename(dialog.chapter.chapterId, title.trim());
    if (ok) setDialog(null);
  };

  const move = async (chapter: Chapter, delta: number) => {
    const where = locate(chapters, chapter.chapterId);
    if (!where) return;
    const position = where.index + delta;
    if (position < 0 || position >= where.siblings) return;
    if (await actions.onMove(chapter.chapterId, where.parentId, position)) {
      setAnnounce(t('speach.tree.moved', { title: chapter.title, position: position + 1 }));
      // Keep the focus on the moved row's same button after the re-render.
      requestAnimationFrame(() => document.getElementById(`move-${delta < 0 ? 'up' : 'down'}-${chapter.chapterId}`)?.focus());
    }
  };

  /** Where a drop of `dragId` on `targetId` lands: a sibling's place, or the end of a chapter for a sub-chapter dropped on it. */
  const dropPlan = (dragId: string, targetId: string): { parentId: string | null; position: number } | null => {
    if (dragId === targetId) return null;
    const from = locate(chapters, dragId);
    const to = locate(chapters, targetId);
    if (!from || !to) return null;
    const dragIsChapter = from.parentId === null;
    const targetIsChapter = to.parentId === null;
    if (dragIsChapter && targetIsChapter) return { parentId: null, position: to.index };
    if (!dragIsChapter && targetIsChapter) {
      if (from.parentId === targetId) return null;
      return { parentId: targetId, position: to.chapter.children?.length ?? 0 };
    }
    if (!dragIsChapter && !targetIsChapter) return { parentId: to.parentId, position: to.index };
    return null; // a chapter with sub-chapters does not go below another chapter
  };

  const onDragStart = (event: DragEvent, id: string) => {
    event.stopPropagation();
    event.dataTransfer.setData('text/plain', id);
    event.dataTransfer.effectAllowed = 'move';
    setDragged(id);
  };
  const onDragOver = (event: DragEvent, id: string) => {
    if (!dragged || !dropPlan(dragged, id)) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = 'move';
    setDropTarget(id);
  };
  const onDrop = async (event: DragEvent, id: string) => {
    event.preventDefault();
    event.stopPropagation();
    const dragId = dragged ?? event.dataTransfer.getData('text/plain');
    setDragged(null);
    setDropTarget(null);
    const plan = dragId ? dropPlan(dragId, id) : null;
    if (dragId && plan) {
      const chapter = locate(chapters, dragId)?.chapter;
      if (await actions.onMove(dragId, plan.parentId, plan.position))
        setAnnounce(t('speach.tree.moved', { title: chapter?.title ?? '', position: plan.position + 1 }));
    }
  };

  const row = (chapter: Chapter, index: number, siblings: number, depth: number) => {
    const selected = chapter.chapterId === selectedId;
    const type = chapter.content?.type ?? 'NONE';
    return (
      <Box
        component="li"
        key={chapter.chapterId}
        sx={{ listStyle: 'none' }}
        draggable={!busy}
        onDragStart={(e: DragEvent) => onDragStart(e, chapter.chapterId)}
        onDragEnd={() => {
          setDragged(null);
          setDropTarget(null);
        }}
        data-testid={`chapter-${chapter.chapterId}`}
      >
        <Stack
          direction="row"
          alignItems="center"
          spacing={0.5}
          onDragOver={(e: DragEvent) => onDragOver(e, chapter.chapterId)}
          onDragLeave={() => setDropTarget((d) => (d === chapter.chapterId ? null : d))}
          onDrop={(e: DragEvent) => onDrop(e, chapter.chapterId)}
          sx={{
            pl: depth * 3,
            py: 0.25,
            borderRadius: 1,
            bgcolor: selected ? 'action.selected' : undefined,
            outline: dropTarget === chapter.chapterId ? '2px dashed' : undefined,
            outlineColor: 'primary.main',
            opacity: dragged === chapter.chapterId ? 0.5 : 1,
          }}
        >
          <DragIndicator fontSize="small" sx={{ cursor: 'grab', color: 'text.secondary' }} aria-hidden="true" />
          <Button
            data-testid="chapter-title"
            onClick={() => actions.onSelect(chapter.chapterId)}
            aria-current={selected ? 'true' : undefined}
            sx={{
              flexGrow: 1,
              justifyContent: 'flex-start',
              textTransform: 'none',
              textAlign: 'left',
              color: 'text.primary',
              fontWeight: depth === 0 ? 600 : 400,
              minWidth: 0,
            }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {chapter.title}
            </Box>
          </Button>
          <Chip size="small" variant="outlined" label={t(`speach.type.${type}` as MessageKey)} sx={{ maxWidth: 110 }} />
          <Tooltip title={t('speach.tree.moveUp', { title: chapter.title })}>
            <span>
              <IconButton
                id={`move-up-${chapter.chapterId}`}
                size="small"
                aria-label={t('speach.tree.moveUp', { title: chapter.title })}
                disabled={busy || index === 0}
                onClick={() => move(chapter, -1)}
              >
                <ArrowUpward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('speach.tree.moveDown', { title: chapter.title })}>
            <span>
              <IconButton
                id={`move-down-${chapter.chapterId}`}
                size="small"
                aria-label={t('speach.tree.moveDown', { title: chapter.title })}
                disabled={busy || index === siblings - 1}
                onClick={() => move(chapter, 1)}
              >
                <ArrowDownward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          {depth === 0 && (
            <Tooltip title={t('speach.tree.addSub', { title: chapter.title })}>
              <IconButton
                size="small"
                aria-label={t('speach.tree.addSub', { title: chapter.title })}
                disabled={busy}
                onClick={() => openAdd(chapter.chapterId)}
              >
                <Add fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('speach.tree.rename', { title: chapter.title })}>
            <IconButton size="small" aria-label={t('speach.tree.rename', { title: chapter.title })} disabled={busy} onClick={() => openRename(chapter)}>
              <Edit fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('speach.tree.remove', { title: chapter.title })}>
            <IconButton size="small" aria-label={t('speach.tree.remove', { title: chapter.title })} disabled={busy} onClick={() => setRemoving(chapter)}>
              <Delete fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        {chapter.children?.length > 0 && (
          <Box component="ul" sx={{ p: 0, m: 0 }} aria-label={t('speach.tree.subchaptersOf', { title: chapter.title })}>
            {chapter.children.map((child, i) => row(child, i, chapter.children.length, depth + 1))}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Box>
      {chapters.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('speach.tree.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ p: 0, m: 0 }} aria-label={t('speach.tree.label')}>
          {chapters.map((chapter, i) => row(chapter, i, chapters.length, 0))}
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('speach.tree.hint')}
      </Typography>
      <Button startIcon={<Add />} variant="outlined" sx={{ mt: 1 }} onClick={() => openAdd(null)} disabled={busy}>
        {t('speach.tree.addChapter')}
      </Button>
      <Box aria-live="polite" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announce}
      </Box>

      <Dialog
        open={!!dialog}
        onClose={() => setDialog(null)}
        fullWidth
        maxWidth="sm"
        slotProps={{ paper: { component: 'form', onSubmit: submitTitle } as object }}
      >
        <DialogTitle>
          {dialog?.mode === 'rename' ? t('speach.tree.renameTitle') : dialog?.parentId ? t('speach.tree.addSubTitle') : t('speach.tree.addChapter')}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('speach.tree.chapterTitle')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={!!titleError}
            helperText={titleError ?? ' '}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)}>{t('speach.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {dialog?.mode === 'rename' ? t('speach.common.save') : t('speach.common.add')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={!!removing} onClose={() => setRemoving(null)} aria-describedby="remove-chapter-text">
        <DialogTitle>{t('speach.tree.removeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="remove-chapter-text">{t('speach.tree.removeConfirm', { title: removing?.title ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)}>{t('speach.common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={async () => {
              if (removing && (await actions.onRemove(removing.chapterId))) setRemoving(null);
            }}
          >
            {t('speach.common.remove')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
