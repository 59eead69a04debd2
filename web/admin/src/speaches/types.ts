/** The speach card is the shared package's (web/shared); the back office adds its own answers. */

export type { Named, Person, SpeachCard, SpeachState, Visibility } from '@speach/web-shared/api';
export { personName } from '@speach/web-shared/api';

/** Answer of PUT /api/v2/admin/speach/batch-update. */
export type { BatchUpdateResult } from '@speach/web-shared/api';
