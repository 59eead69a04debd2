/**
 * The site settings' vocabulary of spec §2 / §6, shared by the events, the answers (`*.view.ts`) and, as types only,
 * the web apps. A view module: it imports nothing (docs/web-shared-and-data-layer.md).
 */

/** The feature flags an administrator may change (spec §6); `aiLicenseAvailable` follows the licences. */
export interface EditableFeatureFlags {
  workflowEnabled: boolean;
  scormClassicEnabled: boolean;
  pinnedEnabled: boolean;
  periodicReviewEnabled: boolean;
  commentsEnabled: boolean;
  footerEnabled: boolean;
  delayEnabled: boolean;
  userPasswordIsEditable: boolean;
  passwordMinLength: number;
  passwordMaxLength: number;
}

/** Spec §2 footer codes: the product's external site, and the three screens the footer links to. */
export const FOOTER_CODES = ['PRODUCT', 'ACCESSIBILITY', 'GCU', 'PDP'] as const;
export type FooterCode = (typeof FOOTER_CODES)[number];
export interface FooterItem {
  code: FooterCode;
  label: string;
  /** Only for PRODUCT (the external site); the other codes link to fixed screens. */
  url?: string;
}
