import { GROUPS, type GroupDocument, CATEGORIES, type CategoryDocument } from '../../projections/organisation.projection';
import { LEARNER_PROGRESS, type ProgressDocument, SPEACHES, type SpeachDocument } from '../speach';
import { USERS, type UserDocument } from '../../projections/users.projection';
import { GXP_TRAINING, type GxpTrainingDocument } from '../../projections/qualification.projection';
import { PATH_LEARNERS, PATHS, type PathDocument, type PathLearnerDocument, dueDateFor, isAssignedTo, pathProgress } from '../paths';
import { PERIODIC_REVIEWS, type PeriodicReviewDocument, WORKFLOWS, type WorkflowDocument } from '../workflow';
import type { Collection, Document, Filter, ReadStore } from '../infrastructure/read-store/read-store.port';
import type { CsvTemplateInfo } from './exports.view';

export type { CsvTemplateInfo } from './exports.view';

export type CsvRow = Record<string, string | number | boolean | null>;

/** Reads one page of a read model at a time: what the job holds in memory is one page, never the export. */
export interface CsvTemplate extends CsvTemplateInfo {
  columns: string[];
  /** How many source documents the export walks (the progress total). */
  count(store: ReadStore): Promise<number>;
  /** Pages of rows, each built from one page of source documents. */
  pages(store: ReadStore, pageSize: number): AsyncIterable<{ sources: number; rows: CsvRow[] }>;
}

/** Keyset paging on `_id`: each page is a bounded query, whatever the collection's size. */
export async function* pagesOf<T extends Document>(collection: Collection<T>, filter: Filter, pageSize: number): AsyncIterable<T[]> {
  let after: string | null = null;
  for (;;) {
    const page: T[] = await collection.find(after === null ? filter : { $and: [filter, { _id: { $gt: after } }] }, { sort: { _id: 1 }, limit: pageSize });
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    after = page[page.length - 1]._id;
  }
}

/** Names of the documents a page refers to (users, speaches), looked up once per page. */
async function namesById<T extends Document>(store: ReadStore, collection: string, ids: Iterable<string>): Promise<Map<string, T>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (unique.length === 0) return new Map();
  const docs = await store.collection<T>(collection).findByIds(unique);
  return new Map(docs.map((doc) => [doc._id, doc]));
}

const roleNames = (user: UserDocument) => user.roles.join(' ');

function simpleTemplate<T extends Document>(
  info: CsvTemplateInfo,
  collection: string,
  filter: Filter,
  columns: string[],
  toRows: (page: T[], store: ReadStore) => Promise<CsvRow[]>,
): CsvTemplate {
  return {
    ...info,
    columns,
    count: (store) => store.collection<T>(collection).count(filter),
    async *pages(store, pageSize) {
      for await (const page of pagesOf(store.collection<T>(collection), filter, pageSize)) yield { sources: page.length, rows: await toRows(page, store) };
    },
  };
}

const users = simpleTemplate<UserDocument>(
  { templateName: 'users', labelEn: 'Users', labelFr: 'Utilisateurs', labelEs: 'Usuarios', labelDe: 'Benutzer' },
  USERS,
  {},
  ['userID', 'email', 'firstName', 'lastName', 'roles', 'groups', 'active', 'createdAt', 'lastActiveDate'],
  async (page, store) => {
    const groups = await namesById<GroupDocument>(
      store,
      GROUPS,
      page.flatMap((u) => u.groupIds),
    );
    return page.map((u) => ({
      userID: u._id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      roles: roleNames(u),
      groups: u.groupIds.map((id) => groups.get(id)?.name ?? id).join(' | '),
      active: u.active,
      createdAt: u.createdAt,
      lastActiveDate: u.lastActiveAt,
    }));
  },
);

const speaches = simpleTemplate<SpeachDocument>(
  { templateName: 'speaches', labelEn: 'Speaches', labelFr: 'Speaches', labelEs: 'Speaches', labelDe: 'Speaches' },
  SPEACHES,
  { isTemplate: false },
  [
    'speachID',
    'title',
    'author',
    'category',
    'language',
    'visibility',
    'state',
    'publishedVersion',
    'firstPublishedAt',
    'createdAt',
    'lastUpdatedDate',
    'dueDate',
  ],
  async (page, store) => {
    const [authors, categories] = await Promise.all([
      namesById<UserDocument>(
        store,
        USERS,
        page.map((s) => s.authorId),
      ),
      namesById<CategoryDocument>(
        store,
        CATEGORIES,
        page.map((s) => s.categoryId ?? ''),
      ),
    ]);
    return page.map((s) => ({
      speachID: s._id,
      title: s.title,
      author: authors.get(s.authorId)?.email ?? s.authorId,
      category: s.categoryId ? (categories.get(s.categoryId)?.name ?? '') : '',
      language: s.language,
      visibility: s.visibility,
      state: s.archived ? 'ARCHIVE' : s.published ? 'PUBLIE' : 'NON_PUBLIE',
      publishedVersion: s.publishedVersion,
      firstPublishedAt: s.firstPublishedAt,
      createdAt: s.createdAt,
      lastUpdatedDate: s.updatedAt,
      dueDate: s.dueDate,
    }));
  },
);

