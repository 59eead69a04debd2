import FactCheckIcon from '@mui/icons-material/FactCheck';
import { AuditList } from './AuditList';
import { SpeachAudit } from './SpeachAudit';

/** The auditor's screens (issue #6): a resource so the menu, the access rules and the routes come with it. */
export default { list: AuditList, show: SpeachAudit, icon: FactCheckIcon };
