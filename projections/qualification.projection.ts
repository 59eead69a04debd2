import type { CompletedSpeach, RecordedEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';

/** What the projection keeps of each speach: its chapter tree now, and the chapters of every published version. */
export const GXP_SPEACHES = 'gxp_speaches';
/** Per (speach, learner): the chapters read per version and the dated completions, each pinned to a version. */
export const GXP_TRAINING = 'gxp_training';
/** One impact assessment per version published as a material change. */
export const GXP_IMPACT = 'gxp_impact';
/** Per (path, learner): the dated path completions with their validity. */
export const GXP_PATH_COMPLETIONS = 'gxp_path_completions';

export interface GxpVersion {
  version: number;
  chapterIds: string[];
  publishedAt: string;
  /** When it replaced the previous version for learners: the scheduled date of a delayed publication. */
  effectiveAt: string;
  materialChange: boolean;
}

export interface GxpSpeachDocument extends ProjectedDocument {
  title: string;
  /** chapterId → parentId of the draft's chapters. */
  parents: Record<string, string | null>;
  versions: GxpVersion[];
}

export interface GxpCompletion {
  version: number;
  at: string;
  contentHash: string | null;
  /** false: a chapter of it was recorded before versions were pinned, and was taken as the version in force then. */
  pinned: boolean;
  /**
   * A regulated speach's completion signed by the learner (meaning `trained`): the manifestation of the signature.
   * The printed name is the signer's name at `signedAt`, resolved when the record is shown (personal data stays out of events).
   */
  signature?: GxpSignature | null;
}

export interface GxpSignature {
  signerId: string;
  signedAt: string;
  timeZone: string;
  contentHash: string;
}

export interface GxpRetraining {
  version: number;
  dueDate: string;
  assessmentId: string;
  assignedAt: string;
}

export interface GxpTrainingDocument extends ProjectedDocument {
  speachId: string;
  userId: string;
  /** version → chapter ids read of it. */
  reads: Record<string, string[]>;
  hashes: Record<string, string>;
  inferred: number[];
  completions: GxpCompletion[];
  retraining: GxpRetraining[];
  /** The earliest due date of a retraining the learner still owes (a version not completed yet), else null: their "assigned" list. */
  retrainingDue?: string | null;
}

export interface GxpImpactLearner {
  userId: string;
  version: number;
  completedAt: string;
}

export interface GxpImpactDocument extends ProjectedDocument {
  speachId: string;
  title: string;
  version: number;
  openedAt: string;
  learners: GxpImpactLearner[];
  status: 'OPEN' | 'CONFIRMED';
  dueDate: string | null;
  confirmedBy: string | null;
  confirmedAt: string | null;
}

export interface GxpPathCompletion {
  completedAt: string;
  validUntil: string | null;
  speaches: CompletedSpeach[];
  certificateCode: string;
}

export interface GxpPathCompletionsDocument extends ProjectedDocument {
  pathId: string;
  userId: string;
  title: string;
  completions: GxpPathCompletion[];
}

/** The version learners were given at `at`: the last one whose publication had taken effect. */
export function versionInForce(versions: GxpVersion[], at: string): GxpVersion | null {
  let found: GxpVersion | null = null;
  for (const v of versions) if (v.effectiveAt <= at && (!found || v.version > found.version)) found = v;
  return found;
}

function withoutSubtree(parents: Record<string, string | null>, root: string): Record<string, string | null> {
  const gone = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [id, parent] of Object.entries(parents)) {
      if (parent !== null && gone.has(parent) && !gone.has(id)) {
        gone.add(id);
        grew = true;
      }
    }
  }
  return Object.fromEntries(Object.entries(parents).filter(([id]) => !gone.has(id)));
}

const emptyTraining = (speachId: string, userId: string): GxpTrainingDocument => ({
  _id: `${speachId}:${userId}`,
  speachId,
  userId,
  reads: {},
  hashes: {},
  inferred: [],
  completions: [],
  retraining: [],
});

const speachPatch = (writer: ProjectionWriter, event: RecordedEvent, change: (doc: GxpSpeachDocument) => Partial<GxpSpeachDocument>) => {
  const { speachId } = event.data as { speachId: string };
  return writer.upsert<GxpSpeachDocument>(GXP_SPEACHES, speachId, (doc) => (doc ? { ...doc, ...change(doc) } : null));
};

/** Keeps `retrainingDue` in step with the retrainings and completions a change leaves on the document. */
function owed(change: (current: GxpTrainingDocument | null) => GxpTrainingDocument): (current: GxpTrainingDocument | null) => GxpTrainingDocument {
  return (current) => {
    const doc = change(current);
    const open = doc.retraining.filter((r) => !doc.completions.some((c) => c.version >= r.version)).map((r) => r.dueDate);
    const retrainingDue = open.length ? open.reduce((a, b) => (b < a ? b : a)) : null;
    return doc.retrainingDue === retrainingDue ? doc : { ...doc, retrainingDue };
  };
}