async function progressContext(page: ProgressDocument[], store: ReadStore) {
  const [readers, read] = await Promise.all([
    namesById<UserDocument>(
      store,
      USERS,
      page.map((p) => p.userId),
    ),
    namesById<SpeachDocument>(
      store,
      SPEACHES,
      page.map((p) => p.speachId),
    ),
  ]);
  return { readers, read };
}

const reads = simpleTemplate<ProgressDocument>(
  { templateName: 'reads', labelEn: 'Reads', labelFr: 'Lectures', labelEs: 'Lecturas', labelDe: 'Lesevorgänge' },
  LEARNER_PROGRESS,
  {},
  ['userID', 'email', 'speachID', 'title', 'chaptersRead', 'lastChapterID', 'lastReadDate', 'versionsRead', 'completedVersion', 'completedAt', 'contentHash'],
  async (page, store) => {
    const [{ readers, read }, trainings] = await Promise.all([
      progressContext(page, store),
      // Issue 23 item 4: the versions read and the latest completion, each pinned to the version (and hash) the learner saw.
      store
        .collection<GxpTrainingDocument>(GXP_TRAINING)
        .findByIds(page.map((p) => `${p.speachId}:${p.userId}`))
        .then((docs) => new Map(docs.map((d) => [d._id, d]))),
    ]);
    return page.map((p) => {
      const training = trainings.get(`${p.speachId}:${p.userId}`);
      const completed = training?.completions.reduce<GxpTrainingDocument['completions'][number] | null>((a, b) => (!a || b.at > a.at ? b : a), null) ?? null;
      return {
        userID: p.userId,
        email: readers.get(p.userId)?.email ?? '',
        speachID: p.speachId,
        title: read.get(p.speachId)?.title ?? '',
        chaptersRead: p.readChapterIds.length,
        lastChapterID: p.lastChapterId,
        lastReadDate: p.lastReadAt,
        versionsRead: versionsRead(training),
        completedVersion: completed?.version ?? null,
        completedAt: completed?.at ?? null,
        contentHash: completed?.contentHash ?? null,
      };
    });
  },
);

/** The versions a learner read chapters of, oldest first ("1 2"). */
function versionsRead(training: GxpTrainingDocument | undefined): string {
  if (!training) return '';
  return Object.entries(training.reads)
    .filter(([version, chapters]) => chapters.length > 0 && /^\d+$/.test(version))
    .map(([version]) => Number(version))
    .sort((a, b) => a - b)
    .join(' ');
}

const quizResults = simpleTemplate<ProgressDocument>(
  {
    templateName: 'quizResults',
    labelEn: 'Quiz results',
    labelFr: 'Résultats des quiz',
    labelEs: 'Resultados de los cuestionarios',
    labelDe: 'Quizergebnisse',
  },
  LEARNER_PROGRESS,
  { quizResults: { $ne: {} } },
  ['userID', 'email', 'speachID', 'title', 'chapterID', 'chapterTitle', 'score', 'max', 'percent', 'passed'],
  async (page, store) => {
    const { readers, read } = await progressContext(page, store);
    return page.flatMap((p) =>
      Object.entries(p.quizResults ?? {}).map(([chapterId, result]) => ({
        userID: p.userId,
        email: readers.get(p.userId)?.email ?? '',
        speachID: p.speachId,
        title: read.get(p.speachId)?.title ?? '',
        chapterID: chapterId,
        chapterTitle: read.get(p.speachId)?.draft.chapters[chapterId]?.title ?? '',
        score: result.score,
        max: result.max,
        percent: result.percent,
        passed: result.passed,
      })),
    );
  },
);

const HISTORY_COLUMNS = ['kind', 'recordID', 'speachID', 'title', 'name', 'state', 'event', 'step', 'totalSteps', 'by', 'date', 'comment'];

