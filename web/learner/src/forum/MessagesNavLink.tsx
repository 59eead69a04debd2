import { Badge, Box, Button } from '@mui/material';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useI18n } from '../i18n';
import { MESSAGES_READ, messagesApi } from './forumApi';

/** The app bar's link to the messages, with the unread count (spec §5: +99 above 99), fetched again on each page change. */
export function MessagesNavLink() {
  const { t } = useI18n();
  const location = useLocation();
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    const refresh = () =>
      messagesApi.countUnread().then(
        (answer) => setUnread(answer.size),
        () => setUnread(0),
      );
    void refresh();
    // The messages page says when it marked a conversation read.
    window.addEventListener(MESSAGES_READ, refresh);
    return () => window.removeEventListener(MESSAGES_READ, refresh);
  }, [location.pathname, location.search]);
  return (
    <Button color="inherit" component={RouterLink} to="/messages">
      <Badge
        badgeContent={unread > 99 ? '+99' : unread}
        color="error"
        invisible={unread === 0}
        sx={{ '& .MuiBadge-badge': { right: -12 } }}
        slotProps={{ badge: { 'aria-hidden': true } }}
      >
        {t('messages.navNone')}
      </Badge>
      {unread > 0 && <Box component="span" sx={visuallyHidden}>{`, ${t('messages.unread', { count: unread })}`}</Box>}
    </Button>
  );
}
