import type { QueryClient } from '@tanstack/react-query';
import { speachListKeys } from '../cards/useSpeachCards';

/**
 * A speach's workflow lives under `['workflow', speachId]` (the author's view of it, the validator's view with
 * the draft). A content diff lives with the speach (`['speach', speachId, 'diff', …]`): an edit of the speach
 * makes it stale. Definitions and the approvers found by a search are shared by every submission.
 * Kept apart from the hooks (useWorkflow.ts), so cache rules and their tests need not load the API module.
 */
export const workflowKeys = {
  of: (speachId: string) => ['workflow', speachId] as const,
  author: (speachId: string) => ['workflow', speachId, 'author'] as const,
  validator: (speachId: string) => ['workflow', speachId, 'validator'] as const,
  definitions: ['workflow-definitions'] as const,
  approvers: (term: string) => ['workflow-approvers', term] as const,
  diff: (speachId: string, from: number, to: number | 'current') => ['speach', speachId, 'diff', from, to] as const,
};

/**
 * A decision (validate, reject, resubmit) answers the workflow as it now is: every view of it shows it. The
 * speach's own views (published on the last step) and the card lists (to validate, in validation) are stale.
 */
export function applyWorkflow<W extends object>(client: QueryClient, speachId: string, workflow: W) {
  client.setQueryData<{ workflow: W | null }>(workflowKeys.validator(speachId), (view) => (view ? { ...view, workflow } : view));
  client.setQueryData<W | null>(workflowKeys.author(speachId), workflow);
  void client.invalidateQueries({ queryKey: ['speach', speachId] });
  void client.invalidateQueries({ queryKey: speachListKeys.all });
}
