import type { AiJobEvent, AiPlan, AiSpeachMapping } from '../../../events';
import { ForbiddenError, IllegalStateError, NotFoundError } from '../../infrastructure/decider/decider';
import { deciderSpec } from '../../infrastructure/decider/given-when-then';
import { aiGenerationDecider } from './ai-generation.decider';
import { aiJobDecider } from './ai-job.decider';

const uploaded: AiJobEvent = {
  type: 'AiDocumentUploaded',
  data: { jobId: 'j1', ownerId: 'u1', name: 'manual.pdf', extension: 'pdf', blobId: 'b'.repeat(64), sha256: 'b'.repeat(64), size: 10 },
};
const parsed: AiJobEvent = { type: 'AiDocumentParsed', data: { jobId: 'j1', pageCount: 2, resultBlobId: 'c'.repeat(64), parser: 'poppler' } };
const failed: AiJobEvent = {
  type: 'AiJobFailed',
  data: { jobId: 'j1', reason: 'Something wrong on your file: manual.pdf', detail: 'pdftotext failed', usage: null },
};

describe('AI job decider', () => {
  const spec = deciderSpec(aiJobDecider);

  it('a job is requested once', () => {
    spec
      .given([])
      .when({ type: 'RequestJob', event: uploaded as never })
      .then([uploaded]);
    spec
      .given([uploaded])
      .when({ type: 'RequestJob', event: uploaded as never })
      .thenThrows(IllegalStateError, /already exists/);
  });

  it('a pending job finishes with one outcome', () => {
    spec
      .given([uploaded])
      .when({ type: 'FinishJob', event: parsed as never })
      .then([parsed]);
    spec
      .given([uploaded])
      .when({ type: 'FinishJob', event: failed as never })
      .then([failed]);
  });

  it('a finished job takes no second outcome (a second worker or a replay records nothing)', () => {
    spec
      .given([uploaded, parsed])
      .when({ type: 'FinishJob', event: failed as never })
      .thenThrows(IllegalStateError, /already finished/);
    spec
      .given([uploaded, failed])
      .when({ type: 'FinishJob', event: parsed as never })
      .thenThrows(IllegalStateError, /already finished/);
  });

  it('its owner cancels a pending job; no outcome is recorded afterwards', () => {
    const cancelled: AiJobEvent = { type: 'AiJobCancelled', data: { jobId: 'j1', cancelledBy: 'u1' } };
    spec.given([uploaded]).when({ type: 'CancelJob', jobId: 'j1', userId: 'u1' }).then([cancelled]);
    spec
      .given([uploaded, cancelled])
      .when({ type: 'FinishJob', event: parsed as never })
      .thenThrows(IllegalStateError, /already finished/);
    spec
      .given([uploaded, cancelled])
      .when({ type: 'CancelJob', jobId: 'j1', userId: 'u1' })
      .thenThrows(IllegalStateError, /already finished/);
    expect([uploaded, cancelled].reduce(aiJobDecider.evolve, aiJobDecider.initialState())).toMatchObject({ status: 'cancelled', outcome: null });
  });

  it('only the owner cancels, only a pending job, only a known one', () => {
    spec
      .given([uploaded])
      .when({ type: 'CancelJob', jobId: 'j1', userId: 'u-admin' })
      .thenThrows(ForbiddenError, /Only the author/);
    spec
      .given([uploaded, parsed])
      .when({ type: 'CancelJob', jobId: 'j1', userId: 'u1' })
      .thenThrows(IllegalStateError, /already finished/);
    spec
      .given([])
      .when({ type: 'CancelJob', jobId: 'j1', userId: 'u1' })
      .thenThrows(NotFoundError, /Unknown job/);
  });

  it('an unknown job cannot finish', () => {
    spec
      .given([])
      .when({ type: 'FinishJob', event: parsed as never })
      .thenThrows(NotFoundError, /Unknown job/);
  });

  it('folds the request and the outcome', () => {
    const state = [uploaded, parsed].reduce(aiJobDecider.evolve, aiJobDecider.initialState());
    expect(state).toMatchObject({ status: 'done', kind: 'document', jobId: 'j1', ownerId: 'u1', outcome: { pageCount: 2 } });
  });
});

describe('AI generation decider', () => {
  const spec = deciderSpec(aiGenerationDecider);
  const plan: AiPlan = { title: 'T', description: '', chapters: [], generationOptions: { generationMode: 'STRICT', lang: 'en-US', customInstruction: '' } };
  const mapping: AiSpeachMapping = { speachID: 's1', lecons: [] };
  const data = { speachId: 's1', ownerId: 'u1', planJobId: null, language: 'en-US', plan, mapping, provenance: null };

  it('a plan is validated once for its speach: the mapping never changes afterwards', () => {
    spec
      .given([])
      .when({ type: 'ValidatePlan', data })
      .then([{ type: 'AiPlanValidated', data }]);
    spec
      .given([{ type: 'AiPlanValidated', data }])
      .when({ type: 'ValidatePlan', data })
      .thenThrows(IllegalStateError, /already mapped/);
  });
});
