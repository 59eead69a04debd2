import type { HeldMailView } from './held-mail.view';

export interface MailMessage {
  /**
   * The message's id. A policy derives it from what the mail is about (the digest's user and period),
   * so sending it again is harmless: the embedded mailer keeps one file per id, SMTP gets the same Message-ID.
   */
  id?: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative of `text`, when there is one. */
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** ISO date-time the sender gives (the Clock port's time); now otherwise. */
  date?: string;
}

/** A message as the embedded mailer holds it: the data of the dev mailbox. */
export interface HeldMail extends HeldMailView {
  html: string | null;
}

/** Outgoing e-mail. Embedded default: `.eml` files under DATA_DIR/mail; SMTP through nodemailer when SMTP_URL is set. */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
  /** The messages this mailer holds, newest first (an SMTP mailer hands them over and holds none). */
  async held(): Promise<HeldMail[]> {
    return [];
  }
}
