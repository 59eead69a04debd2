import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { derivedKey, resolveAuditKey } from '../config/audit-key';
import { Clock } from '../infrastructure/clock/clock';

/** How long a file URL handed to a reader stays valid: long enough to watch a long video with range requests. */
export const FILE_URL_TTL_SECONDS = 4 * 3600;
/** Expiries are rounded up to the hour so the same reader gets the same URL (and the browser cache works) within the hour. */
const ROUNDING_SECONDS = 3600;

export interface FileRef {
  blobId: string;
  mimeType: string;
}

/**
 * Short-lived signed URLs for a speach's files: `<video src>` and PDF frames cannot send a bearer
 * token, so the URL itself says "SpeachAccess let this viewer read this speach, until then". The
 * signature covers the blob, its speach and the expiry, so it opens no other file and no other speach.
 */
@Injectable()
export class FileUrls {
  private key: Buffer | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  url(speachId: string, file: FileRef): string {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const expires = Math.ceil((now + FILE_URL_TTL_SECONDS) / ROUNDING_SECONDS) * ROUNDING_SECONDS;
    const query = new URLSearchParams({ speach: speachId, type: file.mimeType, expires: String(expires), sig: this.sign(file.blobId, speachId, expires) });
    return `/blob/${file.blobId}?${query.toString()}`;
  }

  /** A URL's signature holds when it was made here for this blob and speach and has not expired. */
  verify(blobId: string, speachId: string, expires: unknown, signature: unknown): boolean {
    if (typeof expires !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
    if (Number(expires) * 1000 <= this.clock.now().getTime()) return false;
    return timingSafeEqual(Buffer.from(this.sign(blobId, speachId, Number(expires)), 'hex'), Buffer.from(signature, 'hex'));
  }

  private sign(blobId: string, speachId: string, expires: number): string {
    this.key ??= derivedKey(resolveAuditKey(this.config), 'file-urls');
    return createHmac('sha256', this.key).update(`${blobId}\n${speachId}\n${expires}`).digest('hex');
  }
}
