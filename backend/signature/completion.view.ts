/**
 * What completing a speach answers (issue 23, docs/gxp-signatures.md). A view module: it imports only other view
 * modules (docs/web-shared-and-data-layer.md).
 */
import type { SignatureView } from '../workflow/workflow.view';

/** `POST api/v2/speach/{speachId}/complete`: the version completed, and its signature (meaning `trained`) when the speach is regulated. */
export interface CompletionView {
  speachId: string;
  version: number;
  contentHash: string;
  completedAt: string;
  signature: SignatureView | null;
}
