import { type ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import type { Role } from '../../../events';
import type { AuthenticatedUser } from './authenticated-user';

export const PUBLIC_KEY = 'auth:public';
export const ROLES_KEY = 'auth:roles';

/** The route answers without a session (login, health, terms). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/** The route needs one of these roles; the server refuses others with 403 whatever the UI shows. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser => context.switchToHttp().getRequest<{ user: AuthenticatedUser }>().user,
);
