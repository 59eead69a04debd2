/**
 * What the dev mailbox call answers (issue 19, for operators and tests). A view module: it imports only other view
 * modules (docs/web-shared-and-data-layer.md).
 */

import type { HeldMailView } from '../../infrastructure/mail/held-mail.view';

export type { HeldMailView };

/** `GET api/v2/admin/mail/messages`: the held messages, to one recipient when `to` is given. */
export interface HeldMailPage {
  result: HeldMailView[];
  total: number;
}
