import { Datagrid, DateField, List, TextField, TextInput } from 'react-admin';

const filters = [<TextInput key="to" source="to" label="admin.mailbox.to" alwaysOn />];

/** The dev mailbox (issue 19): what the embedded mailer wrote, newest first; filtered on the recipient. */
export function MailList() {
  return (
    <List filters={filters} sort={{ field: 'date', order: 'DESC' }} title="admin.mailbox.title" empty={false}>
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateField source="date" label="admin.mailbox.date" showTime />
        <TextField source="to" label="admin.mailbox.to" />
        <TextField source="subject" label="admin.mailbox.subject" />
      </Datagrid>
    </List>
  );
}
