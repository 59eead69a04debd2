/**
 * What the site settings calls answer (spec §3 "Footer data", "Accessibility data", the admin flags). A view module:
 * it imports only other view modules (docs/web-shared-and-data-layer.md).
 */
import type { EditableFeatureFlags, FooterItem } from '../../events/site-vocabulary.view';
import type { FeatureFlags } from '../config/feature-flags.view';

/** `GET|PUT /api/v2/admin/site/flags`. */
export interface FlagsView {
  /** The flags in force (administrators' choices over the environment's defaults). */
  flags: FeatureFlags;
  /** The environment's values of the editable flags. */
  defaults: EditableFeatureFlags;
  /** The flags an administrator set (their value may equal the default). */
  overridden: (keyof EditableFeatureFlags)[];
  passwordLengthBounds: { min: number; max: number };
}

/** `GET /api/v2/footer`: each item carries the address its code leads to. */
export interface FooterView {
  isEnabled: boolean;
  items: (FooterItem & { url: string })[];
}

/** `GET|POST|PUT /api/v2/accessibility-data`. */
export interface StatementView {
  id: string;
  statement: string;
  updatedAt: string;
}
