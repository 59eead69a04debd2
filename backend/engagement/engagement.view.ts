/**
 * What the rating, follow and comment calls answer (docs/engagement-api.md). A view module: it imports only other
 * view modules (docs/web-shared-and-data-layer.md).
 */
import type { Person } from '../speach/speach-card.view';

/** `GET /api/v2/speach/{id}/engagement`, and the answer of rating and following. */
export interface EngagementView {
  speachID: string;
  rating: { average: number | null; count: number; mine: number | null; editable: boolean };
  isFollowed: boolean;
  isFavori: boolean;
  canFollow: boolean;
  commentsEnabled: boolean;
  commentCount: number;
}

/** One comment, with its writer; `canDelete` for the viewer. */
export interface CommentView {
  id: string;
  commentId: string;
  speachID: string;
  text: string;
  date: string;
  timestamp: number;
  author: Person;
  canDelete: boolean;
}

/** `GET /api/v2/speach/{id}/comments`: newest first. */
export interface CommentPage {
  result: CommentView[];
  total: number;
}