async function onProgress(event: RecordedEvent, writer: ProjectionWriter): Promise<void> {
  const d = event.data as { speachId: string; userId: string; chapterId: string; version?: number | null; contentHash?: string | null };
  const speach = await writer.get<GxpSpeachDocument>(GXP_SPEACHES, d.speachId);
  if (!speach) return;
  // A ChapterRead without a version is an editor reading the draft: no training. An answer recorded before
  // versions were pinned has none either: it is taken as the version in force at that moment, and said so.
  const known = typeof d.version === 'number';
  if (!known && event.type === 'ChapterRead') return;
  const version = known ? speach.versions.find((v) => v.version === d.version) : versionInForce(speach.versions, event.time);
  if (!version) return;
  const id = `${d.speachId}:${d.userId}`;
  await writer.upsert<GxpTrainingDocument>(
    GXP_TRAINING,
    id,
    owed((current) => {
      const doc = current ?? emptyTraining(d.speachId, d.userId);
      const key = String(version.version);
      const read = doc.reads[key] ?? [];
      const reads = { ...doc.reads, [key]: read.includes(d.chapterId) ? read : [...read, d.chapterId] };
      const hashes = d.contentHash ? { ...doc.hashes, [key]: d.contentHash } : doc.hashes;
      const inferred = !known && !doc.inferred.includes(version.version) ? [...doc.inferred, version.version] : doc.inferred;
      const done = version.chapterIds.length > 0 && version.chapterIds.every((c) => reads[key].includes(c));
      const already = doc.completions.some((c) => c.version === version.version);
      const completions =
        done && !already
          ? [...doc.completions, { version: version.version, at: event.time, contentHash: hashes[key] ?? null, pinned: !inferred.includes(version.version) }]
          : doc.completions;
      return { ...doc, reads, hashes, inferred, completions };
    }),
  );
}

/**
 * The dated training history behind the qualification queries and the impact assessments (issue 23 items 4-5):
 * a speach version is completed when every chapter of that version was read (or answered) on that version.
 * Reading an earlier version's chapters does not count for a later one: retraining means reading it again.
 */
