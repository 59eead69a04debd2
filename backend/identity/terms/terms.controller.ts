import { Body, Controller, Get, HttpCode, Param, ParseEnumPipe, Put, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { TermsDocument } from '../../../events';
import { NotFoundError } from '../../infrastructure/decider/decider';
import { AllowDuringPasswordChange, CurrentUser, Public, Roles } from '../../infrastructure/http/auth.decorators';
import type { Actor } from '../../infrastructure/http/actor';
import { TermsService } from './terms.service';
import { ChangesState } from '../../infrastructure/http/csrf';
import { TermsBody } from './terms.dto';

/**
 * Spec §7 "Footer, statement, terms": `/gcu/getGcu` and `/pdp/getPdp` answer the HTML of the
 * version in force (public: the footer links to it); `/gcu/acceptGcu` and `/pdp/acceptPdp` are the
 * navigations of the accept buttons: they record the acceptance and go back home.
 */
@Controller()
export class TermsController {
  constructor(private readonly terms: TermsService) {}

  @Public()
  @Get('gcu/getGcu')
  getGcu(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.html('GCU', reply);
  }

  @Public()
  @Get('pdp/getPdp')
  getPdp(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.html('PDP', reply);
  }

  @AllowDuringPasswordChange()
  @Get('gcu/acceptGcu')
  @ChangesState()
  async acceptGcu(@CurrentUser() user: Actor, @Res() reply: FastifyReply) {
    await this.terms.accept(user.id, 'GCU');
    return reply.redirect('/', 303);
  }

  @AllowDuringPasswordChange()
  @Get('pdp/acceptPdp')
  @ChangesState()
  async acceptPdp(@CurrentUser() user: Actor, @Res() reply: FastifyReply) {
    await this.terms.accept(user.id, 'PDP');
    return reply.redirect('/', 303);
  }

  /** Publishing a new version asks every user to accept it again. */
  @Roles('ADMIN')
  @Put('api/v2/admin/terms/:document')
  @HttpCode(204)
  async publish(@Param('document', new ParseEnumPipe(['GCU', 'PDP'])) document: TermsDocument, @Body() body: TermsBody): Promise<void> {
    await this.terms.publish(document, body.content);
  }

  private async html(document: TermsDocument, reply: FastifyReply): Promise<string> {
    const current = await this.terms.current(document);
    if (!current) throw new NotFoundError('No terms are published.');
    void reply.type('text/html; charset=utf-8').header('x-terms-version', String(current.version));
    return current.html;
  }
}
