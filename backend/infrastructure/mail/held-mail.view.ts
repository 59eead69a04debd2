/**
 * A message the embedded mailer holds, as the dev mailbox answers it (without its HTML part). A view module: the
 * mailer port's `HeldMail` adds the HTML to it, so the port and the answer keep one field list.
 */
export interface HeldMailView {
  id: string;
  to: string;
  subject: string;
  date: string;
  headers: Record<string, string>;
  text: string;
}
