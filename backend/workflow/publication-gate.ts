import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { WORKFLOW_DEFINITIONS, type WorkflowDefinitionDocument } from '../../projections/workflows.projection';

/**
 * The definition a speach must go through: the newest one covering its category (null: none does).
 */
export async function coveringDefinition(store: ReadStore, categoryId: string | null): Promise<WorkflowDefinitionDocument | null> {
  if (!categoryId) return null;
  const [doc] = await store
    .collection<WorkflowDefinitionDocument>(WORKFLOW_DEFINITIONS)
    .find({ categoryIds: categoryId }, { sort: { updatedAt: -1, _id: 1 }, limit: 1 });
  return doc ?? null;
}
