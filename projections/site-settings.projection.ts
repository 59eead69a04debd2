import type { AccessibilityStatementEvent, EditableFeatureFlags, FooterItem, SiteSettingsEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition } from './projection';

/** Read model of the site settings: documents `flags`, `footer` and `accessibility`. */
export const SITE_SETTINGS = 'site_settings';

export interface SiteFlagsDocument extends ProjectedDocument {
  /** Only what administrators changed; the environment gives the rest. */
  flags: Partial<EditableFeatureFlags>;
  updatedAt: string;
  updatedBy: string | null;
}

export interface SiteFooterDocument extends ProjectedDocument {
  items: FooterItem[];
  updatedAt: string;
}

export interface AccessibilityDocument extends ProjectedDocument {
  statementId: string;
  statement: string;
  updatedAt: string;
  updatedBy: string | null;
}

type Data<T extends (SiteSettingsEvent | AccessibilityStatementEvent)['type']> = Extract<SiteSettingsEvent | AccessibilityStatementEvent, { type: T }>['data'];

export const siteSettingsProjection: ProjectionDefinition = {
  name: 'site-settings',
  version: 1,
  collections: [{ name: SITE_SETTINGS }],
  handlers: {
    FeatureFlagsChanged: async (event, writer) => {
      const data = event.data as Data<'FeatureFlagsChanged'>;
      await writer.upsert<SiteFlagsDocument>(SITE_SETTINGS, 'flags', (doc) => ({
        _id: 'flags',
        flags: { ...(doc?.flags ?? {}), ...data.changes },
        updatedAt: event.time,
        updatedBy: event.metadata.userId,
      }));
    },
    FooterItemsChanged: async (event, writer) => {
      const data = event.data as Data<'FooterItemsChanged'>;
      await writer.upsert<SiteFooterDocument>(SITE_SETTINGS, 'footer', () => ({ _id: 'footer', items: data.items, updatedAt: event.time }));
    },
    AccessibilityStatementPublished: (event, writer) =>
      statement(event.data as Data<'AccessibilityStatementPublished'>, event.time, event.metadata.userId, writer),
    AccessibilityStatementChanged: (event, writer) => statement(event.data as Data<'AccessibilityStatementChanged'>, event.time, event.metadata.userId, writer),
  },
};

async function statement(
  data: { id: string; statement: string },
  time: string,
  userId: string | null,
  writer: Parameters<ProjectionDefinition['handlers'][string]>[1],
) {
  await writer.upsert<AccessibilityDocument>(SITE_SETTINGS, 'accessibility', () => ({
    _id: 'accessibility',
    statementId: data.id,
    statement: data.statement,
    updatedAt: time,
    updatedBy: userId,
  }));
}
