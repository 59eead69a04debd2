import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { AllowDuringPasswordChange, CurrentUser, Public } from '../../infrastructure/http/auth.decorators';
import { AuthService, type MeResponse } from './auth.service';
import type { Actor } from '../../infrastructure/http/actor';
import { ChangePasswordDto, LoginDto } from './login.dto';
import { SESSION_COOKIE, tokenFromRequest } from './session-token';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: LoginDto,
    @Req() request: FastifyRequest & { cookies?: Record<string, string | undefined> },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ user: MeResponse; token: string }> {
    const previousToken = tokenFromRequest(request.headers, request.cookies);
    const { token, user, expiresAt } = await this.auth.login(body.email, body.password, { address: request.ip ?? null, previousToken });
    // The web apps carry the session in this cookie only; `token` is for API clients (Authorization: Bearer).
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      // Strict: no cross-site request carries the session (the only framed page, /play-embedded, is framed by our own back office).
      sameSite: 'strict',
      secure: this.config.cookieSecure,
      path: '/',
      expires: expiresAt,
    });
    return { user, token };
  }

  @AllowDuringPasswordChange()
  @Post('logout')
  @HttpCode(204)
  async logout(@CurrentUser() user: Actor, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.auth.logout(user);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  @AllowDuringPasswordChange()
  @Get('me')
  me(@CurrentUser() user: Actor): Promise<MeResponse> {
    return this.auth.meById(user.id);
  }

  /** The user's own password change (the forced-change screen uses it too). */
  @AllowDuringPasswordChange()
  @Post('change-password')
  @HttpCode(204)
  async changePassword(@CurrentUser() user: Actor, @Body() body: ChangePasswordDto, @Req() request: FastifyRequest): Promise<void> {
    await this.auth.changePassword(user, body.currentPassword, body.newPassword, request.ip ?? null);
  }
}
