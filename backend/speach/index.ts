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

/** What other contexts (SCORM export, embed) use of the speach's services and rules. */
export { SpeachModule } from './speach.module';
export { SpeachQueries } from './speach-queries.service';
export { SpeachAccess } from './speach-access';
/** Signed, short-lived URLs of a speach's files (the media context signs its renditions and tracks with them). */
export { FileUrls } from './file-urls';
/** The port through which other contexts' rules (sequential paths) may keep a learner from reading a speach for now. */
export { ReadingGates, type ReadingGate } from './reading-gates';
export { type Viewer, liveVersion, requiredBefore } from './speach-views';
export { learnerDecider } from './learner.decider';
export { versionContentHash } from './version-content-hash';
export { learnerStream } from './reading.controller';
export { scoreQuiz, takesAnswers, HTML_MAX } from './chapter-content';
/** What other contexts use to act on speaches (the AI generator creates and fills drafts through the speach decider). */
export { SpeachCommands } from './speach-commands.service';
export { SYSTEM_ACTOR } from './policies/system-actor';
export { isEditor } from './speach-views';
export { uploadName } from './upload-checks';
export { MAX_CHAPTERS, CHAPTER_TITLE_MAX, TITLE_MAX, DESCRIPTION_MAX, type SpeachActor, canEdit, editable, submittable } from './speach.decider';
/** What the learning paths context uses of speaches: the access rule, the views and the cards. */
export { SPEACH_VERSIONS, type SpeachVersionDocument } from '../../projections/speaches.projection';
export { canView, person } from './speach-views';
