/**
 * What the dev mailbox call answers (issue 19, for operators and tests). A view module: it imports only other view
 * modules (docs/web-shared-and-data-layer.md).
 */

/** A message the embedded mailer holds, without its HTML part. */
export interface HeldMailView {
  id: string;
  to: string;
  subject: string;
  date: string;
  headers: Record<string, string>;
  text: string;
}

/** `GET api/v2/admin/mail/messages`: the held messages, to one recipient when `to` is given. */
export interface HeldMailPage {
  result: HeldMailView[];
  total: number;
}
