import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import {
  AI_DOCUMENT_TYPES,
  type AiDocumentType,
  type AiDuration,
  type AiGenerationMode,
  type AiJobEvent,
  type AiJob,
  type AiJobState,
  aiJobStream,
  uuidv7,
} from '../../../events';
import type { Actor } from '../../infrastructure/http/actor';
import { BlobStore } from '../../infrastructure/blobs/blob-store';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { NotFoundError, ValidationError } from '../../infrastructure/decider/decider';
import { uploadName } from '../../speach';
import { checkDocumentHead } from '../documents/document-head';
import { AiBudget, type BudgetStatus } from '../metering/ai-budget';
import { aiJobDecider } from './ai-job.decider';
import { AiJobWorker } from './ai-job-worker';
import { AiJobStore } from './job-store';
import type { JobAccepted, JobCancelled } from '../ai.view';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

type Request = Extract<AiJobEvent, { type: 'AiDocumentUploaded' | 'AiPlanRequested' | 'AiChapterGenerationRequested' | 'AiQuizGenerationRequested' }>;

export type { JobAccepted } from '../ai.view';

export interface PlanRequest {
  jobIDs: string[];
  language: string;
  duration: AiDuration;
  specificPrompt: string;
  allowReorder: boolean;
  generationMode: AiGenerationMode;
}

