import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import type { SiteSettings } from '../site/site-settings.service';
import { SPEACHES, type SpeachDocument } from '../../projections/speaches.projection';
import { WORKFLOW_DEFINITIONS, type WorkflowDefinitionDocument } from '../../projections/workflows.projection';

/**
 * The definition a speach must go through: the newest one covering its category (null: none does).
 */
export async function coveringDefinition(store: ReadStore, categoryId: string | null): Promise<WorkflowDefinitionDocument | null> {
  if (!categoryId) return null;
  const [doc] = await store.collection<WorkflowDefinitionDocument>(WORKFLOW_DEFINITIONS).find({ categoryIds: categoryId }, { sort: { updatedAt: -1, _id: 1 }, limit: 1 });
  return doc ?? null;
}

/**
 * Spec §4 "Workflow: submitted, steps in order, then published": while the workflow is on, a speach
 * whose category is covered by a workflow definition is published through submission only (the
 * speach decider refuses a direct publish by a non-administrator). Other speaches may be submitted
 * by choice, or published directly.
 */
export async function publicationNeedsWorkflow(site: SiteSettings, store: ReadStore, speachId: string): Promise<boolean> {
  if (!(await site.flags()).workflowEnabled) return false;
  const speach = await store.collection<SpeachDocument>(SPEACHES).findById(speachId);
  return (await coveringDefinition(store, speach?.categoryId ?? null)) !== null;
}
