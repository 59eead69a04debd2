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
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { COMMENT_MAX, formatAverage } from './comment-text';
import { CommentText } from './CommentText';
import { COMMENTS_PAGE, type Engagement, type SpeachComment, engagementApi } from './engagementApi';
import { StarRating } from './StarRating';
import { ReportButton } from '../forum/ReportButton';
import { useAuth } from '../auth/AuthContext';

function initials(p: { firstName: string; lastName: string }): string {
  return `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase() || '?';
}

/** The engagement bar of the published speach page: bookmark, follow, rating; then the comments. */
export function EngagementSection({ speachId, accessCode }: { speachId: string; accessCode?: string }) {
  const { t, language } = useI18n();
  const [summary, setSummary] = useState<Engagement | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [toast, show] = useToast();

  const load = useCallback(async () => {
    setError(null);
    try {
      setSummary(await engagementApi.summary(speachId, accessCode));
    } catch (e) {
      setError(e);
    }
  }, [speachId, accessCode]);
  useEffect(() => {
    void load();
  }, [load]);

  if (error) return <ErrorState message={t('engagement.loadError')} onRetry={() => void load()} />;
  if (!summary) return <Loading />;

  /** Spec §4: the bookmark toggles at once, then calls the server; a failure rolls it back with a toast. */
  const toggleBookmark = async () => {
    const before = summary.isFavori;
    setSummary((s) => (s ? { ...s, isFavori: !before } : s));
    try {
      const { isFavori } = await engagementApi.toggleBookmark(speachId);
      setSummary((s) => (s ? { ...s, isFavori } : s));
    } catch {
      setSummary((s) => (s ? { ...s, isFavori: before } : s));
      show('error', t('engagement.bookmark.failed'));
    }
  };
  const toggleFollow = async () => {
    const before = summary.isFollowed;
    setSummary((s) => (s ? { ...s, isFollowed: !before } : s));
    try {
      setSummary(await engagementApi.follow(speachId, !before));
    } catch {
      setSummary((s) => (s ? { ...s, isFollowed: before } : s));
      show('error', t('engagement.follow.failed'));
    }
  };
  const rate = async (value: number) => {
    const before = summary.rating;
    setSummary((s) => (s ? { ...s, rating: { ...s.rating, mine: value } } : s));
    try {
      setSummary(await engagementApi.rate(speachId, value));
      show('success', t('engagement.rating.saved'));
    } catch (e) {
      setSummary((s) => (s ? { ...s, rating: before } : s));
      show('error', `${t('engagement.rating.failed')} ${errorMessage(e)}`);
    }
  };

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
              onClick={() => void toggleBookmark()}
            >
              {t(summary.isFavori ? 'engagement.bookmark.remove' : 'engagement.bookmark.add')}
            </Button>
            {summary.canFollow && (
              <Button
                variant={summary.isFollowed ? 'contained' : 'outlined'}
                aria-pressed={summary.isFollowed}
                startIcon={summary.isFollowed ? <NotificationsActive /> : <NotificationsNone />}
                onClick={() => void toggleFollow()}
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
              <StarRating value={rating.mine} label={t('engagement.rating.label')} onChange={(v) => void rate(v)} />
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
      {summary.commentsEnabled && (
        <Comments
          speachId={speachId}
          accessCode={accessCode}
          count={summary.commentCount}
          onCount={(commentCount) => setSummary((s) => (s ? { ...s, commentCount } : s))}
          show={show}
        />
      )}
      {toast}
    </Stack>
  );
}

function Comments({
  speachId,
  accessCode,
  count,
  onCount,
  show,
}: {
  speachId: string;
  accessCode?: string;
  count: number;
  onCount: (n: number) => void;
  show: ReturnType<typeof useToast>[1];
}) {
  const { t, date } = useI18n();
  const { me } = useAuth();
  const [comments, setComments] = useState<SpeachComment[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  const [postError, setPostError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<SpeachComment | null>(null);

  const load = useCallback(
    async (page = 0) => {
      setError(null);
      try {
        const answer = await engagementApi.comments(speachId, page, accessCode);
        setComments((prev) => (page === 0 || !prev ? answer.result : [...prev, ...answer.result.filter((c) => !prev.some((p) => p.id === c.id))]));
        setTotal(answer.total);
        onCount(answer.total);
      } catch (e) {
        setError(e);
      }
    },
    // onCount only updates the parent's count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [speachId, accessCode],
  );
  useEffect(() => {
    void load(0);
  }, [load]);

  const tooLong = text.length > COMMENT_MAX;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || tooLong) return;
    setPosting(true);
    setPostError(null);
    try {
      await engagementApi.postComment(speachId, text);
      setText('');
      await load(0);
    } catch (e) {
      setPostError(errorMessage(e));
    } finally {
      setPosting(false);
    }
  };
  const remove = async (comment: SpeachComment) => {
    setConfirm(null);
    try {
      await engagementApi.deleteComment(speachId, comment.id);
      show('success', t('engagement.comments.deleted'));
      await load(0);
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
        <ErrorState message={errorMessage(error)} onRetry={() => void load(0)} />
      ) : !comments ? (
        <Loading />
      ) : comments.length === 0 ? (
        <Typography color="text.secondary">{t('engagement.comments.empty')}</Typography>
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
      {comments && comments.length < total && (
        <Button sx={{ mt: 2 }} onClick={() => void load(Math.floor(comments.length / COMMENTS_PAGE))}>
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