/** Asks for AI jobs (one event on the job's own stream each) and answers their results to their owners. */
@Injectable()
export class AiJobs {
  constructor(
    private readonly commands: CommandRunner,
    private readonly blobs: BlobStore,
    private readonly store: AiJobStore,
    private readonly worker: AiJobWorker,
    private readonly budget: AiBudget,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async request(event: Request): Promise<string> {
    await this.commands.run(aiJobDecider, aiJobStream(event.data.jobId), { type: 'RequestJob', event });
    this.worker.enqueue(event.data.jobId);
    return event.data.jobId;
  }

  private warning(status: BudgetStatus): JobAccepted['budgetWarning'] {
    return status.warning === 80 || status.warning === 95 ? status.warning : null;
  }

  /** The file streamed to the blob store (never whole in memory), then parsed by the worker. */
  async upload(user: Actor, fileName: string, source: Readable): Promise<JobAccepted> {
    const name = uploadName(fileName);
    const extension = name.split('.').pop()?.toLowerCase() ?? '';
    if (!name.includes('.') || !(AI_DOCUMENT_TYPES as readonly string[]).includes(extension)) {
      source.resume();
      throw new ValidationError('file', `This file type is not accepted: use one of ${AI_DOCUMENT_TYPES.join(', ')}`);
    }
    const type = extension as AiDocumentType;
    const { blobId, size } = await this.blobs.putStream(source, {
      maxBytes: this.config.ai.maxDocumentBytes,
      check: async (head) => checkDocumentHead(type, head),
    });
    const jobId = await this.request({
      type: 'AiDocumentUploaded',
      data: { jobId: uuidv7(), ownerId: user.id, name, extension: type, blobId, sha256: blobId, size },
    });
    return { jobID: jobId, budgetWarning: this.warning(await this.budget.status(user.id)) };
  }

  /** A job of this user (admins: anyone's); 404 otherwise, so ids cannot be probed. */
  async owned(user: Actor, jobId: string): Promise<Exclude<AiJobState, { status: 'none' }>> {
    const state = await this.store.job(jobId);
    if (state.status === 'none' || (state.ownerId !== user.id && !user.roles.includes('ADMIN'))) throw new NotFoundError('Unknown job');
    return state;
  }

  async requestPlan(user: Actor, input: PlanRequest): Promise<JobAccepted> {
    for (const [i, jobId] of input.jobIDs.entries()) {
      const state = await this.store.job(jobId);
      if (state.status === 'none' || state.ownerId !== user.id || state.kind !== 'document') throw new ValidationError(`jobIDs[${i}]`, 'Unknown document');
      if (state.status === 'pending') throw new ValidationError(`jobIDs[${i}]`, 'This document is still being processed');
      if (state.status === 'failed' || state.status === 'cancelled')
        throw new ValidationError(`jobIDs[${i}]`, `Something wrong on your file: ${(state.request as { name: string }).name}`);
    }
    const status = await this.budget.check(user.id);
    const jobID = await this.request({
      type: 'AiPlanRequested',
      data: {
        jobId: uuidv7(),
        ownerId: user.id,
        documentJobIds: input.jobIDs,
        language: input.language,
        duration: input.duration,
        instruction: input.specificPrompt,
        allowReorder: input.allowReorder,
        generationMode: input.generationMode,
      },
    });
    return { jobID, budgetWarning: this.warning(status) };
  }

  async requestChapter(user: Actor, data: Omit<Extract<Request, { type: 'AiChapterGenerationRequested' }>['data'], 'jobId' | 'ownerId'>): Promise<JobAccepted> {
    const status = await this.budget.check(user.id);
    const jobID = await this.request({ type: 'AiChapterGenerationRequested', data: { jobId: uuidv7(), ownerId: user.id, ...data } });
    return { jobID, budgetWarning: this.warning(status) };
  }

  async requestQuiz(user: Actor, data: Omit<Extract<Request, { type: 'AiQuizGenerationRequested' }>['data'], 'jobId' | 'ownerId'>): Promise<JobAccepted> {
    const status = await this.budget.check(user.id);
    const jobID = await this.request({ type: 'AiQuizGenerationRequested', data: { jobId: uuidv7(), ownerId: user.id, ...data } });
    return { jobID, budgetWarning: this.warning(status) };
  }

  /** Stops a job its owner no longer wants (the generate-all overlay's Cancel): recorded first, then aborted here. */
  async cancel(user: Actor, jobId: string): Promise<JobCancelled> {
    await this.owned(user, jobId);
    await this.commands.run(aiJobDecider, aiJobStream(jobId), { type: 'CancelJob', jobId, userId: user.id });
    this.worker.cancel(jobId);
    return { jobID: jobId, status: 'cancelled' };
  }

  /** Spec §7 GET /recorder/jobID/{id}: the result, the string ERROR, or empty while running. */
  async result(user: Actor, jobId: string): Promise<{ status: 'pending' } | { status: 'failed'; reason: string } | { status: 'done'; result: unknown }> {
    const state = await this.owned(user, jobId);
    if (state.status === 'pending') return { status: 'pending' };
    if (state.status === 'failed') return { status: 'failed', reason: (state.outcome as { reason: string }).reason };
    if (state.status === 'cancelled') return { status: 'failed', reason: 'This generation was cancelled.' };
    return { status: 'done', result: await this.present(state) };
  }

  /** An uploaded file as the generator screen shows it (spec §3 "Uploaded AI file"). */
  async file(jobId: string) {
    const found = await this.store.parsed(jobId);
    if (!found) return null;
    const { document } = found;
    return {
      uid: jobId,
      jobID: jobId,
      name: document.name,
      progress: 100,
      data: { pages: document.pages, sections: document.sections, parser: document.parser },
    };
  }

  private async present(state: AiJob): Promise<unknown> {
    const outcome = state.outcome as Record<string, unknown>;
    switch (state.kind) {
      case 'document':
        return this.file(state.jobId);
      case 'plan':
        return { ...(outcome.plan as object), provenance: outcome.provenance };
      case 'chapter':
        return { speachId: outcome.speachId, chapterId: outcome.chapterId, html: outcome.html, provenance: outcome.provenance };
      case 'quiz': {
        const questions = outcome.questions as { questionId: string; text: string; kind: string; options: unknown[]; source: unknown }[];
        return {
          typeQuiz: 'QUIZZ',
          questions: questions.map((q) => ({
            questionId: q.questionId,
            text: q.text,
            multiple: false,
            points: 1,
            options: q.options,
            kind: q.kind,
            source: q.source,
          })),
          provenance: outcome.provenance,
          ...(questions.length === 0 ? { messageKey: 'aiQuizGeneration.popup.noQuestionGenerated' } : {}),
        };
      }
    }
  }
}
