import { Inject, Injectable } from '@nestjs/common';
import {
  type AiGenerationEvent,
  type AiGenerationState,
  type AiJob,
  type AiJobEvent,
  type AiJobState,
  aiGenerationStream,
  aiJobStream,
  upcast,
} from '../../../events';
import { BlobStore } from '../../infrastructure/blobs/blob-store';
import { fold } from '../../infrastructure/decider/decider';
import type { EventStore } from '../../infrastructure/event-store/event-store.port';
import { EVENT_STORE } from '../../infrastructure/tokens';
import type { ParsedDocument } from '../documents/parse-document';
import { aiGenerationDecider } from './ai-generation.decider';
import { aiJobDecider } from './ai-job.decider';

/** Reads jobs and generations from their own streams (the truth, never behind) and parsed documents from their blobs. */
@Injectable()
export class AiJobStore {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly blobs: BlobStore,
  ) {}

  async job(jobId: string): Promise<AiJobState> {
    if (!/^[\w-]{1,64}$/.test(jobId)) return { status: 'none' };
    const stored = await this.events.readStream(aiJobStream(jobId));
    return fold(
      aiJobDecider,
      stored.map((e) => upcast(e) as unknown as AiJobEvent),
    );
  }

  async generation(speachId: string): Promise<AiGenerationState> {
    if (!/^[\w-]{1,64}$/.test(speachId)) return { status: 'none' };
    const stored = await this.events.readStream(aiGenerationStream(speachId));
    return fold(
      aiGenerationDecider,
      stored.map((e) => upcast(e) as unknown as AiGenerationEvent),
    );
  }

  /** A parsed document (text per page, page images, sections), or null while not parsed. */
  async parsed(jobId: string): Promise<{ state: AiJob; document: ParsedDocument } | null> {
    const state = await this.job(jobId);
    if (state.status !== 'done' || state.kind !== 'document') return null;
    const outcome = state.outcome as { resultBlobId: string };
    const blob = await this.blobs.get(outcome.resultBlobId);
    if (!blob) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of blob.open()) chunks.push(chunk as Buffer);
    return { state, document: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ParsedDocument };
  }
}
