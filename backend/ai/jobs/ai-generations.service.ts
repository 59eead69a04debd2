import { Injectable } from '@nestjs/common';
import {
  AI_GENERATION_MODES,
  type AiGenerationMode,
  type AiPlan,
  type AiPlanChapter,
  type AiProvenance,
  type AiSpeachMapping,
  AUTO_TRANSCRIPT_STATUSES,
  type AutoTranscriptStatus,
  aiGenerationStream,
  uuidv7,
} from '../../../events';
import type { Actor } from '../../infrastructure/http/actor';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { ForbiddenError, NotFoundError, ValidationError } from '../../infrastructure/decider/decider';
import { ReadModels } from '../../infrastructure/read-models';
import { CHAPTER_TITLE_MAX, DESCRIPTION_MAX, MAX_CHAPTERS, SpeachQueries, TITLE_MAX, isEditor } from '../../speach';
import { INSTRUCTION_MAX, instruction, language } from '../http/fields';
import { aiGenerationDecider } from './ai-generation.decider';
import { AiJobs, type JobAccepted } from './ai-jobs.service';
import { AiJobStore } from './job-store';
import type { RestoredMappingView, RestoredPlanView, ValidatedPlanView } from '../ai.view';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(value: unknown, field: string, max: number, required: boolean): string {
  if (value === undefined || value === null) {
    if (required) throw new ValidationError(field, `${field} is required`);
    return '';
  }
  if (typeof value !== 'string') throw new ValidationError(field, `${field} must be a text`);
  const trimmed = value.trim();
  if (required && !trimmed) throw new ValidationError(field, `${field} must not be empty`);
  if (trimmed.length > max) throw new ValidationError(field, `${field} must be at most ${max} characters`);
  return trimmed;
}

function id(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') return uuidv7();
  if (typeof value !== 'string' || !/^[\w-]{1,64}$/.test(value)) throw new ValidationError(field, `${field} must be an id`);
  return value;
}

/** Validated plans become draft speaches; their chapters are generated; a saved generation is restored. */
@Injectable()
export class AiGenerations {
  constructor(
    private readonly commands: CommandRunner,
    private readonly readModels: ReadModels,
    private readonly store: AiJobStore,
    private readonly jobs: AiJobs,
    private readonly speaches: SpeachQueries,
  ) {}

  /** Spec §7 validateSteps: the plan (as the screen edited it) → a draft speach with the plan's chapters, and the mapping. */
  async validate(user: Actor, body: unknown): Promise<ValidatedPlanView> {
    if (!isObject(body)) throw new ValidationError('body', 'Send the plan as a JSON object');
    const documentJobs = new Map<string, boolean>();
    const ownDocument = async (jobId: string) => {
      if (!documentJobs.has(jobId)) {
        const state = await this.store.job(jobId);
        documentJobs.set(jobId, state.status === 'done' && state.kind === 'document' && state.ownerId === user.id);
      }
      return documentJobs.get(jobId)!;
    };
    if (!Array.isArray(body.chapters) || body.chapters.length === 0) throw new ValidationError('chapters', 'The plan needs at least one chapter');
    const seen = new Set<string>();
    const unique = (value: string, field: string) => {
      if (seen.has(value)) throw new ValidationError(field, 'Each chapter and sub-chapter needs its own id');
      seen.add(value);
      return value;
    };
    const chapters: AiPlanChapter[] = [];
    for (const [c, raw] of (body.chapters as unknown[]).entries()) {
      const at = `chapters[${c}]`;
      if (!isObject(raw)) throw new ValidationError(at, 'A chapter must be an object');
      const chapterId = unique(id(raw.id, `${at}.id`), `${at}.id`);
      if (!Array.isArray(raw.subchapters) || raw.subchapters.length === 0)
        throw new ValidationError(`${at}.subchapters`, 'A chapter needs at least one sub-chapter');
      const subchapters: AiPlanChapter['subchapters'] = [];
      for (const [s, sub] of (raw.subchapters as unknown[]).entries()) {
        const sat = `${at}.subchapters[${s}]`;
        if (!isObject(sub)) throw new ValidationError(sat, 'A sub-chapter must be an object');
        const pages = sub.documentPages === undefined ? [] : sub.documentPages;
        if (!Array.isArray(pages)) throw new ValidationError(`${sat}.documentPages`, 'documentPages must be a list');
        const documentPages: AiPlanChapter['subchapters'][number]['documentPages'] = [];
        for (const [p, page] of pages.entries()) {
          const pat = `${sat}.documentPages[${p}]`;
          if (!isObject(page)) throw new ValidationError(pat, 'A document page must be an object');
          const jobID = typeof page.jobID === 'string' ? page.jobID : '';
          if (!jobID || !(await ownDocument(jobID))) throw new ValidationError(`${pat}.jobID`, 'Unknown document');
          if (!Number.isInteger(page.pageNumber) || (page.pageNumber as number) < 1)
            throw new ValidationError(`${pat}.pageNumber`, 'pageNumber must be a page number');
          documentPages.push({
            documentName: text(page.documentName, `${pat}.documentName`, 255, false),
            documentNumber: Number.isInteger(page.documentNumber) ? (page.documentNumber as number) : 1,
            pageNumber: page.pageNumber as number,
            jobID,
          });
        }
        const status = sub.autoTranscriptStatus;
        subchapters.push({
          number: s + 1,
          title: text(sub.title, `${sat}.title`, CHAPTER_TITLE_MAX, true),
          id: unique(id(sub.id, `${sat}.id`), `${sat}.id`),
          chapterID: chapterId,
          autoTranscriptStatus: (AUTO_TRANSCRIPT_STATUSES as readonly unknown[]).includes(status) ? (status as AutoTranscriptStatus) : 'NA',
          documentPages,
        });
      }
      chapters.push({ id: chapterId, number: c + 1, title: text(raw.title, `${at}.title`, CHAPTER_TITLE_MAX, true), subchapters });
    }
    if (seen.size > MAX_CHAPTERS) throw new ValidationError('chapters', `A speach holds at most ${MAX_CHAPTERS} chapters and sub-chapters`);
    const options = isObject(body.generationOptions) ? body.generationOptions : {};
    const lang = language((options.lang as string | undefined) ?? (body.language as string | undefined), 'generationOptions.lang');
    const mode = options.generationMode ?? 'ENHANCED';
    if (!(AI_GENERATION_MODES as readonly unknown[]).includes(mode))
      throw new ValidationError('generationOptions.generationMode', `generationMode must be one of ${AI_GENERATION_MODES.join(', ')}`);
    if (options.customInstruction !== undefined && typeof options.customInstruction !== 'string')
      throw new ValidationError('generationOptions.customInstruction', 'customInstruction must be a text');
    const plan: AiPlan = {
      title: text(body.title, 'title', TITLE_MAX, true),
      description: text(body.description, 'description', DESCRIPTION_MAX, false),
      chapters,
      generationOptions: {
        generationMode: mode as AiGenerationMode,
        lang,
        customInstruction: instruction(options.customInstruction as string | undefined, 'generationOptions.customInstruction'),
      },
    };
    const planJobId = typeof body.jobID === 'string' && body.jobID ? body.jobID : null;
    let provenance: AiProvenance | null = null;
    if (planJobId) {
      const state = await this.store.job(planJobId);
      if (state.status !== 'done' || state.kind !== 'plan' || state.ownerId !== user.id) throw new ValidationError('jobID', 'Unknown plan job');
      provenance = (state.outcome as { provenance: AiProvenance }).provenance;
    }
    const speachId = uuidv7();
    const mapping: AiSpeachMapping = {
      speachID: speachId,
      lecons: chapters.map((c) => ({ id: c.id, chapitreID: uuidv7(), chapitres: c.subchapters.map((s) => ({ id: s.id, chapitreID: uuidv7() })) })),
    };
    // One decision: the plan's validation. The draft speach follows from it (the ai-authoring policy).
    await this.commands.run(aiGenerationDecider, aiGenerationStream(speachId), {
      type: 'ValidatePlan',
      data: { speachId, ownerId: user.id, planJobId, language: lang, plan, mapping, provenance },
    });
    await this.readModels.settled();
    return { ...mapping, mapping };
  }

