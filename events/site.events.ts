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

export { type EditableFeatureFlags, FOOTER_CODES, type FooterCode, type FooterItem } from './site-vocabulary.view';
import type { EditableFeatureFlags, FooterItem } from './site-vocabulary.view';

/** Stream `site-settings`: the flags an administrator changed (only the changed ones, old and new values). */
export type FeatureFlagsChanged = DomainEvent<'FeatureFlagsChanged', { changes: Partial<EditableFeatureFlags>; previous: Partial<EditableFeatureFlags> }>;
/** Stream `site-settings`: the footer's items, in display order (the enabled flag is `footerEnabled`). */
export type FooterItemsChanged = DomainEvent<'FooterItemsChanged', { items: FooterItem[] }>;
/** Stream `accessibility-statement`: the first statement (sanitised HTML). */
export type AccessibilityStatementPublished = DomainEvent<'AccessibilityStatementPublished', { id: string; statement: string }>;
/** Stream `accessibility-statement`: a new text of the statement. */
export type AccessibilityStatementChanged = DomainEvent<'AccessibilityStatementChanged', { id: string; statement: string }>;

export type SiteSettingsEvent = FeatureFlagsChanged | FooterItemsChanged;
export type AccessibilityStatementEvent = AccessibilityStatementPublished | AccessibilityStatementChanged;

registerEventType('FeatureFlagsChanged', 1);
registerEventType('FooterItemsChanged', 1);
registerEventType('AccessibilityStatementPublished', 1);
registerEventType('AccessibilityStatementChanged', 1);

export const termsStream = (document: string) => `terms-${document}`;
