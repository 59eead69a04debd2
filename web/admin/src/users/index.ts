import PeopleIcon from '@mui/icons-material/People';
import { UserCreate } from './UserCreate';
import { UserList } from './UserList';

export default {
  list: UserList,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`,
};