  /** The generation of a speach this user may edit; 404 when the speach was not generated. */
  private async editable(user: Actor, speachId: string) {
    const generation = await this.store.generation(speachId);
    if (generation.status === 'none') throw new NotFoundError('Unknown generated speach');
    const doc = await this.speaches.document(speachId);
    if (!isEditor(doc, await this.speaches.viewer(user))) throw new ForbiddenError('You may not edit this speach.');
    return { generation, doc };
  }

  async generateChapter(user: Actor, speachId: string, chapterId: string, body: Json): Promise<JobAccepted> {
    const { generation } = await this.editable(user, speachId);
    const mapped = generation.mapping.lecons.some((l) => l.chapitreID === chapterId || l.chapitres.some((c) => c.chapitreID === chapterId));
    if (!mapped) throw new NotFoundError('Unknown chapter');
    const options = generation.plan.generationOptions;
    const mode = body.generationMode ?? options.generationMode;
    if (!(AI_GENERATION_MODES as readonly unknown[]).includes(mode))
      throw new ValidationError('generationMode', `generationMode must be one of ${AI_GENERATION_MODES.join(', ')}`);
    if (body.specificPrompt !== undefined && (typeof body.specificPrompt !== 'string' || body.specificPrompt.length > INSTRUCTION_MAX)) {
      throw new ValidationError('specificPrompt', `specificPrompt must be a text of at most ${INSTRUCTION_MAX} characters`);
    }
    return this.jobs.requestChapter(user, {
      speachId,
      chapterId,
      generationMode: mode as AiGenerationMode,
      lang: body.lang === undefined ? options.lang : language(body.lang as string, 'lang'),
      instruction: body.specificPrompt === undefined ? options.customInstruction : (body.specificPrompt as string).trim(),
    });
  }

  async restorePlan(user: Actor, speachId: string): Promise<RestoredPlanView> {
    const { generation } = await this.editable(user, speachId);
    const jobIDs = [...new Set(generation.plan.chapters.flatMap((c) => c.subchapters.flatMap((s) => s.documentPages.map((p) => p.jobID))))];
    return { speachID: speachId, jobID: generation.planJobId, ...generation.plan, jobIDs };
  }

  /** The mapping, each entry marked `generated` once its chapter holds content. */
  async restoreMapping(user: Actor, speachId: string): Promise<RestoredMappingView> {
    const { generation, doc } = await this.editable(user, speachId);
    const generated = (chapterId: string) => (doc.draft.chapters[chapterId]?.content?.type ?? 'NONE') !== 'NONE';
    return {
      speachID: speachId,
      lecons: generation.mapping.lecons.map((l) => ({
        ...l,
        generated: generated(l.chapitreID),
        chapitres: l.chapitres.map((c) => ({ ...c, generated: generated(c.chapitreID) })),
      })),
    };
  }

  async restoreFile(user: Actor, speachId: string, jobId: string) {
    const { generation } = await this.editable(user, speachId);
    const used = generation.plan.chapters.some((c) => c.subchapters.some((s) => s.documentPages.some((p) => p.jobID === jobId)));
    const file = used ? await this.jobs.file(jobId) : null;
    if (!file) throw new NotFoundError('Unknown file of this generation');
    return file;
  }
}
