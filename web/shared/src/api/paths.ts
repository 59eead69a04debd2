/** A learning path's publication state (docs/learning-paths.md). */
export const PATH_STATES = ['PUBLIE', 'NON_PUBLIE', 'ARCHIVE'] as const;
export type PathState = (typeof PATH_STATES)[number];
