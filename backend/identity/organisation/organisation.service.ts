import { Inject, Injectable } from '@nestjs/common';
import { uuidv7, categoryStream, customFieldStream, groupStream } from '../../../events';
import {
  CATEGORIES,
  type CategoryDocument,
  CUSTOM_FIELDS,
  type CustomFieldDocument,
  GROUPS,
  type GroupDocument,
} from '../../../projections/organisation.projection';
import { USERS } from '../../../projections/users.projection';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { ReadModels } from '../../infrastructure/read-models';
import { NotFoundError } from '../../infrastructure/decider/decider';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { categoryDecider } from '../category.decider';
import { customFieldDecider } from '../custom-field.decider';
import { groupDecider } from '../group.decider';
import type { CategoryBody, CustomFieldBody, GroupBody } from './organisation.dto';

export interface GroupRecord {
  id: string;
  name: string;
  description: string;
  order: number;
  categoryIds: string[];
  memberCount: number;
  createdAt: string;
}

export interface CategoryRecord {
  id: string;
  name: string;
  createdAt: string;
}

export interface CustomFieldRecord {
  id: string;
  name: string;
  labelEn: string;
  labelFr: string;
  labelEs: string;
  labelDe: string;
}

export function customFieldRecord(doc: CustomFieldDocument): CustomFieldRecord {
  return { id: doc._id, name: doc.name, labelEn: doc.labelEn, labelFr: doc.labelFr, labelEs: doc.labelEs, labelDe: doc.labelDe };
}

export function categoryRecord(doc: CategoryDocument): CategoryRecord {
  return { id: doc._id, name: doc.name, createdAt: doc.createdAt };
}

/** Groups, categories and custom fields: each a small decider on its own stream. */
@Injectable()
export class OrganisationService {
  constructor(
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  get groups() {
    return this.readStore.collection<GroupDocument>(GROUPS);
  }
  get categories() {
    return this.readStore.collection<CategoryDocument>(CATEGORIES);
  }
  get customFields() {
    return this.readStore.collection<CustomFieldDocument>(CUSTOM_FIELDS);
  }

  async groupRecords(groups: GroupDocument[]): Promise<GroupRecord[]> {
    const users = this.readStore.collection(USERS);
    return Promise.all(
      groups.map(async (g) => ({
        id: g._id,
        name: g.name,
        description: g.description,
        order: g.order,
        categoryIds: g.categoryIds,
        memberCount: await users.count({ groupIds: g._id }),
        createdAt: g.createdAt,
      })),
    );
  }

  async group(id: string): Promise<GroupRecord> {
    await this.readModels.settled();
    const group = await this.groups.findById(id);
    if (!group) throw new NotFoundError('Unknown group');
    return (await this.groupRecords([group]))[0];
  }

  async createGroup(body: GroupBody): Promise<GroupRecord> {
    const groupId = uuidv7();
    const order = body.order ?? (await this.groups.count());
    await this.commands.run(groupDecider, groupStream(groupId), { type: 'CreateGroup', groupId, name: body.name, description: body.description, order });
    if (body.categoryIds?.length) await this.associate(groupId, body.categoryIds);
    return this.group(groupId);
  }

  async updateGroup(groupId: string, body: GroupBody): Promise<GroupRecord> {
    await this.group(groupId);
    const stream = groupStream(groupId);
    await this.commands.run(groupDecider, stream, { type: 'RenameGroup', groupId, name: body.name });
    if (body.description !== undefined) await this.commands.run(groupDecider, stream, { type: 'DescribeGroup', groupId, description: body.description });
    if (body.order !== undefined) await this.commands.run(groupDecider, stream, { type: 'ReorderGroup', groupId, order: body.order });
    if (body.categoryIds !== undefined) await this.associate(groupId, body.categoryIds);
    return this.group(groupId);
  }

  async associate(groupId: string, categoryIds: string[]): Promise<void> {
    const known = (await this.categories.find({}, { projection: { _id: 1 } })).map((c) => c._id);
    await this.commands.run(groupDecider, groupStream(groupId), { type: 'AssociateCategories', groupId, categoryIds, knownCategoryIds: known });
  }

  async deleteGroup(groupId: string): Promise<GroupRecord> {
    const record = await this.group(groupId);
    await this.commands.run(groupDecider, groupStream(groupId), { type: 'DeleteGroup', groupId });
    return record;
  }

  async category(id: string): Promise<CategoryRecord> {
    await this.readModels.settled();
    const category = await this.categories.findById(id);
    if (!category) throw new NotFoundError('Unknown category');
    return categoryRecord(category);
  }

  async createCategory(body: CategoryBody): Promise<CategoryRecord> {
    const categoryId = uuidv7();
    await this.commands.run(categoryDecider, categoryStream(categoryId), { type: 'CreateCategory', categoryId, name: body.name });
    return this.category(categoryId);
  }

  async updateCategory(categoryId: string, body: CategoryBody): Promise<CategoryRecord> {
    await this.category(categoryId);
    await this.commands.run(categoryDecider, categoryStream(categoryId), { type: 'RenameCategory', categoryId, name: body.name });
    return this.category(categoryId);
  }

  async deleteCategory(categoryId: string): Promise<CategoryRecord> {
    const record = await this.category(categoryId);
    await this.commands.run(categoryDecider, categoryStream(categoryId), { type: 'DeleteCategory', categoryId });
    return record;
  }

  async customField(id: string): Promise<CustomFieldRecord> {
    await this.readModels.settled();
    const field = await this.customFields.findById(id);
    if (!field) throw new NotFoundError('Unknown custom field');
    return customFieldRecord(field);
  }

  async createCustomField(body: CustomFieldBody): Promise<CustomFieldRecord> {
    const customFieldId = uuidv7();
    await this.commands.run(customFieldDecider, customFieldStream(customFieldId), { type: 'DefineCustomField', customFieldId, ...labels(body) });
    return this.customField(customFieldId);
  }

  async updateCustomField(customFieldId: string, body: CustomFieldBody): Promise<CustomFieldRecord> {
    await this.customField(customFieldId);
    await this.commands.run(customFieldDecider, customFieldStream(customFieldId), { type: 'ChangeCustomField', customFieldId, ...labels(body) });
    return this.customField(customFieldId);
  }

  async deleteCustomField(customFieldId: string): Promise<CustomFieldRecord> {
    const record = await this.customField(customFieldId);
    await this.commands.run(customFieldDecider, customFieldStream(customFieldId), { type: 'DeleteCustomField', customFieldId });
    return record;
  }
}

function labels(body: CustomFieldBody) {
  return { name: body.name, labelEn: body.labelEn ?? '', labelFr: body.labelFr ?? '', labelEs: body.labelEs ?? '', labelDe: body.labelDe ?? '' };
}
