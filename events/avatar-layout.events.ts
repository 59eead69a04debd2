import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

export type { AvatarLayout } from './avatar-layout-vocabulary.view';
import type { AvatarLayout } from './avatar-layout-vocabulary.view';

/**
 * Stream `avatar-layout-{userId}`: how a learner wants an AI avatar laid out beside the content in the player
 * (spec §3 layouts). A display preference: nothing personal beyond the choice.
 */
export type AvatarLayoutChosen = DomainEvent<'AvatarLayoutChosen', { userId: string; layout: AvatarLayout }>;
export type AvatarLayoutEvent = AvatarLayoutChosen;

export const avatarLayoutStream = (userId: string) => `avatar-layout-${userId}`;

registerEventType('AvatarLayoutChosen', 1);
