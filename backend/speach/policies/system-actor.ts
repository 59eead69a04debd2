import { SYSTEM_USER_ID } from '../../infrastructure/policies/policy';
import type { SpeachActor } from '../speach.decider';

/** The platform acting on a speach for a policy: allowed what an administrator is allowed. */
export const SYSTEM_ACTOR: SpeachActor = Object.freeze({ id: SYSTEM_USER_ID, isAdmin: true, isAuthor: true, groupIds: [] as string[] }) as SpeachActor;
