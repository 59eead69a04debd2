import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { derivedKey, resolveAuditKey } from '../config/audit-key';
import { Clock } from '../infrastructure/clock/clock';

/** Long enough to watch a chapter (the player reloads the list, and so the token, when it opens a chapter again). */
export const CHAPTER_TOKEN_TTL_SECONDS = 4 * 3600;

/**
 * Short-lived signed tokens for a chapter's text tracks: `<track src>` sends no bearer token, so the token
 * says "SpeachAccess let a viewer read this chapter, until then". It opens this chapter's subtitles and
 * transcript only; `{expires}.{hmac}` over the chapter id and the expiry.
 */
@Injectable()
export class ChapterTokens {
  private key: Buffer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  issue(chapterId: string): string {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    // Rounded up to the hour: the same reader gets the same URLs within the hour, so the browser cache works.
    const expires = Math.ceil((now + CHAPTER_TOKEN_TTL_SECONDS) / 3600) * 3600;
    return `${expires}.${this.sign(chapterId, expires)}`;
  }

  verify(chapterId: string, token: unknown): boolean {
    const m = typeof token === 'string' ? /^(\d{1,12})\.([0-9a-f]{64})$/.exec(token) : null;
    if (!m || Number(m[1]) * 1000 <= this.clock.now().getTime()) return false;
    return timingSafeEqual(Buffer.from(this.sign(chapterId, Number(m[1])), 'hex'), Buffer.from(m[2], 'hex'));
  }

  private sign(chapterId: string, expires: number): string {
    this.key ??= derivedKey(resolveAuditKey(this.config), 'chapter-text-tracks');
    return createHmac('sha256', this.key).update(`${chapterId}\n${expires}`).digest('hex');
  }
}
