import type { ProjectedDocument, ProjectionDefinition } from './projection';

export interface TermsDocumentView extends ProjectedDocument {
  version: number;
  html: string;
  publishedAt: string;
}

export const TERMS = 'terms';

/** The current version of each terms document (ids GCU and PDP). */
export const termsProjection: ProjectionDefinition = {
  name: 'terms',
  version: 1,
  collections: [{ name: TERMS }],
  handlers: {
    TermsPublished: async (event, writer) => {
      const data = event.data as { document: string; version: number; html: string };
      await writer.upsert<TermsDocumentView>(TERMS, data.document, () => ({
        _id: data.document,
        version: data.version,
        html: data.html,
        publishedAt: event.time,
      }));
    },
  },
};
