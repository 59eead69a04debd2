import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type AiJob,
  type AiJobEvent,
  type ChapterContent,
  type AiProvenance,
  type AiUsage,
  type RecordedEvent,
  SYSTEM_USER_ID,
  aiJobStream,
} from '../../../events';
import { AI_JOBS, type AiJobDocument } from '../../../projections/ai.projection';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BlobStore } from '../../infrastructure/blobs/blob-store';
import { CommandRunner } from '../../infrastructure/decider/command-runner';
import { DomainError } from '../../infrastructure/decider/decider';
import { Platform } from '../../infrastructure/infrastructure.module';
import { deterministicId } from '../../infrastructure/policies/policy';
import { PolicyRunner } from '../../infrastructure/policies/policy-runner';
import type { ReadStore } from '../../infrastructure/read-store/read-store.port';
import { READ_STORE } from '../../infrastructure/tokens';
import { SpeachQueries } from '../../speach';
import { DocumentRefusedError, type ParsedDocument, parseDocument } from '../documents/parse-document';
import { pdfPages } from '../documents/pdf';
import { markupText } from '../documents/xml-text';
import { AI_GENERATOR, type AiGenerator, type SourceDocument, type SourcePassage } from '../generation/generator';
import { AiProviderError } from '../provider/ai-provider.port';
import { aiJobDecider } from './ai-job.decider';
import { AiJobStore } from './job-store';

type Pending = AiJob;
type Outcome = Extract<AiJobEvent, { type: 'AiDocumentParsed' | 'AiPlanGenerated' | 'AiChapterGenerated' | 'AiQuizGenerated' }>;

