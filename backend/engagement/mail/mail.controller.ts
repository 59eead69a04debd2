import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Roles } from '../../infrastructure/http/auth.decorators';
import { Mailer } from '../../infrastructure/mail/mailer.port';
import { MailDigestPolicy } from './mail-digest.policy';
import { MailMessagesQuery, RunDigestsBody } from './mail.dto';
import type { HeldMailPage } from './mail.view';

/** Issue 19 item 2, for operators and tests: run the digests as of an instant, and read the embedded mailer (the dev mailbox). */
@Controller('api/v2/admin/mail')
@Roles('ADMIN')
export class MailAdminController {
  constructor(
    private readonly digests: MailDigestPolicy,
    private readonly mailer: Mailer,
  ) {}

  /** Idempotent per period: a second run for the same period sends nothing (each digest has a deterministic id). */
  @Post('run-digests')
  @HttpCode(200)
  async runDigests(@Body() body: RunDigestsBody) {
    const at = new Date(body.at);
    return { at: at.toISOString(), sent: await this.digests.runAt(at) };
  }

  @Get('messages')
  async messages(@Query() query: MailMessagesQuery): Promise<HeldMailPage> {
    const to = query.to?.trim().toLowerCase();
    const held = (await this.mailer.held()).filter((m) => !to || m.to.toLowerCase() === to);
    return {
      result: held.map(({ id, to: recipient, subject, date, headers, text }) => ({ id, to: recipient, subject, date, headers, text })),
      total: held.length,
    };
  }
}
