import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Public } from '../../infrastructure/http/auth.decorators';
import { SetPasswordBody } from './set-password.dto';
import { SetPasswordService } from './set-password.service';

@Controller('api/auth')
export class SetPasswordController {
  constructor(private readonly service: SetPasswordService) {}

  /** The set-password page's call (issue 19): 204, then the user signs in with the new password; 410 for a spent or expired link. */
  @Public()
  @Post('set-password')
  @HttpCode(204)
  async setPassword(@Body() body: SetPasswordBody): Promise<void> {
    await this.service.setPassword(body.token, body.password);
  }
}
