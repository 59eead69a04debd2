/**
 * The paths context's public face: its module, its read models and its rules for other contexts
 * (the seed, the app module, the notifications).
 */
export { PATHS, PATH_LEARNERS, type PathDocument, type PathLearnerDocument } from '../../projections/paths.projection';
export { pathDecider, mayEditPath, type PathActor, type PathChange, type PathCommand } from './path.decider';
export { pathLearnerDecider } from './path-learner.decider';
/** What the CSV export reads of paths: the learner's progress on a path, the same rule as the page. */
export { pathProgress } from './path-progress';
export { dueDateFor, isAssignedTo } from './path-views';
/** The sequential-path rule the speach reading calls consult (through the speach context's ReadingGates port). */
export { sequentialLock, type SequentialLock } from './sequential-lock';
export { PathQueries } from './path-queries.service';
export { PathsModule } from './paths.module';
