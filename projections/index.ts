import { organisationProjection } from './organisation.projection';
import type { ProjectionDefinition } from './projection';
import { speachesProjection } from './speaches.projection';
import { sessionsProjection } from './sessions.projection';
import { termsProjection } from './terms.projection';
import { usersProjection } from './users.projection';

/** Every read model of the product. A feature's projection is added here when it lands. */
export const allProjections: ProjectionDefinition[] = [usersProjection, sessionsProjection, organisationProjection, termsProjection, speachesProjection];

export * from './projection';
export { ProjectionRunner } from './projection-runner';
