import { type ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import type { Role } from '../../../events';
import type { Actor } from './actor';

export const PUBLIC_KEY = 'auth:public';
export const ROLES_KEY = 'auth:roles';
export const PASSWORD_CHANGE_KEY = 'auth:allowed-during-password-change';

/** The route answers without a session (login, health, terms). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** The route stays open to a user who must change their password first (me, logout, change password). */
export const AllowDuringPasswordChange = () => SetMetadata(PASSWORD_CHANGE_KEY, true);

/** The route needs one of these roles; the server refuses others with 403 whatever the UI shows. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): Actor => context.switchToHttp().getRequest<{ user: Actor }>().user);
