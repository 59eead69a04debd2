import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { ValidationError } from '../infrastructure/decider/decider';
import { Public, Roles } from '../infrastructure/http/auth.decorators';
import { SiteCommands } from './site-commands.service';
import { SiteSettings } from './site-settings.service';
import { StatementBody } from './site.dto';

function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('body', 'body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Spec §7 "Footer, statement, terms" and the two flag calls of "Dashboard and account"; the admin settings calls. */
@Controller()
export class SiteController {
  constructor(
    private readonly site: SiteCommands,
    private readonly settings: SiteSettings,
  ) {}

  @Get('api/v2/comments/enabled')
  async commentsEnabled(): Promise<boolean> {
    return (await this.settings.flags()).commentsEnabled;
  }

  @Get('api/v2/workflow/enable')
  async workflowEnabled(): Promise<boolean> {
    return (await this.settings.flags()).workflowEnabled;
  }

  @Roles('ADMIN')
  @Get('api/v2/admin/site/flags')
  flags() {
    return this.site.flagsView();
  }

  @Roles('ADMIN')
  @Put('api/v2/admin/site/flags')
  changeFlags(@Body() body: unknown) {
    return this.site.changeFlags(asObject(body));
  }

  /** Public: the footer shows on the login page too. */
  @Public()
  @Get('api/v2/footer')
  footer() {
    return this.site.footer();
  }

  @Roles('ADMIN')
  @Put('api/v2/admin/site/footer')
  changeFooter(@Body() body: unknown) {
    const object = asObject(body);
    for (const key of Object.keys(object)) {
      if (key !== 'isEnabled' && key !== 'items') throw new ValidationError(key, `property ${key} should not exist`);
    }
    return this.site.changeFooter(object);
  }

  /** Public: the footer links to it from the login page. */
  @Public()
  @Get('api/v2/accessibility-data')
  statement() {
    return this.site.statement();
  }

  @Roles('ADMIN')
  @Post('api/v2/accessibility-data')
  publishStatement(@Body() body: StatementBody) {
    return this.site.publishStatement(body.statement);
  }

  @Roles('ADMIN')
  @Put('api/v2/accessibility-data/:id')
  changeStatement(@Param('id') id: string, @Body() body: StatementBody) {
    return this.site.changeStatement(id, body.statement);
  }
}
