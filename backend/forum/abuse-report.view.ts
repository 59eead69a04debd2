/**
 * What the back office's abuse queue answers (`api/rest/abuse-reports`). A view module: it imports only other view
 * modules (docs/web-shared-and-data-layer.md).
 */
import type { AbuseReason, AbuseResolution, AbuseTarget } from '../../events/abuse-vocabulary.view';
import type { Person } from '../speach/speach-card.view';

export type AbuseReportStatus = 'OPEN' | 'RESOLVED';

/** A report as the queue shows it: who reported what, with the names and texts it needs to decide. */
export interface AbuseReportRecord {
  id: string;
  createdAt: string;
  status: AbuseReportStatus;
  target: AbuseTarget;
  reason: AbuseReason;
  details: string;
  resolution: AbuseResolution | null;
  reporter: Person;
  /** The reported user, or the comment's writer or the speach's author; whether the report may deactivate them. */
  targetUser: (Person & { active: boolean; admin: boolean }) | null;
  speachTitle: string | null;
  /** The reported comment's text while it exists (null once hidden or deleted). */
  commentText: string | null;
}
