/**
 * What the AI avatar time calls answer (spec §2 usage panel, §7 updateTimeAIAvatar and addTime). A view module: it
 * imports nothing (docs/web-shared-and-data-layer.md).
 */

/** `GET administration/ai/avatarUsage` (and the avatar time calls): the organisation's avatar seconds, its limit and the use per month. */
export interface AvatarUsageView {
  usedSeconds: number;
  limitSeconds: number;
  remainingSeconds: number;
  percentage: number;
  byMonth: Record<string, number>;
}