/** A chapter's HTML as text, one line per block, so no sentence runs from a heading into a paragraph. */
function htmlBlocks(html: string): string {
  return html
    .split(/<\/(?:p|h[1-6]|li|div|td|th|blockquote)>/i)
    .map(markupText)
    .filter(Boolean)
    .join('\n');
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A failure whose message is meant for the job's owner. */
class JobFailure extends Error {
  constructor(
    message: string,
    readonly detail: string,
    readonly usage: AiUsage | null = null,
  ) {
    super(message);
  }
}

/**
 * Runs the AI jobs, outside the requests that asked for them. A job is its stream: requested, then
 * one outcome (the decider refuses a second), so a job that was running when the process stopped
 * is still pending in the `ai_jobs` read model and runs again at the next start.
 */
@Injectable()
export class AiJobWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AiJobs');
  private readonly queue: string[] = [];
  private readonly running = new Map<string, AbortController>();
  private idleWaiters: (() => void)[] = [];
  private stopping = false;

  constructor(
    private readonly jobs: AiJobStore,
    private readonly commands: CommandRunner,
    private readonly blobs: BlobStore,
    private readonly speaches: SpeachQueries,
    @Inject(AI_GENERATOR) private readonly generator: AiGenerator,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly platform: Platform,
    policies: PolicyRunner,
  ) {
    // Split roles: an API process only records the request; the projector holding the lease learns of
    // it from the log (the API process registers the policy too, to wait on its checkpoint).
    if (config.appRole !== 'all') {
      type Requested = Extract<AiJobEvent, { type: 'AiDocumentUploaded' | 'AiPlanRequested' | 'AiChapterGenerationRequested' | 'AiQuizGenerationRequested' }>;
      const dispatch = async (event: RecordedEvent<Requested>) => this.enqueue(event.data.jobId);
      void policies.register<Requested>({
        name: 'ai-job-dispatch',
        handles: { AiDocumentUploaded: dispatch, AiPlanRequested: dispatch, AiChapterGenerationRequested: dispatch, AiQuizGenerationRequested: dispatch },
      });
    }
  }

  /** After the read models caught up: the jobs left pending by the last run (a projector: each time it takes the lease). */
  async onApplicationBootstrap(): Promise<void> {
    await this.platform.runJobWorker({
      open: (allowed) => (this.stopping = !allowed),
      resume: () => this.resumePending(),
      stop: () => this.onApplicationShutdown(),
    });
  }

  private async resumePending(): Promise<void> {
    const pending = await this.store.collection<AiJobDocument>(AI_JOBS).find({ status: 'pending' }, { sort: { requestedAt: 1 } });
    for (const job of pending) this.enqueue(job._id);
  }

  /** Stops the running jobs; they stay pending and run again after the restart. */
  onApplicationShutdown(): void {
    this.stopping = true;
    for (const controller of this.running.values()) controller.abort(new Error('shutting down'));
  }

  enqueue(jobId: string): void {
    // An API process runs no job: the projector's dispatch policy picks the request up.
    if (this.config.appRole === 'api' || this.stopping || this.running.has(jobId) || this.queue.includes(jobId)) return;
    this.queue.push(jobId);
    this.pump();
  }

  /**
   * Stops a cancelled job here: dropped from the queue, or its provider call and tools aborted through
   * its signal. The cancellation event is what counts: a worker elsewhere that still finishes the job
   * cannot record an outcome for it (the decider refuses), so it fills nothing.
   */
  cancel(jobId: string): void {
    const queued = this.queue.indexOf(jobId);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.running.get(jobId)?.abort(new Error('cancelled by its author'));
    this.notifyIdle();
  }

  /** Resolves once no job is queued or running (tests, and an orderly stop). */
  idle(): Promise<void> {
    if (this.queue.length === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.running.size < this.config.ai.concurrency && this.queue.length > 0) {
      const jobId = this.queue.shift()!;
      const controller = new AbortController();
      this.running.set(jobId, controller);
      void this.execute(jobId, controller.signal)
        .catch((error: unknown) => this.logger.error(`Job ${jobId}: ${String(error)}`))
        .finally(() => {
          this.running.delete(jobId);
          this.pump();
          this.notifyIdle();
        });
    }
  }

  private notifyIdle(): void {
    if (this.queue.length > 0 || this.running.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async execute(jobId: string, signal: AbortSignal): Promise<void> {
    const state = await this.jobs.job(jobId);
    if (state.status !== 'pending') return;
    let outcome: AiJobEvent;
    try {
      outcome = await this.perform(state, signal);
    } catch (error) {
      if (signal.aborted) return;
      outcome = { type: 'AiJobFailed', data: { jobId, ...this.failure(state, error) } };
      this.logger.warn(`Job ${jobId} (${state.kind}) failed: ${outcome.data.detail}`);
    }
    try {
      await this.commands.run(aiJobDecider, aiJobStream(jobId), { type: 'FinishJob', event: outcome } as never, {
        userId: SYSTEM_USER_ID,
        correlationId: jobId,
        causationId: jobId,
        commandId: deterministicId('ai-job-worker', jobId, 'finish'),
      });
    } catch (error) {
      // Finished meanwhile by another worker: its outcome stands.
      if (!(error instanceof DomainError && error.status === 409)) throw error;
    }
  }

  private failure(state: Pending, error: unknown): { reason: string; detail: string; usage: AiUsage | null } {
    if (error instanceof DocumentRefusedError) return { reason: error.message, detail: error.detail, usage: null };
    if (error instanceof JobFailure) return { reason: error.message, detail: error.detail, usage: error.usage };
    if (error instanceof AiProviderError)
      return { reason: 'Oups something wrong. Please try again or contact an administrator', detail: error.message, usage: error.usage };
    const name = state.kind === 'document' ? (state.request as { name: string }).name : null;
    return {
      reason: name ? `Something wrong on your file: ${name}` : 'Oups something wrong. Please try again or contact an administrator',
      detail: error instanceof Error ? error.message : String(error),
      usage: null,
    };
  }

  private perform(state: Pending, signal: AbortSignal): Promise<Outcome> {
    switch (state.kind) {
      case 'document':
        return this.parse(state, signal);
      case 'plan':
        return this.plan(state, signal);
      case 'chapter':
        return this.chapter(state, signal);
      case 'quiz':
        return this.quiz(state, signal);
    }
  }

  private async parse(state: Pending, signal: AbortSignal): Promise<Outcome> {
    const request = state.request as Extract<AiJobEvent, { type: 'AiDocumentUploaded' }>['data'];
    const blob = await this.blobs.get(request.blobId);
    if (!blob) throw new JobFailure(`Something wrong on your file: ${request.name}`, 'the uploaded file is missing from the blob store');
    const dir = mkdtempSync(join(tmpdir(), 'ai-document-'));
    try {
      const file = join(dir, `document.${request.extension}`);
      await pipeline(blob.open(), createWriteStream(file), { signal });
      const { imageWidth, maxImagePages, toolTimeoutMs } = this.config.ai;
      const parsed = await parseDocument(file, request.name, request.extension, { signal, timeoutMs: toolTimeoutMs, imageWidth, maxImagePages });
      const resultBlobId = await this.blobs.put(Buffer.from(JSON.stringify(parsed)));
      return { type: 'AiDocumentParsed', data: { jobId: state.jobId, pageCount: parsed.pages.length, resultBlobId, parser: parsed.parser } };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  private async documents(jobIds: string[]): Promise<{ source: SourceDocument; parsed: ParsedDocument; sha256: string }[]> {
    const out: { source: SourceDocument; parsed: ParsedDocument; sha256: string }[] = [];
    for (const [i, jobId] of jobIds.entries()) {
      const found = await this.jobs.parsed(jobId);
      if (!found) throw new JobFailure('Oups something wrong. Please try again or contact an administrator', `document job ${jobId} is not parsed`);
      const { document, state } = found;
      out.push({
        source: {
          jobID: jobId,
          name: document.name,
          number: i + 1,
          pages: document.pages.map((p) => ({ pageNumber: p.pageNumber, text: p.text })),
          sections: document.sections,
        },
        parsed: document,
        sha256: (state.request as { sha256: string }).sha256,
      });
    }
    return out;
  }

  private provenance(
    generated: { model: string; promptTemplateVersion: string },
    instruction: string,
    documents: AiProvenance['documents'],
    output: unknown,
  ): AiProvenance {
    return {
      provider: this.generator.provider,
      model: generated.model,
      promptTemplateVersion: generated.promptTemplateVersion,
      instruction,
      documents,
      outputHash: sha256(JSON.stringify(output)),
    };
  }

  private async plan(state: Pending, signal: AbortSignal): Promise<Outcome> {
    const request = state.request as Extract<AiJobEvent, { type: 'AiPlanRequested' }>['data'];
    const documents = await this.documents(request.documentJobIds);
    const generated = await this.generator.plan({ ...request, documents: documents.map((d) => d.source), authorId: state.ownerId, signal });
    const used = (jobID: string) => [
      ...new Set(
        generated.value.chapters.flatMap((c) => c.subchapters.flatMap((s) => s.documentPages.filter((p) => p.jobID === jobID).map((p) => p.pageNumber))),
      ),
    ];
    const provenance = this.provenance(
      generated,
      request.instruction,
      documents.map((d) => ({ jobID: d.source.jobID, name: d.source.name, sha256: d.sha256, pages: used(d.source.jobID) })),
      generated.value,
    );
    return { type: 'AiPlanGenerated', data: { jobId: state.jobId, plan: generated.value, provenance, usage: generated.usage } };
  }

  private async chapter(state: Pending, signal: AbortSignal): Promise<Outcome> {
    const request = state.request as Extract<AiJobEvent, { type: 'AiChapterGenerationRequested' }>['data'];
    const generation = await this.jobs.generation(request.speachId);
    if (generation.status === 'none')
      throw new JobFailure('Oups something wrong. Please try again or contact an administrator', 'the speach was not generated from a plan');
    const planIds = new Set<string>();
    let title = '';
    for (const lecon of generation.mapping.lecons) {
      const chapter = generation.plan.chapters.find((c) => c.id === lecon.id);
      if (lecon.chapitreID === request.chapterId) {
        for (const sub of chapter?.subchapters ?? []) planIds.add(sub.id);
        title = chapter?.title ?? '';
      }
      for (const chapitre of lecon.chapitres) {
        if (chapitre.chapitreID !== request.chapterId) continue;
        planIds.add(chapitre.id);
        title = chapter?.subchapters.find((s) => s.id === chapitre.id)?.title ?? title;
      }
    }
    const pages = generation.plan.chapters.flatMap((c) => c.subchapters.filter((s) => planIds.has(s.id)).flatMap((s) => s.documentPages));
    const cache = new Map<string, Awaited<ReturnType<AiJobStore['parsed']>>>();
    const passages: SourcePassage[] = [];
    const documents = new Map<string, AiProvenance['documents'][number]>();
    for (const page of pages) {
      if (!cache.has(page.jobID)) cache.set(page.jobID, await this.jobs.parsed(page.jobID));
      const found = cache.get(page.jobID);
      const text = found?.document.pages.find((p) => p.pageNumber === page.pageNumber)?.text;
      if (!found || text === undefined) continue;
      passages.push({ documentName: page.documentName, pageNumber: page.pageNumber, text });
      const entry = documents.get(page.jobID) ?? {
        jobID: page.jobID,
        name: found.document.name,
        sha256: (found.state.request as { sha256: string }).sha256,
        pages: [],
      };
      entry.pages.push(page.pageNumber);
      documents.set(page.jobID, entry);
    }
    if (passages.length === 0) throw new JobFailure('Oups something wrong. Please try again or contact an administrator', 'no source page for this chapter');
    const generated = await this.generator.chapter({
      title,
      passages,
      generationMode: request.generationMode,
      lang: request.lang,
      instruction: request.instruction,
      authorId: state.ownerId,
      signal,
    });
    const provenance = this.provenance(generated, request.instruction, [...documents.values()], generated.value);
    return {
      type: 'AiChapterGenerated',
      data: { jobId: state.jobId, speachId: request.speachId, chapterId: request.chapterId, html: generated.value, provenance, usage: generated.usage },
    };
  }

  /** What a quiz may be made from: a chapter's rich text, or the text of its PDF. */
  private async chapterText(content: ChapterContent | undefined, signal: AbortSignal): Promise<string> {
    if (content?.type === 'HTML') return htmlBlocks(content.html);
    if (content?.type !== 'PDF_UPLOAD') return '';
    const blob = await this.blobs.get(content.file.blobId);
    if (!blob) return '';
    const dir = mkdtempSync(join(tmpdir(), 'ai-chapter-'));
    try {
      const file = join(dir, 'chapter.pdf');
      await pipeline(blob.open(), createWriteStream(file), { signal });
      const pages = await pdfPages(file, { signal, timeoutMs: this.config.ai.toolTimeoutMs, imageWidth: 0, maxImagePages: 0 });
      return pages.map((p) => p.text).join('\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  private async quiz(state: Pending, signal: AbortSignal): Promise<Outcome> {
    const request = state.request as Extract<AiJobEvent, { type: 'AiQuizGenerationRequested' }>['data'];
    const doc = await this.speaches.document(request.speachId);
    const passages: { chapterId: string; text: string }[] = [];
    for (const chapterId of request.selectedChapters) {
      const text = await this.chapterText(doc.draft.chapters[chapterId]?.content, signal);
      if (text.trim()) passages.push({ chapterId, text });
    }
    if (passages.length === 0) throw new JobFailure('Sorry, we cannot generate questions with this content', 'the selected chapters hold no text');
    const generated = await this.generator.quiz({
      passages,
      count: request.nbQuestionsToGenerate,
      existing: request.existingQuestions,
      lang: request.lang,
      authorId: state.ownerId,
      signal,
    });
    const provenance = this.provenance(generated, '', [], generated.value);
    return {
      type: 'AiQuizGenerated',
      data: { jobId: state.jobId, speachId: request.speachId, chapterId: request.chapterId, questions: generated.value, provenance, usage: generated.usage },
    };
  }
}
