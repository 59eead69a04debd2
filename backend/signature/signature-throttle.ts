import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Clock } from '../infrastructure/clock/clock';
import { AttemptThrottle } from '../infrastructure/http/attempt-throttle';

/**
 * Signature passwords, per user only: a signer is already signed in, so the threat is a stolen
 * session guessing the password; the address adds nothing (Part 11 §11.300(d)).
 */
@Injectable()
export class SignatureThrottle extends AttemptThrottle {
  constructor(@Inject(APP_CONFIG) config: AppConfig, clock: Clock) {
    super({ perAccount: config.throttle.signaturePerAccount, perAddress: Number.MAX_SAFE_INTEGER, windowSeconds: config.throttle.windowSeconds }, clock);
  }
}
