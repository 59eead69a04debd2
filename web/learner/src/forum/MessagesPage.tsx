import {
  Autocomplete,
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CommentText } from '../engagement/CommentText';
import { useI18n } from '../i18n';
import { EmptyState, ErrorState, Loading } from '@speach/web-shared';
import { errorMessage } from '../speach/speachApi';
import { POST_MAX, type Person, type Thread } from './forumApi';
import { useConversations, useMarkConversationRead, usePerson, useSendMessage, useThread, useUserSearch } from './useForum';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const initials = (p: { firstName: string; lastName: string }) => `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase() || '?';

/** Private messages: the conversations with their unread counts, one thread, and a new message to a colleague found by the user search. */
export function MessagesPage() {
  const { t, date, language } = useI18n();
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const composing = !selected;
  const conversations = useConversations();
  const rows = conversations.data;
  const thread = useThread(selected);
  const markRead = useMarkConversationRead();
  const { mutate: markReadNow } = markRead;

  // A conversation opened with unread messages is marked read once its messages are on screen.
  const unreadShown = thread.data && thread.data.unread > 0 ? thread.data.conversationId : null;
  useEffect(() => {
    if (unreadShown) markReadNow(unreadShown);
  }, [unreadShown, markReadNow]);

  const opened = (answer: Thread) => setParams({ c: answer.conversationId });
  const unreadLabel = (count: number) => t('messages.unread', { count: new Intl.NumberFormat(language).format(count) });

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('messages.title')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="stretch">
        <Paper component="nav" aria-label={t('messages.title')} sx={{ width: { md: 320 }, flexShrink: 0 }}>
          <Box sx={{ p: 1 }}>
            <Button fullWidth variant={composing ? 'contained' : 'outlined'} onClick={() => setParams({})}>
              {t('messages.new')}
            </Button>
          </Box>
          {conversations.isError ? (
            <ErrorState message={errorMessage(conversations.error)} onRetry={() => void conversations.refetch()} />
          ) : !rows ? (
            <Loading />
          ) : rows.length === 0 ? (
            <Box sx={{ px: 2 }}>
              <EmptyState message={t('messages.empty')} />
            </Box>
          ) : (
            <List component="div" data-testid="conversations">
              {rows.map((row) => (
                <ListItemButton
                  key={row.conversationId}
                  selected={row.conversationId === selected}
                  onClick={() => setParams({ c: row.conversationId })}
                  aria-current={row.conversationId === selected ? 'page' : undefined}
                >
                  <ListItemAvatar>
                    <Badge badgeContent={row.unread > 99 ? '+99' : row.unread} color="error" invisible={row.unread === 0} aria-hidden="true">
                      <Avatar src={row.with.img ?? undefined} alt="" sx={{ bgcolor: 'primary.main', color: 'common.white' }}>
                        {initials(row.with)}
                      </Avatar>
                    </Badge>
                  </ListItemAvatar>
                  <ListItemText
                    primary={`${fullName(row.with)}${row.unread > 0 ? ` (${unreadLabel(row.unread)})` : ''}`}
                    secondary={`${row.lastMessage.mine ? `${t('messages.you')}: ` : ''}${row.lastMessage.text.slice(0, 60)}`}
                    primaryTypographyProps={{ fontWeight: row.unread > 0 ? 700 : 400 }}
                    secondaryTypographyProps={{ noWrap: true, color: 'text.secondary' }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
        <Paper sx={{ flexGrow: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
          {composing ? (
            <Compose initialRecipient={params.get('to')} onSent={opened} />
          ) : thread.isError ? (
            <ErrorState message={errorMessage(thread.error)} onRetry={() => void thread.refetch()} />
          ) : !thread.data ? (
            <Loading />
          ) : (
            <ThreadView thread={thread.data} onSent={opened} date={date} />
          )}
        </Paper>
      </Stack>
    </Stack>
  );
}

function ThreadView({ thread, onSent, date }: { thread: Thread; onSent: (answer: Thread) => void; date: (value: string) => string }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="thread-heading">
      <Typography id="thread-heading" variant="h6" component="h2" gutterBottom>
        {t('messages.with', { name: fullName(thread.with) })}
      </Typography>
      <Stack component="ol" spacing={2} divider={<Divider component="li" aria-hidden="true" />} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="thread">
        {thread.result.map((m) => (
          <Box component="li" key={m.messageId}>
            <Typography variant="subtitle2" component="p">
              {m.mine ? t('messages.you') : fullName(m.sender)}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                · {date(m.date)}
              </Typography>
            </Typography>
            <CommentText text={m.text} />
          </Box>
        ))}
      </Stack>
      {thread.with.active ? (
        <Writer recipientId={thread.with.id} onSent={onSent} />
      ) : (
        <Typography sx={{ mt: 2 }} color="text.secondary">
          {t('messages.inactive')}
        </Typography>
      )}
    </section>
  );
}

function Writer({ recipientId, onSent }: { recipientId: string | null; onSent: (answer: Thread) => void }) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const send = useSendMessage();
  const error = send.isError ? errorMessage(send.error) : null;
  const sending = send.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!recipientId || !text.trim()) return;
    send.mutate(
      { recipientId, text },
      {
        onSuccess: (answer) => {
          setText('');
          onSent(answer);
        },
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3 }}>
      <TextField
        label={t('messages.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={3}
        fullWidth
        error={!!error || text.length > POST_MAX}
        helperText={error ?? `${text.length}/${POST_MAX}`}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={sending || !recipientId || !text.trim() || text.length > POST_MAX}>
        {t('messages.send')}
      </Button>
    </Box>
  );
}

/** Spec §7 user search, debounced by 500 ms (spec §9), any new term cancelling the request in flight. */
function Compose({ initialRecipient, onSent }: { initialRecipient: string | null; onSent: (answer: Thread) => void }) {
  const { t } = useI18n();
  const [term, setTerm] = useState('');
  // From a profile's "Send a message" the recipient comes chosen; the user may change it.
  const [picked, setPicked] = useState<Person | null | undefined>(undefined);
  const preset = usePerson(initialRecipient);
  const recipient = picked === undefined ? (preset.data ?? null) : picked;
  const found = useUserSearch(term).data;
  const options = term.trim() ? (found ?? []) : [];
  return (
    <section aria-labelledby="compose-heading">
      <Typography id="compose-heading" variant="h6" component="h2" gutterBottom>
        {t('messages.new')}
      </Typography>
      <Autocomplete
        options={options}
        value={recipient}
        onChange={(_e, value) => setPicked(value)}
        onInputChange={(_e, value) => setTerm(value)}
        filterOptions={(x) => x}
        getOptionLabel={(p) => (p.firstName || p.lastName ? `${fullName(p)}${p.email ? ` <${p.email}>` : ''}` : p.id)}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        noOptionsText={t('messages.noUser')}
        renderInput={(params) => <TextField {...params} label={t('messages.to')} placeholder={t('messages.search')} />}
      />
      <Writer recipientId={recipient?.id ?? null} onSent={onSent} />
    </section>
  );
}
