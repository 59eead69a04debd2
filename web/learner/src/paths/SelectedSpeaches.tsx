import { Avatar, Box, Chip, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Slideshow from '@mui/icons-material/Slideshow';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { type KeyboardEvent, useState } from 'react';
import { useI18n } from '../i18n';
import type { PathItem } from './pathsApi';

interface Props {
  items: PathItem[];
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (item: PathItem) => void;
}

/**
 * The path's speaches in their order: dragged to reorder, or moved with the up and down buttons and
 * Alt+Arrow keys on a row (the keyboard way of spec §2's drag), each removable.
 */
export function SelectedSpeaches({ items, busy, onMove, onRemove }: Props) {
  const { t } = useI18n();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  if (items.length === 0) return <Typography sx={{ py: 2 }}>{t('path.selected.empty')}</Typography>;

  const keyMove = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || busy) return;
    if (event.key === 'ArrowUp' && index > 0) onMove(index, index - 1);
    else if (event.key === 'ArrowDown' && index < items.length - 1) onMove(index, index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <>
      <Typography id="path-order-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('path.selected.help')}
      </Typography>
      <Box
        component="ol"
        aria-label={t('path.selected.list')}
        aria-describedby="path-order-help"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        data-testid="path-selected"
      >
        {items.map((item, index) => {
          const title = item.canView === false ? t('path.selected.hidden') : item.title;
          return (
            <Paper
              component="li"
              key={item.speachID ?? item.id}
              variant="outlined"
              draggable={!busy}
              tabIndex={0}
              aria-label={t('path.selected.row', { position: index + 1, total: items.length, title })}
              data-testid="path-selected-item"
              onKeyDown={(e) => keyMove(e, index)}
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(index));
                setDragging(index);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                if (over !== index) setOver(index);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDrop={(e) => {
                e.preventDefault();
                const from = dragging ?? Number(e.dataTransfer.getData('text/plain'));
                if (Number.isInteger(from) && from !== index) onMove(from, index);
                setDragging(null);
                setOver(null);
              }}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                p: 1,
                mb: 1,
                opacity: dragging === index ? 0.5 : 1,
                borderColor: over === index && dragging !== index ? 'primary.main' : undefined,
                '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
              }}
            >
              <DragIndicator aria-hidden="true" sx={{ cursor: 'grab', color: 'text.secondary' }} />
              <Typography sx={{ fontWeight: 700, minWidth: 24 }} aria-hidden="true">
                {index + 1}.
              </Typography>
              <Avatar variant="rounded" src={item.img ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
                {item.canView === false ? <VisibilityOff fontSize="small" /> : <Slideshow fontSize="small" />}
              </Avatar>
              <Box sx={{ flex: 1, minWidth: 120 }}>
                <Typography variant="body1">{title}</Typography>
                {item.state && item.state !== 'PUBLIE' && <Chip size="small" label={t(`path.speachState.${item.state}`)} sx={{ mt: 0.5 }} />}
              </Box>
              <Tooltip title={t('path.selected.up')}>
                <span>
                  <IconButton
                    aria-label={t('path.selected.upNamed', { title })}
                    disabled={busy || index === 0}
                    onClick={() => onMove(index, index - 1)}
                    size="small"
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('path.selected.down')}>
                <span>
                  <IconButton
                    aria-label={t('path.selected.downNamed', { title })}
                    disabled={busy || index === items.length - 1}
                    onClick={() => onMove(index, index + 1)}
                    size="small"
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('path.selected.remove')}>
                <span>
                  <IconButton aria-label={t('path.selected.removeNamed', { title })} disabled={busy} onClick={() => onRemove(item)} size="small">
                    <Delete fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Paper>
          );
        })}
      </Box>
    </>
  );
}
