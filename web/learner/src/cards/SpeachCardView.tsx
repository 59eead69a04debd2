import {
  Avatar,
  AvatarGroup,
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Edit from '@mui/icons-material/Edit';
import Groups from '@mui/icons-material/Groups';
import MoreVert from '@mui/icons-material/MoreVert';
import Share from '@mui/icons-material/Share';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { ScormExportDialog } from '../embed/ScormExportDialog';
import { useI18n } from '../i18n';
import { errorMessage, speachApi } from '../speach/speachApi';
import {
  type AvatarItem,
  type MenuAction,
  authorAvatars,
  isDelayed,
  isPublished,
  canShareCard,
  cardTags,
  cardTarget,
  editTarget,
  menuActions,
  menuTarget,
  titleSlug,
  truncateTitle,
} from './card-rules';
import { CardCover } from './CardCover';
import { CardFacts } from './CardFacts';
import type { Card as CardData } from './cardsApi';
import { useArchiveSpeach, useDuplicateSpeach, useToggleBookmark } from './useSpeachCards';

function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

function AvatarIcon({ item }: { item: AvatarItem }) {
  const { t } = useI18n();
  if (item.kind === 'person') {
    const name = `${item.person.firstName} ${item.person.lastName}`.trim();
    return (
      <Tooltip title={name}>
        <Avatar alt={name} src={item.person.img ?? undefined} sx={{ width: 24, height: 24, fontSize: 12, bgcolor: 'primary.dark' }}>
          {(item.person.firstName[0] ?? '?').toUpperCase()}
          {(item.person.lastName[0] ?? '').toUpperCase()}
        </Avatar>
      </Tooltip>
    );
  }
  if (item.kind === 'groups') {
    const label = t('card.groups', { names: item.names.join(', ') });
    return (
      <Tooltip title={label}>
        <Avatar aria-label={label} role="img" sx={{ width: 24, height: 24, bgcolor: 'secondary.dark' }}>
          <Groups sx={{ fontSize: 16 }} aria-hidden="true" />
        </Avatar>
      </Tooltip>
    );
  }
  const label = t('card.more', { count: item.count });
  return (
    <Tooltip title={label}>
      <Avatar aria-label={label} role="img" sx={{ width: 24, height: 24, fontSize: 11, bgcolor: 'grey.700' }}>
        +{item.count}
      </Avatar>
    </Tooltip>
  );
}

/**
 * Spec §3/§4/§6 speach card: truncated title with tooltip, author avatars, state tags, click and edit
 * targets, bookmark, the edit menu by permission flags and share where allowed.
 */
export function SpeachCardView({ card, onToast }: { card: CardData; onToast: (severity: 'success' | 'error', text: string) => void }) {
  const { t, date } = useI18n();
  const navigate = useNavigate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [confirmArchive, setConfirmArchive] = useState(false);
  const bookmark = useToggleBookmark();
  const archiveSpeach = useArchiveSpeach();
  const duplicateSpeach = useDuplicateSpeach();
  const busy = archiveSpeach.isPending || duplicateSpeach.isPending;
  const favori = card.isFavori;
  const now = Date.now();
  const title = truncateTitle(card.title);
  const tags = cardTags(card, now);
  const actions = menuActions(card);
  // Spec §4/§6: SCORM export, for administrators, only when the speach is not unpublished.
  const { me } = useAuth();
  const scorm = !!me?.isAdmin && card.canEdit && !card.isTemplate && isPublished(card);
  const [scormOpen, setScormOpen] = useState(false);
  const avatars = authorAvatars(card.authorsInfos);

  // At once on screen, then the server (spec §4): the cached lists hold the optimistic value.
  const toggleFavori = () => bookmark.mutate(card, { onError: () => onToast('error', t('card.bookmarkFailed')) });

  const run = (action: MenuAction) => {
    setMenu(null);
    if (action === 'ARCHIVE') return setConfirmArchive(true);
    if (action === 'DUPLICATE') {
      duplicateSpeach.mutate(card.id, {
        onSuccess: () => onToast('success', t('card.duplicated')),
        onError: (error) => onToast('error', `${t('card.duplicateFailed')} ${errorMessage(error)}`),
      });
      return;
    }
    navigate(menuTarget(action, card.id));
  };

  const archive = () => {
    setConfirmArchive(false);
    archiveSpeach.mutate(card.id, {
      onSuccess: () => onToast('success', t('card.archived')),
      onError: (error) => onToast('error', `${t('card.archiveFailed')} ${errorMessage(error)}`),
    });
  };

  const share = async () => {
    const url = `${window.location.origin}/s/${encodeURIComponent(card.id)}/${titleSlug(card.title)}`;
    // Recording the share must not keep the link from being copied.
    void speachApi.share(card.id).catch(() => undefined);
    try {
      await navigator.clipboard.writeText(url);
      onToast('success', t('card.linkCopied'));
    } catch {
      window.prompt(t('card.share'), url);
    }
  };

  const headingId = `card-title-${card.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea component={RouterLink} to={cardTarget(card, now)} sx={{ flexGrow: 1, alignItems: 'stretch' }}>
        <CardCover img={card.img} cover={card.cover} title={card.title} category={card.category} />
        <CardContent>
          <Tooltip title={title.truncated ? card.title : ''} enterDelay={200}>
            <Typography
              id={headingId}
              variant="subtitle1"
              component="h3"
              sx={{ fontWeight: 600, wordBreak: 'break-word' }}
              aria-label={title.truncated ? card.title : undefined}
            >
              {title.text}
            </Typography>
          </Tooltip>
          <CardFacts card={card} />
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {card.isTemplate && <Chip size="small" label={t('card.template')} />}
            {tags.map((tag) =>
              tag.kind === 'unpublished' ? (
                <Chip key="unpublished" size="small" label={t('card.tag.unpublished')} />
              ) : tag.kind === 'due' ? (
                <Chip
                  key="due"
                  size="small"
                  variant="outlined"
                  sx={tag.expired ? { color: '#b71c1c', borderColor: '#b71c1c' } : undefined}
                  label={t(tag.expired ? 'card.tag.dueExpired' : 'card.tag.due', { date: date(new Date(tag.at)) })}
                />
              ) : tag.kind === 'delayed' ? (
                <Chip
                  key="delayed"
                  size="small"
                  variant="outlined"
                  sx={{ color: 'info.dark', borderColor: 'info.dark' }}
                  label={t('card.tag.delayed', { date: date(new Date(tag.at)) })}
                />
              ) : (
                <Chip
                  key="workflow"
                  size="small"
                  variant="outlined"
                  // Darker than the palette's warning/error mains: AA contrast on white.
                  sx={{ color: tag.danger ? '#b71c1c' : '#7a4100', borderColor: tag.danger ? '#b71c1c' : '#7a4100' }}
                  label={t(`card.tag.${tag.state}`, { step: tag.step ?? '?', total: tag.total ?? '?' })}
                />
              ),
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
      <CardActions sx={{ justifyContent: 'space-between', px: 1.5 }}>
        {avatars.length > 0 ? (
          <AvatarGroup aria-label={t('card.authors')} role="group" max={10} sx={{ '& .MuiAvatar-root': { width: 24, height: 24, fontSize: 12 } }}>
            {avatars.map((item, i) => (
              <AvatarIcon key={i} item={item} />
            ))}
          </AvatarGroup>
        ) : (
          <span />
        )}
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          {busy && <CircularProgress size={18} aria-label={t('common.loading')} />}
          {!card.isTemplate && card.canView && (isPublished(card) || isDelayed(card, now)) && (
            <Tooltip title={favori ? t('card.unbookmark') : t('card.bookmark')}>
              <IconButton
                size="small"
                aria-pressed={favori}
                aria-label={`${favori ? t('card.unbookmark') : t('card.bookmark')}: ${card.title}`}
                onClick={toggleFavori}
              >
                {favori ? <Bookmark fontSize="small" /> : <BookmarkBorder fontSize="small" />}
              </IconButton>
            </Tooltip>
          )}
          {canShareCard(card, now, inFrame()) && (
            <Tooltip title={t('card.share')}>
              <IconButton size="small" aria-label={`${t('card.share')}: ${card.title}`} onClick={share}>
                <Share fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {card.canEdit && (
            <Tooltip title={t('card.edit')}>
              <IconButton size="small" aria-label={`${t('card.edit')}: ${card.title}`} component={RouterLink} to={editTarget(card)}>
                <Edit fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {actions.length > 0 && (
            <>
              <IconButton
                size="small"
                disabled={busy}
                aria-label={t('card.menu', { title: card.title })}
                aria-haspopup="menu"
                onClick={(e) => setMenu(e.currentTarget)}
              >
                <MoreVert fontSize="small" />
              </IconButton>
              <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
                {actions.map((action) => (
                  <MenuItem key={action} onClick={() => void run(action)}>
                    {t(`card.${action}`)}
                  </MenuItem>
                ))}
                {scorm && (
                  <MenuItem
                    onClick={() => {
                      setMenu(null);
                      setScormOpen(true);
                    }}
                  >
                    {t('scorm.menu')}
                  </MenuItem>
                )}
              </Menu>
            </>
          )}
        </Box>
      </CardActions>
      {scorm && <ScormExportDialog speachId={card.id} title={card.title} open={scormOpen} onClose={() => setScormOpen(false)} />}
      <Dialog open={confirmArchive} onClose={() => setConfirmArchive(false)} aria-labelledby={`archive-${card.id}`} maxWidth="xs">
        <DialogTitle id={`archive-${card.id}`}>{t('card.archiveConfirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('card.archiveConfirm.text', { title: card.title })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmArchive(false)}>{t('speach.common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void archive()}>
            {t('card.ARCHIVE')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
