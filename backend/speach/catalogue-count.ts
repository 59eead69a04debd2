import {
  CATALOGUE_TALLY_ID,
  LISTED_SPEACHES,
  type ListedSpeachDocument,
  SPEACH_TALLIES,
  type SpeachTallyDocument,
} from '../../projections/speach-catalogue-tally';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';

/**
 * The number of speaches the catalogue offers now (published and live, neither archived nor a template),
 * less the given ones: the projection's tally, less the listed speaches not live yet (a range of their own
 * small index) and the given ones that are live. The same number as counting
 * `{ archived: false, isTemplate: false, published: true, liveFrom: { $lte: now }, _id: { $nin: excluded } }`,
 * without walking every listed speach.
 */
export async function liveCatalogueCount(store: ReadStore, now: string, excluded: string[]): Promise<number> {
  const listed = store.collection<ListedSpeachDocument>(LISTED_SPEACHES);
  const [tally, scheduled, liveExcluded] = await Promise.all([
    store.collection<SpeachTallyDocument>(SPEACH_TALLIES).findById(CATALOGUE_TALLY_ID),
    listed.count({ liveFrom: { $gt: now } }),
    excluded.length ? listed.count({ _id: { $in: [...new Set(excluded)] }, liveFrom: { $lte: now } }) : 0,
  ]);
  return (tally?.listed ?? 0) - scheduled - liveExcluded;
}
