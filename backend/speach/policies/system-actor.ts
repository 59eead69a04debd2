import { SYSTEM_USER_ID } from '../../infrastructure/policies/policy';
import type { Actor } from '../speach.decider';

/** The platform acting on a speach for a policy: allowed what an administrator is allowed. */
export const SYSTEM_ACTOR: Actor = Object.freeze({ userId: SYSTEM_USER_ID, isAdmin: true, isAuthor: true, groupIds: [] as string[] }) as Actor;
