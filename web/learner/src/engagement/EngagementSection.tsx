import {
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  IconButton,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import NotificationsNone from '@mui/icons-material/NotificationsNone';
import { type FormEvent, useState } from 'react';
import { useI18n } from '../i18n';
import { EmptyState, ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { COMMENT_MAX, formatAverage } from './comment-text';
import { CommentText } from './CommentText';
import type { SpeachComment } from './engagementApi';
import { useBookmark, useComments, useDeleteComment, useEngagementSummary, useFollow, usePostComment, useRate } from './useEngagement';
import { StarRating } from './StarRating';
import { ReportButton } from '../forum/ReportButton';
import { useAuth } from '../auth/AuthContext';

function initials(p: { firstName: string; lastName: string }): string {
  return `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase() || '?';
}

/** The engagement bar of the published speach page: bookmark, follow, rating; then the comments. */
export function EngagementSection({ speachId, accessCode }: { speachId: string; accessCode?: string }) {
  const { t, language } = useI18n();
  const query = useEngagementSummary(speachId, accessCode);
  const summary = query.data;
  const bookmark = useBookmark(speachId);
  const follow = useFollow(speachId);
  const rateMutation = useRate(speachId);
  const [toast, show] = useToast();

  if (query.error) return <ErrorState message={t('engagement.loadError')} onRetry={() => void query.refetch()} />;
  if (!summary) return <Loading />;

  // Spec §4: each toggles on screen at once (useEngagement); a failure puts it back and says so.
  const toggleBookmark = () => bookmark.mutate(summary.isFavori, { onError: () => show('error', t('engagement.bookmark.failed')) });
  const toggleFollow = () => follow.mutate(!summary.isFollowed, { onError: () => show('error', t('engagement.follow.failed')) });
  const rate = (value: number) =>
    rateMutation.mutate(value, {
      onSuccess: () => show('success', t('engagement.rating.saved')),
      onError: (e) => show('error', `${t('engagement.rating.failed')} ${errorMessage(e)}`),
    });

  const { rating } = summary;
  const averageText = t(rating.count === 1 ? 'engagement.rating.averageOne' : 'engagement.rating.average', {
    average: formatAverage(rating.average, language),
    count: rating.count,
  });
  return (
    <Stack spacing={3} component="section" aria-labelledby="engagement-heading">
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="engagement-heading" variant="h6" component="h2" gutterBottom>
          {t('engagement.heading')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems={{ md: 'center' }} useFlexGap flexWrap="wrap">
          <Stack direction="row" spacing={1}>
            <Button
              variant={summary.isFavori ? 'contained' : 'outlined'}
              aria-pressed={summary.isFavori}
              startIcon={summary.isFavori ? <Bookmark /> : <BookmarkBorder />}
              onClick={toggleBookmark}
            >
              {t(summary.isFavori ? 'engagement.bookmark.remove' : 'engagement.bookmark.add')}
            </Button>
            {summary.canFollow && (
              <Button
                variant={summary.isFollowed ? 'contained' : 'outlined'}
                aria-pressed={summary.isFollowed}
                startIcon={summary.isFollowed ? <NotificationsActive /> : <NotificationsNone />}
                onClick={toggleFollow}
              >
                {t(summary.isFollowed ? 'engagement.follow.remove' : 'engagement.follow.add')}
              </Button>
            )}
          </Stack>
          <Stack direction="row" spacing={1} alignItems="center" data-testid="rating-average">
            <StarRating value={rating.average} readOnly label={rating.average === null ? t('engagement.rating.none') : averageText} size="small" />
            <Typography variant="body2" color="text.secondary">
              {rating.average === null ? t('engagement.rating.none') : averageText}
            </Typography>
          </Stack>
          {rating.editable ? (
            <Stack direction="row" spacing={1} alignItems="center">
              <Typography id="my-rating-label" component="span">
                {t('engagement.rating.label')}
              </Typography>
              <StarRating value={rating.mine} label={t('engagement.rating.label')} onChange={rate} />
            </Stack>
          ) : (
            summary.canFollow && (
              <Typography variant="body2" color="text.secondary">
                {t('engagement.rating.own')}
              </Typography>
            )
          )}
        </Stack>
      </Paper>
      {summary.commentsEnabled && <Comments speachId={speachId} accessCode={accessCode} count={summary.commentCount} show={show} />}
      {toast}
    </Stack>
  );
}

function Comments({
  speachId,
  accessCode,
  count: summaryCount,
  show,
}: {
  speachId: string;
  accessCode?: string;
  count: number;
  show: ReturnType<typeof useToast>[1];
}) {
  const { t, date } = useI18n();
  const { me } = useAuth();
  const { query, comments, total } = useComments(speachId, accessCode);
  // The list's own total once read: it counts a comment posted since the bar was read.
  const count = total ?? summaryCount;
  const error = query.error;
  const [text, setText] = useState('');
  const post = usePostComment(speachId);
  const posting = post.isPending;
  const [postError, setPostError] = useState<string | null>(null);
  const deletion = useDeleteComment(speachId);
  const [confirm, setConfirm] = useState<SpeachComment | null>(null);

  const tooLong = text.length > COMMENT_MAX;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || tooLong) return;
    setPostError(null);
    try {
      await post.mutateAsync(text);
      setText('');
    } catch (e) {
      setPostError(errorMessage(e));
    }
  };
  const remove = async (comment: SpeachComment) => {
    setConfirm(null);
    try {
      await deletion.mutateAsync(comment.id);
      show('success', t('engagement.comments.deleted'));
    } catch (e) {
      show('error', errorMessage(e));
    }
  };

  return (
    <Paper component="section" aria-labelledby="comments-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="comments-heading" variant="h6" component="h2" gutterBottom>
        {t('engagement.comments.title', { count })}
      </Typography>
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ mb: 2 }}>
        <TextField
          label={t('engagement.comments.label')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          error={tooLong || !!postError}
          helperText={
            tooLong
              ? t('engagement.comments.tooLong', { max: COMMENT_MAX })
              : (postError ?? t('engagement.comments.counter', { count: text.length, max: COMMENT_MAX }))
          }
        />
        <Box sx={{ mt: 1 }}>
          <Button type="submit" variant="contained" disabled={posting || !text.trim() || tooLong}>
            {t('engagement.comments.post')}
          </Button>
        </Box>
      </Box>
      {error ? (
        <ErrorState message={errorMessage(error)} onRetry={() => void query.refetch()} />
      ) : !comments ? (
        <Loading />
      ) : comments.length === 0 ? (
        <EmptyState message={t('engagement.comments.empty')} />
      ) : (
        <Stack component="ol" divider={<Divider component="li" aria-hidden="true" />} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="comments">
          {comments.map((c) => {
            const name = `${c.author.firstName} ${c.author.lastName}`.trim();
            return (
              <Box component="li" key={c.id} id={`comment-${c.id}`} sx={{ display: 'flex', gap: 2, scrollMarginTop: 80 }}>
                <Avatar src={c.author.img ?? undefined} alt="" sx={{ width: 40, height: 40, bgcolor: 'primary.main', color: 'common.white' }}>
                  {initials(c.author)}
                </Avatar>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="subtitle2" component="p">
                    {name}{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      · {date(c.date)}
                    </Typography>
                  </Typography>
                  <CommentText text={c.text} />
                </Box>
                {c.author.id !== me?.id && (
                  <Box>
                    <ReportButton compact target="COMMENT" targetId={c.id} label={t('report.comment', { name })} />
                  </Box>
                )}
                {c.canDelete && (
                  <Box>
                    <IconButton aria-label={t('engagement.comments.delete', { name })} onClick={() => setConfirm(c)}>
                      <DeleteOutline />
                    </IconButton>
                  </Box>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      {comments && query.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void query.fetchNextPage()}>
          {t('engagement.comments.more')}
        </Button>
      )}
      <Dialog open={!!confirm} onClose={() => setConfirm(null)} aria-labelledby="delete-comment-title" aria-describedby="delete-comment-text">
        <DialogTitle id="delete-comment-title">{t('engagement.comments.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-comment-text">{t('engagement.comments.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} autoFocus>
            {t('engagement.comments.cancel')}
          </Button>
          <Button color="error" onClick={() => confirm && void remove(confirm)}>
            {t('engagement.comments.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
