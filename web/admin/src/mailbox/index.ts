import MailIcon from '@mui/icons-material/MarkEmailRead';
import { MailList } from './MailList';
import { MailShow } from './MailShow';

/** The dev mailbox (issue 19): the embedded mailer's messages, read-only. */
export default { list: MailList, show: MailShow, icon: MailIcon };
