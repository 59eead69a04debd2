import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Clock } from '../../infrastructure/clock/clock';
import { AttemptThrottle } from '../../infrastructure/http/attempt-throttle';

/** Password attempts (login, own password change), per e-mail and per client address. */
@Injectable()
export class LoginThrottle extends AttemptThrottle {
  constructor(@Inject(APP_CONFIG) config: AppConfig, clock: Clock) {
    super({ perAccount: config.throttle.loginPerAccount, perAddress: config.throttle.loginPerAddress, windowSeconds: config.throttle.windowSeconds }, clock);
  }
}
