import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

export type TermsDocument = 'GCU' | 'PDP';

/**
 * Stream `terms-{GCU|PDP}`: a new version of the terms of use (GCU) or the personal-data policy
 * (PDP). Every user must accept the current version once.
 */
export type TermsPublished = DomainEvent<'TermsPublished', { document: TermsDocument; version: number; html: string }>;

export type TermsEvent = TermsPublished;

registerEventType('TermsPublished', 1);
