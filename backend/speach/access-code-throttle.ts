import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../infrastructure/clock/clock';
import { AttemptThrottle } from '../infrastructure/http/attempt-throttle';

/** Access codes of private speaches, per user and per client address (codes are short: guessing is the threat). */
@Injectable()
export class AccessCodeThrottle extends AttemptThrottle {
  constructor(@Inject(APP_CONFIG) config: AppConfig, clock: Clock) {
    super(
      { perAccount: config.throttle.accessCodePerAccount, perAddress: config.throttle.accessCodePerAddress, windowSeconds: config.throttle.windowSeconds },
      clock,
    );
  }
}
