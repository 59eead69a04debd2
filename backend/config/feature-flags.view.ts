/**
 * The site's feature flags (spec §6 settings), as `/api/auth/me` and the settings answer them. A view module: it
 * imports nothing (docs/web-shared-and-data-layer.md).
 */
export interface FeatureFlags {
  workflowEnabled: boolean;
  scormClassicEnabled: boolean;
  pinnedEnabled: boolean;
  periodicReviewEnabled: boolean;
  aiLicenseAvailable: boolean;
  userPasswordIsEditable: boolean;
  commentsEnabled: boolean;
  footerEnabled: boolean;
  delayEnabled: boolean;
  passwordMinLength: number;
  passwordMaxLength: number;
}
