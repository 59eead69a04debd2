import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { FileMailer } from './file-mailer';
import type { Mailer } from './mailer.port';
import { SmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set; the embedded default writes `.eml` files under DATA_DIR/mail. */
export function createMailer(config: AppConfig): Mailer {
  return config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : new FileMailer(join(config.dataDir, 'mail'), config.mail.from);
}
