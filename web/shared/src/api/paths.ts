/** Learning paths (docs/learning-paths.md), as the server declares them (backend/paths/path.view.ts): types only. */
import type { PathState } from '../../../../backend/paths/path.view';
import { listOf } from './vocabulary';

export type {
  AdminPathRow,
  AssignedPathView,
  EditedPathView,
  PathGroupView,
  PathPerson,
  PathProgressView,
  PathSearchResultView,
  PathState,
  PathView,
  SpeachInPath,
} from '../../../../backend/paths/path.view';

export const PATH_STATES = listOf<PathState>()(['PUBLIE', 'NON_PUBLIE', 'ARCHIVE']);
