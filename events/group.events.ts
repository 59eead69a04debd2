import type { DomainEvent } from './envelope';
import { registerEventType } from './schema-registry';

/** Stream `group-{id}`: a group of users (spec §3 Group). The "no group" pseudo group (-1) has no stream. */
export type GroupCreated = DomainEvent<'GroupCreated', { groupId: string; name: string; description: string; order: number }>;
export type GroupRenamed = DomainEvent<'GroupRenamed', { groupId: string; name: string }>;
export type GroupDescribed = DomainEvent<'GroupDescribed', { groupId: string; description: string }>;
export type GroupReordered = DomainEvent<'GroupReordered', { groupId: string; order: number }>;
/** Group-to-categories association (spec §2 "Other admin screens"): the whole set. */
export type GroupCategoriesAssociated = DomainEvent<'GroupCategoriesAssociated', { groupId: string; categoryIds: string[] }>;
export type GroupDeleted = DomainEvent<'GroupDeleted', { groupId: string }>;

export type GroupEvent = GroupCreated | GroupRenamed | GroupDescribed | GroupReordered | GroupCategoriesAssociated | GroupDeleted;

/** Stream `category-{id}`: a speach category. */
export type CategoryCreated = DomainEvent<'CategoryCreated', { categoryId: string; name: string }>;
export type CategoryRenamed = DomainEvent<'CategoryRenamed', { categoryId: string; name: string }>;
export type CategoryDeleted = DomainEvent<'CategoryDeleted', { categoryId: string }>;
export type CategoryEvent = CategoryCreated | CategoryRenamed | CategoryDeleted;

/** Stream `customfield-{id}`: a custom user field with its label per UI language (spec §3 Custom field). */
export type CustomFieldLabels = {
  name: string;
  labelEn: string;
  labelFr: string;
  labelEs: string;
  labelDe: string;
};
export type CustomFieldDefined = DomainEvent<'CustomFieldDefined', { customFieldId: string } & CustomFieldLabels>;
export type CustomFieldChanged = DomainEvent<'CustomFieldChanged', { customFieldId: string } & CustomFieldLabels>;
export type CustomFieldDeleted = DomainEvent<'CustomFieldDeleted', { customFieldId: string }>;
export type CustomFieldEvent = CustomFieldDefined | CustomFieldChanged | CustomFieldDeleted;

for (const type of [
  'GroupCreated',
  'GroupRenamed',
  'GroupDescribed',
  'GroupReordered',
  'GroupCategoriesAssociated',
  'GroupDeleted',
  'CategoryCreated',
  'CategoryRenamed',
  'CategoryDeleted',
  'CustomFieldDefined',
  'CustomFieldChanged',
  'CustomFieldDeleted',
]) {
  registerEventType(type, 1);
}

export const groupStream = (groupId: string) => `group-${groupId}`;
export const categoryStream = (categoryId: string) => `category-${categoryId}`;
export const customFieldStream = (customFieldId: string) => `customfield-${customFieldId}`;
