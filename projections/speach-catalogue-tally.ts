import type { ProjectedDocument, ProjectionHandler, ProjectionWriter } from './projection';

/**
 * How many speaches the catalogue lists (published, neither archived nor a template), kept by the speaches
 * projection beside the documents it counts. Counting them is a walk of an index range that grows with the
 * catalogue (2 ms over 5k speaches, ~40 ms over 100k); the tally is one read. Which of them are live depends on
 * the reader's clock, so each listed speach also has a small entry with its `liveFrom`: the ones not live yet
 * are a range of that entry table's own index (an index of `liveFrom` on the big table would lure SQLite's
 * planner away from the lists' ordered indexes).
 */
export const SPEACH_TALLIES = 'speach_tallies';
export const LISTED_SPEACHES = 'listed_speaches';
export const CATALOGUE_TALLY_ID = 'catalogue';

export interface SpeachTallyDocument extends ProjectedDocument {
  /** Listed speaches, live or scheduled. */
  listed: number;
}

/** One listed speach and the time it went (or goes) live. */
export interface ListedSpeachDocument extends ProjectedDocument {
  liveFrom: string;
}

type Listable = { published: boolean; archived: boolean; isTemplate: boolean; liveFrom: string | null };

/** Listed: what the catalogue may offer, live once `liveFrom` has come (`{ published: true, liveFrom: { $lte: now } }`). */
export function isListed(doc: Listable | null | undefined): doc is Listable & { liveFrom: string } {
  // Strict equalities, as the lists' filter (`{ archived: false, isTemplate: false, published: true }`) matches.
  return !!doc && doc.published === true && doc.archived === false && doc.isTemplate === false && typeof doc.liveFrom === 'string';
}

/**
 * A handler of the speaches projection that also keeps the tally and the entries when the speach it writes
 * enters or leaves the listed set, or changes its `liveFrom`: whatever event changes a flag, they follow the
 * document in the same batch, and a rebuild recounts them.
 */
function tallied(speaches: string, handler: ProjectionHandler): ProjectionHandler {
  return async (event, writer) => {
    const changed = new Map<string, { before: Listable | null; after: Listable | null }>();
    const watching: ProjectionWriter = {
      get: (collection, id) => writer.get(collection, id),
      find: (collection, filter) => writer.find(collection, filter),
      upsert: (collection, id, change) =>
        writer.upsert(
          collection,
          id,
          collection !== speaches
            ? change
            : (current) => {
                const next = change(current);
                const before = changed.get(id)?.before ?? (current as Listable | null);
                changed.set(id, { before, after: next as Listable | null });
                return next;
              },
        ),
    };
    await handler(event, watching);
    let delta = 0;
    for (const [id, { before, after }] of changed) {
      const was = isListed(before);
      const is = isListed(after);
      delta += Number(is) - Number(was);
      if (is && (!was || before.liveFrom !== after.liveFrom)) {
        await writer.upsert<ListedSpeachDocument>(LISTED_SPEACHES, id, () => ({ _id: id, liveFrom: after.liveFrom }));
      } else if (was && !is) await writer.upsert<ListedSpeachDocument>(LISTED_SPEACHES, id, () => null);
    }
    if (delta !== 0)
      await writer.upsert<SpeachTallyDocument>(SPEACH_TALLIES, CATALOGUE_TALLY_ID, (tally) => ({
        _id: CATALOGUE_TALLY_ID,
        listed: (tally?.listed ?? 0) + delta,
      }));
  };
}

/** Every handler of the speaches projection, tallied. */
export function withCatalogueTally(speaches: string, handlers: Record<string, ProjectionHandler>): Record<string, ProjectionHandler> {
  return Object.fromEntries(Object.entries(handlers).map(([type, handler]) => [type, tallied(speaches, handler)]));
}

/** The collections the tally lives in, for the speaches projection to own (cleared and rebuilt with it). */
export const CATALOGUE_TALLY_COLLECTIONS = [{ name: SPEACH_TALLIES }, { name: LISTED_SPEACHES, indexes: [{ field: 'liveFrom' }] }];
