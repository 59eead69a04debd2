/**
 * `GET /api/auth/me`: who is signed in, what they may do and the site's flags. A view module: it imports only
 * other view modules (docs/web-shared-and-data-layer.md).
 */
import type { FeatureFlags } from '../config/feature-flags.view';

export interface MeResponse {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  img: string | null;
  isAdmin: boolean;
  isAuthor: boolean;
  isApprover: boolean;
  isAiEditor: boolean;
  /** Opens the back office's audit screens only (issue #6). */
  isAuditor: boolean;
  roles: string[];
  mustChangePassword: boolean;
  /** Terms of use / personal-data policy versions the user has not accepted yet. */
  mustAcceptGcu: boolean;
  mustAcceptPdp: boolean;
  /** Get-started cards the user closed for good. */
  dismissedGetStarted: string[];
  featureFlags: FeatureFlags;
}
