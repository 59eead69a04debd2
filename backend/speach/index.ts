/**
 * The speach context's public face for its read models: other contexts reach the speach documents
 * and their collections through here, not through the projection's file.
 */
export {
  BOOKMARKS,
  type BookmarkDocument,
  type ChapterNode,
  LEARNER_PROGRESS,
  type ProgressDocument,
  SPEACHES,
  type SpeachDocument,
  normaliseKey,
  readingOrder,
} from '../../projections/speaches.projection';

/** What the learning paths context uses of speaches: the access rule, the views and the cards. */
export { SPEACH_VERSIONS, type SpeachVersionDocument } from '../../projections/speaches.projection';
export { SpeachAccess } from './speach-access';
export { SpeachQueries } from './speach-queries.service';
export { type Viewer, canView, isEditor, liveVersion, person } from './speach-views';
