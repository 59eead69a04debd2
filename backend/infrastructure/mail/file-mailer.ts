import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { uuidv7 } from '../../../events';
import { Mailer, type MailMessage } from './mailer.port';

/** Writes each message as an RFC 5322 `.eml` file, so a developer can open what would have been sent. */
export class FileMailer extends Mailer {
  readonly sent: MailMessage[] = [];

  constructor(private readonly directory: string | null) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
    if (!this.directory) return;
    await mkdir(this.directory, { recursive: true });
    const eml = [
      `To: ${message.to}`,
      'From: Speach platform <no-reply@speach.local>',
      `Subject: ${message.subject}`,
      `Date: ${new Date().toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      message.text,
      '',
    ].join('\r\n');
    await writeFile(join(this.directory, `${uuidv7()}.eml`), eml, 'utf8');
  }
}
