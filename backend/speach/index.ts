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
export {
  type Person,
  type CardPage,
  type ChapterFacts,
  type ReadingProgress,
  type SpeachState,
  type DraftSpeach,
  type ChapterView,
  type QuizResult,
  type ScoredQuiz,
} from './speach-card.view';
/** Signed, short-lived URLs of a speach's files (the media context signs its renditions and tracks with them). */
export { FileUrls } from './file-urls';
/** The port through which other contexts' rules (sequential paths) may keep a learner from reading a speach for now. */
export { ReadingGates, type ReadingGate } from './reading-gates';
export { versionContentHash } from './version-content-hash';
export { scoreQuiz, takesAnswers, HTML_MAX } from './chapter-content';
export { SYSTEM_ACTOR } from './policies/system-actor';
export { uploadName } from './upload-checks';
export { chapterFacts, progressOf } from './chapter-facts';
export { type WorkflowCardFields, WorkflowCards } from './workflow-cards';
export { learnerDecider, type LearnerCommand } from './learner.decider';
export {
  MAX_CHAPTERS,
  CHAPTER_TITLE_MAX,
  TITLE_MAX,
  DESCRIPTION_MAX,
  type SpeachActor,
  canEdit,
  editable,
  submittable,
  ACCESS_CODE_MAX,
  speachDecider,
} from './speach.decider';
export { GridQuery, toBoolean, toInt, ReadQuery } from './speach.dto';
export { type Viewer, liveVersion, requiredBefore, type SpeachCard } from './speach-views';
export { isEditor } from './speach-views';
export { canView, person } from './speach-views';
export { SpeachQueries } from './speach-queries.service';
export { GRID_PAGE_SIZE } from './speach-lists.service';
export { SpeachAccess, accessCodeOf } from './speach-access';
/** What other contexts use to act on speaches (the AI generator creates and fills drafts through the speach decider). */
export { SpeachCommands, speachStream } from './speach-commands.service';
export { learnerStream } from './reading.controller';
/** What other contexts (SCORM export, embed) use of the speach's services and rules. */
export { SpeachModule } from './speach.module';
