export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing e-mail. Embedded default: `.eml` files under DATA_DIR/mail; SMTP in production (later issue). */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;
}
