import type { CustomFieldLabels } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

export interface GroupDocument extends ProjectedDocument {
  name: string;
  description: string;
  order: number;
  categoryIds: string[];
  createdAt: string;
}

export interface CategoryDocument extends ProjectedDocument {
  name: string;
  createdAt: string;
}

export type CustomFieldDocument = ProjectedDocument & CustomFieldLabels;

export const GROUPS = 'groups';
export const CATEGORIES = 'categories';
export const CUSTOM_FIELDS = 'customFields';

function patch<T extends ProjectedDocument>(
  collection: string,
  idField: string,
  change: (doc: T, data: Record<string, unknown>) => T,
): ProjectionDefinition['handlers'][string] {
  return async (event, writer) => {
    const data = event.data as Record<string, unknown>;
    await writer.upsert<T>(collection, String(data[idField]), (doc) => (doc ? change(doc, data) : null));
  };
}

function remove(collection: string, idField: string): ProjectionDefinition['handlers'][string] {
  return async (event, writer) => {
    await writer.upsert(collection, String((event.data as Record<string, unknown>)[idField]), () => null);
  };
}

/** Groups, categories and custom fields: the organisation's reference lists. */
export const organisationProjection: ProjectionDefinition = {
  name: 'organisation',
  version: 1,
  collections: [{ name: GROUPS, indexes: [{ field: 'categoryIds' }] }, { name: CATEGORIES }, { name: CUSTOM_FIELDS }],
  handlers: {
    GroupCreated: async (event, writer) => {
      const data = event.data as { groupId: string; name: string; description: string; order: number };
      await writer.upsert<GroupDocument>(GROUPS, data.groupId, () => ({
        _id: data.groupId,
        name: data.name,
        description: data.description,
        order: data.order,
        categoryIds: [],
        createdAt: event.time,
      }));
    },
    GroupRenamed: patch<GroupDocument>(GROUPS, 'groupId', (doc, data) => ({ ...doc, name: data.name as string })),
    GroupDescribed: patch<GroupDocument>(GROUPS, 'groupId', (doc, data) => ({ ...doc, description: data.description as string })),
    GroupReordered: patch<GroupDocument>(GROUPS, 'groupId', (doc, data) => ({ ...doc, order: data.order as number })),
    GroupCategoriesAssociated: patch<GroupDocument>(GROUPS, 'groupId', (doc, data) => ({ ...doc, categoryIds: data.categoryIds as string[] })),
    GroupDeleted: remove(GROUPS, 'groupId'),
    CategoryCreated: async (event, writer) => {
      const data = event.data as { categoryId: string; name: string };
      await writer.upsert<CategoryDocument>(CATEGORIES, data.categoryId, () => ({ _id: data.categoryId, name: data.name, createdAt: event.time }));
    },
    CategoryRenamed: patch<CategoryDocument>(CATEGORIES, 'categoryId', (doc, data) => ({ ...doc, name: data.name as string })),
    // A deleted category leaves every group association.
    CategoryDeleted: async (event, writer) => {
      const { categoryId } = event.data as { categoryId: string };
      await writer.upsert(CATEGORIES, categoryId, () => null);
      for (const group of await writer.find<GroupDocument>(GROUPS, { categoryIds: categoryId })) {
        await writer.upsert<GroupDocument>(GROUPS, group._id, (doc) => (doc ? { ...doc, categoryIds: doc.categoryIds.filter((c) => c !== categoryId) } : null));
      }
    },
    CustomFieldDefined: async (event, writer) => {
      const { customFieldId, ...labels } = event.data as { customFieldId: string } & CustomFieldLabels;
      await writer.upsert<CustomFieldDocument>(CUSTOM_FIELDS, customFieldId, () => ({ _id: customFieldId, ...labels }));
    },
    CustomFieldChanged: async (event, writer) => {
      const { customFieldId, ...labels } = event.data as { customFieldId: string } & CustomFieldLabels;
      await writer.upsert<CustomFieldDocument>(CUSTOM_FIELDS, customFieldId, (doc) => (doc ? { ...doc, ...labels } : null));
    },
    CustomFieldDeleted: remove(CUSTOM_FIELDS, 'customFieldId'),
  },
};
