import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/** Stream `speachshare-{shareId}`: one share of a speach's reading link (issue 19, "speach shared"). */
export const speachShareStream = (shareId: string) => `speachshare-${shareId}`;

/** Who shared which speach, optionally from a chapter. Recipients are not recorded: a link goes wherever it is pasted. */
export type SpeachShared = DomainEvent<'SpeachShared', { shareId: string; speachId: string; userId: string; chapterId: string | null }>;
export type ShareEvent = SpeachShared;

registerEventType('SpeachShared', 1);
