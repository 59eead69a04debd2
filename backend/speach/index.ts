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
