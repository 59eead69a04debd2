import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../api/client';
import { speachListKeys } from '../cards/useSpeachCards';
import { applyWorkflow, workflowKeys } from './workflow-cache';
import type { Chapter, SpeachCard } from '../speach/types';
import type { ContentDiff } from '@speach/web-shared/api';
import { type SubmitInput, type Workflow, workflowApi } from './workflowApi';

export { applyWorkflow, workflowKeys };

/** The validator's page: the workflow (null when the speach has none) and the draft it validates, or the card when there is no workflow. */
export interface ValidatorView {
  workflow: Workflow | null;
  speach: SpeachCard & { chapters?: Chapter[] };
}

const noneOn404 = (e: unknown) => {
  if (e instanceof ApiError && e.status === 404) return null;
  throw e;
};

export function useValidatorView(speachId: string) {
  return useQuery({
    queryKey: workflowKeys.validator(speachId),
    queryFn: async (): Promise<ValidatorView> => {
      const workflow = await workflowApi.get(speachId).catch(noneOn404);
      return { workflow, speach: workflow ? await workflowApi.draft(speachId) : await workflowApi.card(speachId) };
    },
  });
}

export function useAuthorWorkflow(speachId: string) {
  return useQuery({ queryKey: workflowKeys.author(speachId), queryFn: () => workflowApi.get(speachId) });
}

/** Runs a workflow decision and spreads its answer (see applyWorkflow). */
export function useWorkflowDecision(speachId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decide: () => Promise<Workflow>) => decide(),
    onSuccess: (workflow) => applyWorkflow(client, speachId, workflow),
  });
}

/** A periodic review decision answers the card: the validator's page shows it, the lists (to review) are stale. */
export function useReviewDecision(speachId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decide: () => Promise<SpeachCard>) => decide(),
    onSuccess: (card) => {
      client.setQueryData<ValidatorView>(workflowKeys.validator(speachId), (view) => (view ? { ...view, speach: { ...view.speach, ...card } } : view));
      void client.invalidateQueries({ queryKey: ['speach', speachId] });
      void client.invalidateQueries({ queryKey: speachListKeys.all });
    },
  });
}

/** The workflow definitions a submission chooses from, read when the dialog first opens. */
export function useWorkflowDefinitions(enabled: boolean) {
  return useQuery({ queryKey: workflowKeys.definitions, queryFn: () => workflowApi.definitions(), enabled });
}

/** Approver-role users matching a settled search term (the empty term lists the first ones). */
export function useApprovers(term: string) {
  return useQuery({ queryKey: workflowKeys.approvers(term), queryFn: () => workflowApi.approvers(term), placeholderData: keepPreviousData });
}

/** What changed between a published version and the draft (`current`) or another version (issue 23). */
export function useContentDiff(speachId: string, from: number, to: number | 'current') {
  return useQuery({
    queryKey: workflowKeys.diff(speachId, from, to),
    queryFn: ({ signal }) => api<ContentDiff>(`/api/v2/speach/${encodeURIComponent(speachId)}/diff?from=${from}&to=${to}`, { signal }),
  });
}

/** Submitting starts the workflow: the author's page (where the editor goes next) shows it without waiting. */
export function useSubmitForValidation(speachId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitInput) => workflowApi.submit(input),
    onSuccess: (workflow) => applyWorkflow(client, speachId, workflow),
  });
}
