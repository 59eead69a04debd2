import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { derivedKey, resolveAuditKey } from '../../config/audit-key';
import { UnsubscribeLinks } from './unsubscribe-links';

/** MAIL_LINK_KEY, or a key derived from the audit key (as the signed file URLs are). */
export const unsubscribeLinksProvider: Provider = {
  provide: UnsubscribeLinks,
  useFactory: (config: AppConfig) =>
    new UnsubscribeLinks(
      config.mail.linkKey ? Buffer.from(config.mail.linkKey, 'utf8') : derivedKey(resolveAuditKey(config), 'mail-unsubscribe'),
      config.mail.publicUrl,
    ),
  inject: [APP_CONFIG],
};
