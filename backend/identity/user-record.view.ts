/**
 * A user as the back office's `users` resource answers it (`/api/rest/users`, ra-data-simple-rest). A view module:
 * it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { Role } from '../../events/user-vocabulary.view';

/** One row of the users list and the record the edit form loads. */
export interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  img: string | null;
  roles: Role[];
  groupIds: string[];
  customFieldValues: Record<string, string>;
  active: boolean;
  mustChangePassword: boolean;
  createdAt: string;
  lastActiveAt: string | null;
}
