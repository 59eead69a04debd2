import type { Transporter } from 'nodemailer';
import { Mailer, type MailMessage } from './mailer.port';

/**
 * SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@host:587 or smtps://…). The message id
 * becomes the Message-ID, so a mail sent again after a crash carries the same one (receiving servers
 * and clients may drop the duplicate; SMTP itself cannot be asked whether it already got a message).
 */
export class SmtpMailer extends Mailer {
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {
    super();
  }

  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport(this.url));
    return this.transport;
  }

  async send(message: MailMessage): Promise<void> {
    const transport = await this.transporter();
    await transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
      date: message.date ? new Date(message.date) : undefined,
      messageId: message.id ? `<${message.id}@speach.local>` : undefined,
    });
  }
}