/** Workflow events (one row per history entry) then periodic-review decisions, from engineer W's read models. */
const workflowHistory: CsvTemplate = {
  templateName: 'workflowHistory',
  labelEn: 'Workflow and review history',
  labelFr: 'Historique des workflows et des revues',
  labelEs: 'Historial de flujos y revisiones',
  labelDe: 'Workflow- und Überprüfungsverlauf',
  columns: HISTORY_COLUMNS,
  async count(store) {
    const [workflows, reviews] = await Promise.all([store.collection(WORKFLOWS).count({}), store.collection(PERIODIC_REVIEWS).count({})]);
    return workflows + reviews;
  },
  async *pages(store, pageSize) {
    for await (const page of pagesOf(store.collection<WorkflowDocument>(WORKFLOWS), {}, pageSize)) {
      const [titles, people] = await Promise.all([
        namesById<SpeachDocument>(
          store,
          SPEACHES,
          page.map((w) => w.speachId),
        ),
        namesById<UserDocument>(
          store,
          USERS,
          page.flatMap((w) => w.history.map((h) => h.by ?? '')),
        ),
      ]);
      const rows = page.flatMap((w) =>
        w.history.map((h) => ({
          kind: 'WORKFLOW',
          recordID: w._id,
          speachID: w.speachId,
          title: titles.get(w.speachId)?.title ?? '',
          name: w.name,
          state: w.state,
          event: h.type,
          step: h.step,
          totalSteps: w.totalSteps,
          by: h.by ? (people.get(h.by)?.email ?? h.by) : '',
          date: h.at,
          comment: h.comment,
        })),
      );
      yield { sources: page.length, rows };
    }
    for await (const page of pagesOf(store.collection<PeriodicReviewDocument>(PERIODIC_REVIEWS), {}, pageSize)) {
      const [titles, people] = await Promise.all([
        namesById<SpeachDocument>(
          store,
          SPEACHES,
          page.map((r) => r.speachId),
        ),
        namesById<UserDocument>(
          store,
          USERS,
          page.flatMap((r) => r.decisions.map((d) => d.by)),
        ),
      ]);
      const rows = page.flatMap((r) => {
        const base = {
          kind: 'PERIODIC_REVIEW',
          recordID: r._id,
          speachID: r.speachId,
          title: titles.get(r.speachId)?.title ?? '',
          name: r.frequency ?? '',
          state: r.status,
          step: null,
          totalSteps: null,
        };
        const scheduled = { ...base, event: 'NEXT_REVIEW', by: '', date: r.nextReviewAt, comment: null };
        return [
          ...r.decisions.map((d) => ({ ...base, event: d.decision, by: people.get(d.by)?.email ?? d.by, date: d.at, comment: d.comment })),
          ...(r.nextReviewAt ? [scheduled] : []),
        ];
      });
      yield { sources: page.length, rows };
    }
  },
};

const PATH_COLUMNS = [
  'pathID',
  'pathTitle',
  'userID',
  'email',
  'learner',
  'assignment',
  'percent',
  'completed',
  'completedAt',
  'validUntil',
  'certificateCode',
  'dueDate',
];

/**
 * One row per learner × path (issue 18): the learners a published (or since archived) path concerns are
 * its assigned users, the members of its assigned groups and those who enrolled. Progress comes from the
 * same `pathProgress` as the learner's page; the completion columns are the latest completion's.
 */
const pathProgressTemplate = simpleTemplate<PathDocument>(
  {
    templateName: 'pathProgress',
    labelEn: 'Learning path progress',
    labelFr: 'Progression des parcours',
    labelEs: 'Progreso de los itinerarios',
    labelDe: 'Lernpfad-Fortschritt',
  },
  PATHS,
  { state: { $in: ['PUBLIE', 'ARCHIVE'] } },
  PATH_COLUMNS,
  async (page, store) => {
    const now = new Date().toISOString();
    const pathIds = page.map((p) => p._id);
    const groupIds = [...new Set(page.flatMap((p) => p.groupIds))];
    const [enrolments, groupMembers] = await Promise.all([
      store.collection<PathLearnerDocument>(PATH_LEARNERS).find({ pathId: { $in: pathIds } }),
      groupIds.length ? store.collection<UserDocument>(USERS).find({ groupIds: { $in: groupIds } }, { projection: { _id: 1 } }) : Promise.resolve([]),
    ]);
    const learnerDocs = new Map(enrolments.map((l) => [l._id, l]));
    const people = await namesById<UserDocument>(store, USERS, [
      ...page.flatMap((p) => p.userIds),
      ...groupMembers.map((u) => u._id),
      ...enrolments.map((l) => l.userId),
    ]);
    const rows: CsvRow[] = [];
    for (const path of page) {
      const enrolled = new Set(enrolments.filter((l) => l.pathId === path._id && l.enrolled).map((l) => l.userId));
      const learners = [...people.values()].filter((u) => isAssignedTo(path, { id: u._id, groupIds: u.groupIds }) || enrolled.has(u._id));
      learners.sort((a, b) => a._id.localeCompare(b._id));
      for (const user of learners) {
        const progress = await pathProgress(store, user._id, path.speachIds, path.sequential, now);
        const latest = learnerDocs.get(`${path._id}:${user._id}`)?.completions.at(-1);
        const learner = { id: user._id, groupIds: user.groupIds };
        rows.push({
          pathID: path._id,
          pathTitle: path.title,
          userID: user._id,
          email: user.email,
          learner: `${user.firstName} ${user.lastName}`.trim(),
          assignment: isAssignedTo(path, learner) ? 'ASSIGNED' : 'ENROLLED',
          percent: progress.percent,
          completed: progress.completed,
          completedAt: latest?.completedAt ?? null,
          validUntil: latest?.validUntil ?? null,
          certificateCode: latest?.certificateCode ?? null,
          dueDate: isAssignedTo(path, learner) ? dueDateFor(path, learner) : null,
        });
      }
    }
    return rows;
  },
);

export const CSV_TEMPLATES: CsvTemplate[] = [users, speaches, reads, quizResults, workflowHistory, pathProgressTemplate];

export function templateInfo(template: CsvTemplate): CsvTemplateInfo {
  const { templateName, labelEn, labelFr, labelEs, labelDe } = template;
  return { templateName, labelEn, labelFr, labelEs, labelDe };
}
