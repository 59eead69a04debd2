import type { AiJobEvent, AiPlan, AiSpeachMapping, AiUsage, RecordedEvent } from '../events';
import type { ProjectedDocument, ProjectionDefinition, ProjectionWriter } from './projection';

export const AI_JOBS = 'ai_jobs';
export const AI_USAGE = 'ai_usage';
export const AI_GENERATIONS = 'ai_generations';
export const AI_CHAPTERS = 'ai_chapters';

/** One AI job: what the worker resumes after a restart, and whose it is. */
export interface AiJobDocument extends ProjectedDocument {
  kind: 'document' | 'plan' | 'chapter' | 'quiz';
  status: 'pending' | 'done' | 'failed' | 'cancelled';
  ownerId: string;
  name: string | null;
  speachId: string | null;
  chapterId: string | null;
  requestedAt: string;
  finishedAt: string | null;
}

/** Spend of one month (UTC), per author (`author:{id}:{yyyy-mm}`) and for the organisation (`org:{yyyy-mm}`). */
export interface AiUsageDocument extends ProjectedDocument {
  scope: 'author' | 'organisation';
  ownerId: string | null;
  month: string;
  calls: number;
  costUnits: number;
  promptTokens: number;
  completionTokens: number;
  characters: number;
  durationMs: number;
  /** Calls per model. */
  models: Record<string, number>;
}

/** The plan a generated speach came from, for the restore calls. */
export interface AiGenerationDocument extends ProjectedDocument {
  ownerId: string;
  planJobId: string | null;
  plan: AiPlan;
  mapping: AiSpeachMapping;
  documentJobIds: string[];
}

/** Which speach a chapter belongs to (the quiz calls name only the chapter). */
export interface AiChapterDocument extends ProjectedDocument {
  speachId: string;
}

type Data<T extends AiJobEvent['type']> = Extract<AiJobEvent, { type: T }>['data'];

function requested(kind: AiJobDocument['kind'], details: (data: never) => Partial<AiJobDocument>) {
  return async (event: RecordedEvent, writer: ProjectionWriter) => {
    const data = event.data as { jobId: string; ownerId: string };
    await writer.upsert<AiJobDocument>(AI_JOBS, data.jobId, () => ({
      _id: data.jobId,
      kind,
      status: 'pending',
      ownerId: data.ownerId,
      name: null,
      speachId: null,
      chapterId: null,
      requestedAt: event.time,
      finishedAt: null,
      ...details(data as never),
    }));
  };
}

async function meter(writer: ProjectionWriter, id: string, base: Pick<AiUsageDocument, 'scope' | 'ownerId' | 'month'>, usage: AiUsage) {
  await writer.upsert<AiUsageDocument>(AI_USAGE, id, (doc) => {
    const current: AiUsageDocument = doc ?? {
      _id: id,
      ...base,
      calls: 0,
      costUnits: 0,
      promptTokens: 0,
      completionTokens: 0,
      characters: 0,
      durationMs: 0,
      models: {},
    };
    return {
      ...current,
      calls: current.calls + 1,
      costUnits: Math.round((current.costUnits + usage.costUnits) * 1000) / 1000,
      promptTokens: current.promptTokens + usage.promptTokens,
      completionTokens: current.completionTokens + usage.completionTokens,
      characters: current.characters + usage.characters,
      durationMs: current.durationMs + usage.durationMs,
      models: { ...current.models, [usage.model]: (current.models[usage.model] ?? 0) + 1 },
    };
  });
}

function finished(status: AiJobDocument['status']) {
  return async (event: RecordedEvent, writer: ProjectionWriter) => {
    const data = event.data as { jobId: string; usage?: AiUsage | null };
    const job = await writer.get<AiJobDocument>(AI_JOBS, data.jobId);
    await writer.upsert<AiJobDocument>(AI_JOBS, data.jobId, (doc) => (doc ? { ...doc, status, finishedAt: event.time } : null));
    // Every generator call is metered, quiz calls and failed calls included.
    if (!job || !data.usage) return;
    const month = event.time.slice(0, 7);
    await meter(writer, `author:${job.ownerId}:${month}`, { scope: 'author', ownerId: job.ownerId, month }, data.usage);
    await meter(writer, `org:${month}`, { scope: 'organisation', ownerId: null, month }, data.usage);
  };
}

export const aiProjection: ProjectionDefinition = {
  name: 'ai',
  version: 1,
  collections: [
    { name: AI_JOBS, indexes: [{ field: 'status' }, { field: 'ownerId' }] },
    { name: AI_USAGE, indexes: [{ fields: [{ field: 'scope' }, { field: 'month' }] }] },
    { name: AI_GENERATIONS, indexes: [{ field: 'ownerId' }] },
    { name: AI_CHAPTERS, indexes: [{ field: 'speachId' }] },
  ],
  handlers: {
    AiDocumentUploaded: requested('document', (d: Data<'AiDocumentUploaded'>) => ({ name: d.name })),
    AiPlanRequested: requested('plan', () => ({})),
    AiChapterGenerationRequested: requested('chapter', (d: Data<'AiChapterGenerationRequested'>) => ({ speachId: d.speachId, chapterId: d.chapterId })),
    AiQuizGenerationRequested: requested('quiz', (d: Data<'AiQuizGenerationRequested'>) => ({ speachId: d.speachId, chapterId: d.chapterId })),
    AiDocumentParsed: finished('done'),
    AiPlanGenerated: finished('done'),
    AiChapterGenerated: finished('done'),
    AiQuizGenerated: finished('done'),
    AiJobFailed: finished('failed'),
    AiJobCancelled: finished('cancelled'),
    AiPlanValidated: async (event, writer) => {
      const data = event.data as { speachId: string; ownerId: string; planJobId: string | null; plan: AiPlan; mapping: AiSpeachMapping };
      const documentJobIds = [...new Set(data.plan.chapters.flatMap((c) => c.subchapters.flatMap((s) => s.documentPages.map((p) => p.jobID))))];
      await writer.upsert<AiGenerationDocument>(AI_GENERATIONS, data.speachId, () => ({
        _id: data.speachId,
        ownerId: data.ownerId,
        planJobId: data.planJobId,
        plan: data.plan,
        mapping: data.mapping,
        documentJobIds,
      }));
    },
    SpeachCreated: async (event, writer) => {
      const data = event.data as { speachId: string; chapters: { chapterId: string }[] };
      for (const chapter of data.chapters)
        await writer.upsert<AiChapterDocument>(AI_CHAPTERS, chapter.chapterId, () => ({ _id: chapter.chapterId, speachId: data.speachId }));
    },
    ChapterAdded: async (event, writer) => {
      const data = event.data as { speachId: string; chapterId: string };
      await writer.upsert<AiChapterDocument>(AI_CHAPTERS, data.chapterId, () => ({ _id: data.chapterId, speachId: data.speachId }));
    },
    ChapterRemoved: async (event, writer) => {
      const data = event.data as { chapterId: string };
      await writer.upsert<AiChapterDocument>(AI_CHAPTERS, data.chapterId, () => null);
    },
  },
};
