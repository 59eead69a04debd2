import { Box, Typography } from '@mui/material';
import { DateField, Labeled, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import type { HeldMail } from './mailboxProvider';

function Headers() {
  const record = useRecordContext<HeldMail>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Labeled label="admin.mailbox.headers">
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, fontSize: 13 }}
        aria-label={translate('admin.mailbox.headers')}
      >
        {Object.entries(record.headers).map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {name}
            </Box>
            <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Labeled>
  );
}

function Body() {
  const record = useRecordContext<HeldMail>();
  if (!record) return null;
  return (
    <Labeled label="admin.mailbox.text">
      <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 13, m: 0 }}>
        {record.text}
      </Typography>
    </Labeled>
  );
}

/** One held mail: its headers (List-Unsubscribe among them) and its text part. */
export function MailShow() {
  return (
    <Show title="admin.mailbox.title">
      <SimpleShowLayout>
        <TextField source="subject" label="admin.mailbox.subject" />
        <TextField source="to" label="admin.mailbox.to" />
        <DateField source="date" label="admin.mailbox.date" showTime />
        <Headers />
        <Body />
      </SimpleShowLayout>
    </Show>
  );
}
