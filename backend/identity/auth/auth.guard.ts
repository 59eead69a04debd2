import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Role } from '../../../events';
import { PASSWORD_CHANGE_KEY, PUBLIC_KEY, ROLES_KEY } from '../../infrastructure/http/auth.decorators';
import { AuthService } from './auth.service';
import type { Actor } from '../../infrastructure/http/actor';
import { tokenFromRequest } from './session-token';

/**
 * Every route needs a live session unless marked @Public; @Roles narrows it further. A missing or
 * dead session answers 401 with the session-expired marker the web apps turn into
 * /login?disconnected=true. A user whose password change is forced reaches only the routes marked
 * @AllowDuringPasswordChange until they choose a new one.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: Actor; cookies?: Record<string, string | undefined> }>();
    const token = tokenFromRequest(request.headers, request.cookies);
    const user = token ? await this.auth.authenticate(token) : null;
    if (user) request.user = user;

    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;
    if (!user) {
      throw new UnauthorizedException({ message: 'Your session has expired, please log in again.', sessionExpired: true });
    }
    if (user.mustChangePassword && !this.reflector.getAllAndOverride<boolean>(PASSWORD_CHANGE_KEY, targets)) {
      throw new ForbiddenException({ message: 'You must choose a new password first.', passwordChangeRequired: true });
    }
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (roles?.length && !roles.some((role) => user.roles.includes(role))) {
      throw new ForbiddenException({ message: 'You are not allowed to do this.' });
    }
    return true;
  }
}
