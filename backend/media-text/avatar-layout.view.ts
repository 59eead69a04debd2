/**
 * What the learner's avatar layout call answers (spec §3 AI enumerations). A view module: it imports only other view
 * modules (docs/web-shared-and-data-layer.md).
 */
import type { AvatarLayout } from '../../events/avatar-layout-vocabulary.view';

export type { AvatarLayout } from '../../events/avatar-layout-vocabulary.view';

/** `GET`/`PUT api/v2/learner/avatar-layout`: the learner's layout, every spec layout with whether it can be rendered here, and why not. */
export interface AvatarLayoutView {
  layout: AvatarLayout;
  layouts: { code: AvatarLayout; enabled: boolean }[];
  reason: string | null;
}
