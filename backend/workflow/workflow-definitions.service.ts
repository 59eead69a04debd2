import { Inject, Injectable } from '@nestjs/common';
import { uuidv7 } from '../../events';
import { CATEGORIES, type CategoryDocument, GROUPS, type GroupDocument } from '../../projections/organisation.projection';
import { WORKFLOW_DEFINITIONS, type WorkflowDefinitionDocument } from '../../projections/workflows.projection';
import type { Actor } from '../infrastructure/http/actor';
import { CommandRunner } from '../infrastructure/decider/command-runner';
import { NotFoundError } from '../infrastructure/decider/decider';
import { ReadModels } from '../infrastructure/read-models';
import type { ReadStore } from '../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../infrastructure/tokens';
import { workflowDefinitionDecider } from './workflow-definition.decider';
import { definitionStream } from './workflow-streams';
import type { WorkflowDefinitionView } from './workflow.view';

export interface DefinitionInput {
  name: string;
  steps: { groupId: string }[];
  isDefault?: boolean;
  categoryIds?: string[];
}

/** The workflow definitions the admins keep (react-admin resource) and the one a submission falls back to. */
@Injectable()
export class WorkflowDefinitions {
  constructor(
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  get definitions() {
    return this.store.collection<WorkflowDefinitionDocument>(WORKFLOW_DEFINITIONS);
  }

  private async ids(collection: string): Promise<string[]> {
    return (await this.store.collection<GroupDocument | CategoryDocument>(collection).find({}, { projection: { _id: 1 } })).map((d) => d._id);
  }

  async save(actor: Actor, definitionId: string | null, input: DefinitionInput): Promise<string> {
    const id = definitionId ?? uuidv7();
    const body = {
      name: input.name,
      steps: input.steps,
      isDefault: input.isDefault === true,
      categoryIds: input.categoryIds ?? [],
      knownGroupIds: await this.ids(GROUPS),
      knownCategoryIds: await this.ids(CATEGORIES),
    };
    await this.commands.run(workflowDefinitionDecider, definitionStream(id), {
      ...(definitionId ? { type: 'ChangeDefinition' as const } : { type: 'CreateDefinition' as const }),
      ...body,
      definitionId: id,
      isAdmin: actor.isAdmin,
    });
    await this.readModels.settled();
    return id;
  }

  async delete(actor: Actor, definitionId: string): Promise<void> {
    await this.commands.run(workflowDefinitionDecider, definitionStream(definitionId), { type: 'DeleteDefinition', definitionId, isAdmin: actor.isAdmin });
    await this.readModels.settled();
  }

  async records(docs: WorkflowDefinitionDocument[]): Promise<WorkflowDefinitionView[]> {
    const groupIds = [...new Set(docs.flatMap((d) => d.steps.map((s) => s.groupId)))];
    const groups = new Map((await this.store.collection<GroupDocument>(GROUPS).findByIds(groupIds)).map((g) => [g._id, g.name]));
    const defaultId = await this.defaultId();
    return docs.map((d) => ({
      id: d._id,
      name: d.name,
      steps: d.steps.map((s, index) => ({ order: index + 1, groupId: s.groupId, groupName: groups.get(s.groupId) ?? '' })),
      isDefault: d._id === defaultId,
      categoryIds: d.categoryIds ?? [],
      version: d.version,
      createdAt: d.createdAt,
      updatedAt: d.updatedAt,
    }));
  }

  async record(id: string): Promise<WorkflowDefinitionView> {
    const doc = await this.definitions.findById(id);
    if (!doc) throw new NotFoundError('Unknown workflow definition');
    return (await this.records([doc]))[0];
  }

  /**
   * The rule: a submission uses the definition it names, else the one covering the speach's
   * category, else the default one (the newest marked default).
   */
  async defaultId(): Promise<string | null> {
    const [doc] = await this.definitions.find({ isDefault: true }, { sort: { defaultSince: -1, _id: 1 }, limit: 1 });
    return doc?._id ?? null;
  }
}
