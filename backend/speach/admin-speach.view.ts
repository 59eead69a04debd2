/**
 * What the back office's speach calls answer (spec §2 speach administration). A view module: it imports only other
 * view modules (docs/web-shared-and-data-layer.md).
 */

/** `PUT api/v2/admin/speach/batch-update`: how many changed, those the rules refused and why, and how many were left out for a scheduled publication. */
export interface BatchUpdateResult {
  updated: number;
  skipped: { speachID: string; title: string; reason: string }[];
  scheduledExcluded: number;
}
