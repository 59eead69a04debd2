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
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { CommentText } from '../engagement/CommentText';
import { useI18n } from '../i18n';
import { EmptyState, ErrorState, Loading, useToast } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { type ForumSubject, POST_MAX, type Post, type Topic, forumApi } from './forumApi';
import { flattenTopics, useForumPostChange, useOpenTopic, useTopic, useTopics } from './useForum';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const initials = (p: { firstName: string; lastName: string }) => `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase() || '?';

/**
 * The forum of a speach's page or of a learning path's page (give `speachId` or `pathId`): its topics,
 * one topic's posts at a time, new topics and replies.
 */
export function DiscussionSection({ speachId, pathId, accessCode }: { speachId?: string; pathId?: string; accessCode?: string }) {
  const subject = useMemo<ForumSubject>(() => (pathId ? { kind: 'path', id: pathId } : { kind: 'speach', id: speachId ?? '' }), [pathId, speachId]);
  const { t, date, language } = useI18n();
  const [openId, setOpenId] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);
  const [toast, show] = useToast();
  const list = useTopics(subject, accessCode);
  const topics = flattenTopics(list.data?.pages);

  const replies = (count: number) =>
    new Intl.PluralRules(language).select(count) === 'one'
      ? t('forum.repliesOne')
      : t('forum.replies', { count: new Intl.NumberFormat(language).format(count) });

  return (
    <Paper component="section" aria-labelledby="discussion-heading" sx={{ p: { xs: 2, sm: 3 } }} data-testid="discussion">
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
        <Typography id="discussion-heading" variant="h6" component="h2">
          {t('forum.heading')}
        </Typography>
        {!openId && !composing && (
          <Button variant="outlined" onClick={() => setComposing(true)}>
            {t('forum.new')}
          </Button>
        )}
      </Stack>
      {composing && (
        <NewTopic
          subject={subject}
          accessCode={accessCode}
          onCancel={() => setComposing(false)}
          onOpened={(topic) => {
            setComposing(false);
            setOpenId(topic.topicId);
          }}
        />
      )}
      {openId ? (
        <TopicView subject={subject} topicId={openId} accessCode={accessCode} show={show} onBack={() => setOpenId(null)} />
      ) : list.isError ? (
        <ErrorState message={t('forum.loadError')} onRetry={() => void list.refetch()} />
      ) : !topics ? (
        <Loading />
      ) : topics.length === 0 ? (
        !composing && <EmptyState message={t('forum.empty')} />
      ) : (
        <Stack component="ul" divider={<Divider component="li" aria-hidden="true" />} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="topics">
          {topics.map((topic) => (
            <Box component="li" key={topic.topicId}>
              <Link
                component="button"
                variant="subtitle1"
                onClick={() => setOpenId(topic.topicId)}
                aria-label={t('forum.open', { title: topic.title })}
                sx={{ textAlign: 'left' }}
              >
                {topic.title}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {fullName(topic.author)} · {date(topic.lastPostAt)} · {replies(topic.replyCount)}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
      {!openId && list.hasNextPage && (
        <Button sx={{ mt: 2 }} onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('forum.more')}
        </Button>
      )}
      {toast}
    </Paper>
  );
}

function NewTopic({
  subject,
  accessCode,
  onCancel,
  onOpened,
}: {
  subject: ForumSubject;
  accessCode?: string;
  onCancel: () => void;
  onOpened: (topic: Topic) => void;
}) {
  const { t } = useI18n();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const open = useOpenTopic(subject, accessCode);
  const error = open.isError ? errorMessage(open.error) : null;
  const sending = open.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !text.trim()) return;
    open.mutate({ title, text }, { onSuccess: onOpened });
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ mb: 3 }}>
      <TextField label={t('forum.title')} value={title} onChange={(e) => setTitle(e.target.value)} inputProps={{ maxLength: 200 }} fullWidth autoFocus />
      <TextField
        label={t('forum.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        error={!!error || text.length > POST_MAX}
        helperText={error ?? `${text.length}/${POST_MAX}`}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={sending || !title.trim() || !text.trim() || text.length > POST_MAX}>
          {t('forum.post')}
        </Button>
        <Button onClick={onCancel}>{t('forum.cancel')}</Button>
      </Stack>
    </Stack>
  );
}

function TopicView({
  subject,
  topicId,
  accessCode,
  show,
  onBack,
}: {
  subject: ForumSubject;
  topicId: string;
  accessCode?: string;
  show: ReturnType<typeof useToast>[1];
  onBack: () => void;
}) {
  const { t } = useI18n();
  const query = useTopic(topicId, accessCode);
  const topic = query.data;
  const change = useForumPostChange(subject, topicId);
  const reply = useForumPostChange(subject, topicId);
  const [text, setText] = useState('');
  const [confirm, setConfirm] = useState<Post | null>(null);
  const replyError = reply.isError ? errorMessage(reply.error) : null;

  const act = (work: () => Promise<unknown>, after?: () => void) =>
    change
      .mutateAsync({ work, closesTopic: !!after })
      .then(() => {
        show('success', t('forum.done'));
        after?.();
      })
      .catch((e: unknown) => show('error', errorMessage(e)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    reply.mutate({ work: () => forumApi.reply(topicId, text) }, { onSuccess: () => setText('') });
  };

  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!topic) return <Loading />;
  return (
    <Box>
      <Button onClick={onBack} sx={{ mb: 1 }}>
        {t('forum.back')}
      </Button>
      <Typography variant="h6" component="h3" gutterBottom>
        {topic.title}
      </Typography>
      <Stack component="ol" divider={<Divider component="li" aria-hidden="true" />} spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="posts">
        {topic.posts.result.map((post) => (
          <PostItem
            key={post.postId}
            post={post}
            canModerate={topic.canModerate}
            onEdit={(next) => act(() => forumApi.edit(topicId, post.postId, next))}
            onModerate={(action) => act(() => forumApi.moderate(topicId, post.postId, action))}
            onDelete={() => setConfirm(post)}
          />
        ))}
      </Stack>
      <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3 }}>
        <TextField
          label={t('forum.reply')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          error={!!replyError || text.length > POST_MAX}
          helperText={replyError ?? `${text.length}/${POST_MAX}`}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={reply.isPending || !text.trim() || text.length > POST_MAX}>
          {t('forum.send')}
        </Button>
      </Box>
      <Dialog open={!!confirm} onClose={() => setConfirm(null)} aria-labelledby="delete-post-title" aria-describedby="delete-post-text">
        <DialogTitle id="delete-post-title">{t('forum.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-post-text">{t('forum.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} autoFocus>
            {t('forum.cancel')}
          </Button>
          <Button
            color="error"
            onClick={() => {
              const post = confirm;
              setConfirm(null);
              if (!post) return;
              const own = post.canEdit;
              void act(
                () => (own ? forumApi.remove(topicId, post.postId) : forumApi.moderate(topicId, post.postId, 'DELETE')),
                post.opening ? onBack : undefined,
              );
            }}
          >
            {t('forum.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function PostItem({
  post,
  canModerate,
  onEdit,
  onModerate,
  onDelete,
}: {
  post: Post;
  canModerate: boolean;
  onEdit: (text: string) => Promise<void>;
  onModerate: (action: 'HIDE' | 'SHOW') => Promise<void>;
  onDelete: () => void;
}) {
  const { t, date } = useI18n();
  const [editing, setEditing] = useState<string | null>(null);
  const name = fullName(post.author);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2 }} data-testid="post">
      <Avatar src={post.author.img ?? undefined} alt="" sx={{ width: 40, height: 40, bgcolor: 'primary.main', color: 'common.white' }}>
        {initials(post.author)}
      </Avatar>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" component="p">
          {name}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            · {date(post.date)} {post.editedAt ? t('forum.edited') : ''}
          </Typography>
        </Typography>
        {editing !== null ? (
          <Stack spacing={1}>
            <TextField label={t('forum.text')} value={editing} onChange={(e) => setEditing(e.target.value)} multiline minRows={2} fullWidth />
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                disabled={!editing.trim() || editing.length > POST_MAX}
                onClick={() => void onEdit(editing).then(() => setEditing(null))}
              >
                {t('forum.save')}
              </Button>
              <Button onClick={() => setEditing(null)}>{t('forum.cancel')}</Button>
            </Stack>
          </Stack>
        ) : (
          <>
            {post.hidden && (
              <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                {post.text ? t('forum.hiddenForYou') : t('forum.hidden')}
              </Typography>
            )}
            {post.text && <CommentText text={post.text} />}
          </>
        )}
        {editing === null && (post.canEdit || post.canDelete || canModerate) && (
          <Stack direction="row" spacing={1} aria-label={t('forum.actions', { name })} role="group">
            {post.canEdit && (
              <Button size="small" onClick={() => setEditing(post.text)}>
                {t('forum.edit')}
              </Button>
            )}
            {canModerate && (
              <Button size="small" onClick={() => void onModerate(post.hidden ? 'SHOW' : 'HIDE')}>
                {t(post.hidden ? 'forum.show' : 'forum.hide')}
              </Button>
            )}
            {post.canDelete && (
              <Button size="small" color="error" onClick={onDelete}>
                {t('forum.delete')}
              </Button>
            )}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
