import { Box, Button, Collapse, Typography } from '@mui/material';
import HelpOutline from '@mui/icons-material/HelpOutline';
import { useId, useState } from 'react';
import { type MessageKey, useI18n } from '../i18n';
import type { AppNotification } from './notificationsApi';

/** "Why did I get this?" (issue 19): the rule that chose the user, the event behind it and the preference that let it through, on demand. */
export function WhyNotification({ notification }: { notification: AppNotification }) {
  const { t, date } = useI18n();
  const [open, setOpen] = useState(false);
  const id = useId();
  const reason = notification.reason;
  const ruleKey = `why.rule.${reason?.rule}` as MessageKey;
  const rule = reason ? (t(ruleKey) === ruleKey ? t('why.rule.recipient') : t(ruleKey)) : null;
  return (
    <Box sx={{ pl: 9, pr: 2, pb: 0.5 }}>
      <Button
        size="small"
        startIcon={<HelpOutline fontSize="small" />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        sx={{ textTransform: 'none', p: 0, minWidth: 0 }}
      >
        {open ? t('why.hide') : t('why.show')}
      </Button>
      <Collapse in={open} id={id} data-testid="notification-why">
        {reason ? (
          <Typography variant="body2" color="text.secondary" component="div">
            <Box component="p" sx={{ m: 0 }}>
              {rule}
            </Box>
            <Box component="p" sx={{ m: 0 }}>
              {t('why.event', { event: reason.eventType, date: date(notification.date) })}
            </Box>
            <Box component="p" sx={{ m: 0 }}>
              {t('why.preference', { type: t(`notifications.type.${reason.preference}` as MessageKey) })}
            </Box>
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('why.unknown')}
          </Typography>
        )}
      </Collapse>
    </Box>
  );
}
