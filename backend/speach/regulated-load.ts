import type { SpeachDocument, VersionSummary } from '../../projections/speaches.projection';
import { liveVersion } from './speach-views';

/** Spec §2: `/s/{speachID}_REGULATED/{slug}` asks for the regulated load of a speach. */
export const REGULATED_SUFFIX = '_REGULATED';

export interface Load {
  speachId: string;
  regulated: boolean;
}

/** The speach a load id names, and whether the regulated load was asked for. */
export function loadOf(id: string): Load {
  if (id.length > REGULATED_SUFFIX.length && id.endsWith(REGULATED_SUFFIX)) return { speachId: id.slice(0, -REGULATED_SUFFIX.length), regulated: true };
  return { speachId: id, regulated: false };
}

export interface RegulatedLoad {
  version: VersionSummary;
  /** The delayed_till of the scheduled version that replaces it; null when none is scheduled. */
  inForceUntil: string | null;
}

/**
 * The version in force for regulated learners: the last published version before a scheduled one
 * whose date is still to come. Regulated learners are trained on what is in force, never on what
 * is announced, so an editor gets this version too (not the draft). With nothing scheduled the live
 * version is in force until further notice.
 */
export function regulatedVersion(doc: SpeachDocument, now: string): RegulatedLoad | null {
  const version = liveVersion(doc, now);
  if (!version) return null;
  const next = doc.versions.find((v) => v.version > version.version && v.scheduledFor !== null && v.scheduledFor > now);
  return { version, inForceUntil: next?.scheduledFor ?? null };
}
