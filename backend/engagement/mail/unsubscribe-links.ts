import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed unsubscribe link of a user's mails (RFC 8058 one-click): `?user={id}&sig={hmac}`, an
 * HMAC-SHA256 of the user id under a key from the configuration. Only the platform can make one, so a
 * link unsubscribes the user it was mailed to and nobody else. It does not expire: an old mail's link
 * must keep working.
 */
export class UnsubscribeLinks {
  constructor(
    private readonly key: Buffer,
    private readonly publicUrl: string,
  ) {}

  signature(userId: string): string {
    return createHmac('sha256', this.key).update(`unsubscribe:${userId}`).digest('base64url');
  }

  verify(userId: string, signature: string): boolean {
    const expected = Buffer.from(this.signature(userId));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The API address the List-Unsubscribe header names (POST unsubscribes; GET leads to the success page). */
  url(userId: string): string {
    return `${this.publicUrl}/api/v2/mail/unsubscribe?${new URLSearchParams({ user: userId, sig: this.signature(userId) })}`;
  }

  /** The headers of every mail to this user. */
  headers(userId: string): Record<string, string> {
    return { 'List-Unsubscribe': `<${this.url(userId)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  }
}
