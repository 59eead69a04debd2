import { Badge, Box, Button } from '@mui/material';

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useI18n } from '../i18n';
import { messagesKeys, useUnreadMessages } from './useForum';

/** The app bar's link to the messages, with the unread count (spec §5: +99 above 99), fetched again on each page change. */
export function MessagesNavLink() {
  const { t } = useI18n();
  const location = useLocation();
  const client = useQueryClient();
  const unread = useUnreadMessages().data ?? 0;
  // Messages arrive from others without telling this page: each navigation reads the count again.
  const page = `${location.pathname}${location.search}`;
  const first = useRef(page);
  useEffect(() => {
    if (page !== first.current) void client.invalidateQueries({ queryKey: messagesKeys.unread });
  }, [page, client]);
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
