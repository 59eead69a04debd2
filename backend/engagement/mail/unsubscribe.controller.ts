import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../infrastructure/http/auth.decorators';
import { ForbiddenError, ValidationError } from '../../infrastructure/decider/decider';
import { AcceptsForm } from '../../infrastructure/http/csrf';
import { NotificationsService } from '../notifications.service';
import { UnsubscribeLinks } from './unsubscribe-links';

function signed(links: UnsubscribeLinks, source: Record<string, unknown>): string {
  const user = source.user;
  const sig = source.sig;
  if (typeof user !== 'string' || !user) throw new ValidationError('user', 'user is required');
  if (typeof sig !== 'string' || !sig) throw new ValidationError('sig', 'sig is required');
  if (!links.verify(user, sig)) throw new ForbiddenError('This unsubscribe link is not valid.');
  return user;
}

/**
 * The unsubscribe link of every mail (List-Unsubscribe, RFC 8058): a POST (the mail provider's one-click,
 * or the success page) sets the user's mail frequency to NONE; a GET (a person clicking the link) only
 * leads to the success page, which posts: link scanners that follow GETs unsubscribe nobody.
 */
@Controller('api/v2/mail')
export class UnsubscribeController {
  constructor(
    private readonly links: UnsubscribeLinks,
    private readonly notifications: NotificationsService,
  ) {}

  @Post('unsubscribe')
  @Public()
  @AcceptsForm()
  @HttpCode(200)
  unsubscribe(@Req() request: FastifyRequest) {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    return this.notifications.unsubscribe(signed(this.links, { user: query.user ?? body.user, sig: query.sig ?? body.sig }));
  }

  @Get('unsubscribe')
  @Public()
  landing(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const user = signed(this.links, query);
    return reply.redirect(`/unsubscribe-success?${new URLSearchParams({ user, sig: String(query.sig) })}`, 303);
  }
}