export const qualificationProjection: ProjectionDefinition = {
  name: 'qualification',
  // 2: a completion's signature names its signer, not their printed name (SignatureApplied schema 2).
  version: 2,
  collections: [
    { name: GXP_SPEACHES },
    { name: GXP_TRAINING, indexes: [{ field: 'speachId' }, { field: 'userId' }, { fields: [{ field: 'userId' }, { field: 'retrainingDue' }] }] },
    { name: GXP_IMPACT, indexes: [{ field: 'speachId' }, { field: 'openedAt' }] },
    { name: GXP_PATH_COMPLETIONS, indexes: [{ field: 'pathId' }, { field: 'userId' }] },
  ],
  handlers: {
    SpeachCreated: async (event, writer) => {
      const d = event.data as { speachId: string; title: string; chapters: { chapterId: string; parentId: string | null }[] };
      await writer.upsert<GxpSpeachDocument>(GXP_SPEACHES, d.speachId, () => ({
        _id: d.speachId,
        title: d.title,
        parents: Object.fromEntries(d.chapters.map((c) => [c.chapterId, c.parentId])),
        versions: [],
      }));
    },
    SpeachDetailsChanged: (event, writer) => speachPatch(writer, event, (doc) => ({ title: (event.data as { title?: string }).title ?? doc.title })),
    ChapterAdded: (event, writer) => {
      const d = event.data as { chapterId: string; parentId: string | null };
      return speachPatch(writer, event, (doc) => ({ parents: { ...doc.parents, [d.chapterId]: d.parentId } }));
    },
    ChapterMoved: (event, writer) => {
      const d = event.data as { chapterId: string; parentId: string | null };
      return speachPatch(writer, event, (doc) => ({ parents: { ...doc.parents, [d.chapterId]: d.parentId } }));
    },
    ChapterRemoved: (event, writer) =>
      speachPatch(writer, event, (doc) => ({ parents: withoutSubtree(doc.parents, (event.data as { chapterId: string }).chapterId) })),
    SpeachPublished: async (event, writer) => {
      const d = event.data as { speachId: string; version: number; scheduledFor: string | null; materialChange?: boolean };
      const speach = await writer.get<GxpSpeachDocument>(GXP_SPEACHES, d.speachId);
      if (!speach) return;
      const entry: GxpVersion = {
        version: d.version,
        chapterIds: Object.keys(speach.parents),
        publishedAt: event.time,
        effectiveAt: d.scheduledFor ?? event.time,
        materialChange: d.materialChange === true,
      };
      await speachPatch(writer, event, (doc) => ({ versions: [...doc.versions.filter((v) => v.version !== d.version), entry] }));
      if (!entry.materialChange) return;
      // Who was trained on an earlier version when the material change was published: their latest completion.
      const trained = await writer.find<GxpTrainingDocument>(GXP_TRAINING, { speachId: d.speachId });
      const learners: GxpImpactLearner[] = [];
      for (const t of trained) {
        const earlier = t.completions.filter((c) => c.version < d.version);
        if (earlier.length === 0 || t.completions.some((c) => c.version >= d.version)) continue;
        const last = earlier.reduce((a, b) => (b.at > a.at ? b : a));
        learners.push({ userId: t.userId, version: last.version, completedAt: last.at });
      }
      const id = `${d.speachId}-v${d.version}`;
      await writer.upsert<GxpImpactDocument>(GXP_IMPACT, id, () => ({
        _id: id,
        speachId: d.speachId,
        title: speach.title,
        version: d.version,
        openedAt: event.time,
        learners: learners.sort((a, b) => (a.userId < b.userId ? -1 : 1)),
        status: 'OPEN',
        dueDate: null,
        confirmedBy: null,
        confirmedAt: null,
      }));
    },
    ChapterRead: onProgress,
    ChapterAnswered: onProgress,
    // A signed completion of a regulated speach is a completion of that version, whatever was read before.
    TrainingCompleted: async (event, writer) => {
      const d = event.data as { speachId: string; userId: string; version: number; contentHash: string; at: string };
      await writer.upsert<GxpTrainingDocument>(
        GXP_TRAINING,
        `${d.speachId}:${d.userId}`,
        owed((current) => {
          const doc = current ?? emptyTraining(d.speachId, d.userId);
          if (doc.completions.some((c) => c.version === d.version)) return doc;
          return { ...doc, completions: [...doc.completions, { version: d.version, at: d.at, contentHash: d.contentHash, pinned: true }] };
        }),
      );
    },
    SignatureApplied: async (event, writer) => {
      const d = event.data as {
        speachId: string;
        signerId: string;
        meaning: string;
        version: number;
        signedAt: string;
        timeZone: string;
        contentHash: string;
      };
      if (d.meaning !== 'trained') return;
      await writer.upsert<GxpTrainingDocument>(
        GXP_TRAINING,
        `${d.speachId}:${d.signerId}`,
        owed((current) => {
          const doc = current ?? emptyTraining(d.speachId, d.signerId);
          const signature: GxpSignature = { signerId: d.signerId, signedAt: d.signedAt, timeZone: d.timeZone, contentHash: d.contentHash };
          const has = doc.completions.some((c) => c.version === d.version);
          const completions = has
            ? doc.completions.map((c) => (c.version === d.version ? { ...c, signature } : c))
            : [...doc.completions, { version: d.version, at: d.signedAt, contentHash: d.contentHash, pinned: true, signature }];
          return { ...doc, completions };
        }),
      );
    },
    ImpactAssessmentConfirmed: async (event, writer) => {
      const d = event.data as { assessmentId: string; dueDate: string; confirmedBy: string };
      await writer.upsert<GxpImpactDocument>(GXP_IMPACT, d.assessmentId, (doc) =>
        doc ? { ...doc, status: 'CONFIRMED', dueDate: d.dueDate, confirmedBy: d.confirmedBy, confirmedAt: event.time } : null,
      );
    },
    RetrainingAssigned: async (event, writer) => {
      const d = event.data as { speachId: string; userId: string; version: number; dueDate: string; assessmentId: string };
      const id = `${d.speachId}:${d.userId}`;
      await writer.upsert<GxpTrainingDocument>(
        GXP_TRAINING,
        id,
        owed((current) => {
          const doc = current ?? emptyTraining(d.speachId, d.userId);
          const retraining = doc.retraining.some((r) => r.version === d.version)
            ? doc.retraining
            : [...doc.retraining, { version: d.version, dueDate: d.dueDate, assessmentId: d.assessmentId, assignedAt: event.time }];
          return { ...doc, retraining };
        }),
      );
    },
    PathCompleted: async (event, writer) => {
      const d = event.data as {
        pathId: string;
        userId: string;
        title: string;
        completedAt: string;
        validUntil: string | null;
        speaches: CompletedSpeach[];
        certificateCode: string;
      };
      const id = `${d.pathId}:${d.userId}`;
      await writer.upsert<GxpPathCompletionsDocument>(GXP_PATH_COMPLETIONS, id, (current) => {
        const doc: GxpPathCompletionsDocument = current ?? { _id: id, pathId: d.pathId, userId: d.userId, title: d.title, completions: [] };
        if (doc.completions.some((c) => c.certificateCode === d.certificateCode)) return doc;
        const entry = { completedAt: d.completedAt, validUntil: d.validUntil, speaches: d.speaches, certificateCode: d.certificateCode };
        return { ...doc, title: d.title, completions: [...doc.completions, entry] };
      });
    },
  },
};
