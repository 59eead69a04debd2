import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AI_DURATIONS, AI_GENERATION_MODES, type AiDuration, type AiGenerationMode } from '../../../events';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { CurrentUser, Roles } from '../../infrastructure/http/auth.decorators';
import { type Actor } from '../../infrastructure/http/actor';
import { ValidationError } from '../../infrastructure/decider/decider';
import { AcceptsForm } from '../../infrastructure/http/csrf';
import { JobResults } from '../../infrastructure/jobs/job-results';
import { EXTRACTIVE } from '../generation/extractive.generator';
import { AiGenerations } from '../jobs/ai-generations.service';
import { AiJobs } from '../jobs/ai-jobs.service';
import { instruction, language } from './fields';
import type { GeneratorInfo } from '../ai.view';
import { type FormFields, one, readFields, readUpload } from './form';

function choice<T extends string>(fields: FormFields, name: string, allowed: readonly T[], fallback: T): T {
  const value = one(fields, name);
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new ValidationError(name, `${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function flag(fields: FormFields, name: string, fallback: boolean): boolean {
  const value = one(fields, name);
  if (value === undefined || value === '') return fallback;
  if (value !== 'true' && value !== 'false') throw new ValidationError(name, `${name} must be true or false`);
  return value === 'true';
}

/** Spec §7 "AI generator": documents in, a plan out, then a draft speach and its chapters (AI editors only). */
@Controller()
export class AiGeneratorController {
  constructor(
    private readonly jobs: AiJobs,
    private readonly generations: AiGenerations,
    private readonly results: JobResults,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Which generator answers, so the screen can say so before any output exists (no address or key: those stay server-side). */
  @Get('recorder/aiSpeachGenerator/generator')
  @Roles('AI_EDITOR')
  generator(): GeneratorInfo {
    const ai = this.config.ai;
    return ai.baseUrl ? { kind: 'provider', model: ai.model } : { kind: 'extractive', model: EXTRACTIVE };
  }

  @Post('recorder/aiSpeachGenerator/uploadDocuments')
  @AcceptsForm()
  @Roles('AI_EDITOR')
  @HttpCode(200)
  upload(@CurrentUser() user: Actor, @Req() request: FastifyRequest) {
    return readUpload(request, this.config.ai.maxDocumentBytes, (fileName, stream) => this.jobs.upload(user, fileName, stream));
  }

  @Post('recorder/aiSpeachGenerator/generateSteps')
  @AcceptsForm()
  @Roles('AI_EDITOR')
  @HttpCode(200)
  async generateSteps(@CurrentUser() user: Actor, @Req() request: FastifyRequest) {
    const fields = await readFields(request);
    const jobIDs = (fields.jobIDs ?? []).filter(Boolean);
    if (jobIDs.length === 0) throw new ValidationError('jobIDs', 'Upload at least one document');
    if (jobIDs.length > 50) throw new ValidationError('jobIDs', 'At most 50 documents');
    return this.jobs.requestPlan(user, {
      jobIDs: [...new Set(jobIDs)],
      language: language(one(fields, 'language'), 'language'),
      duration: choice<AiDuration>(fields, 'duration', AI_DURATIONS, 'short'),
      specificPrompt: instruction(one(fields, 'specificPrompt'), 'specificPrompt'),
      allowReorder: flag(fields, 'allowReorder', false),
      generationMode: choice<AiGenerationMode>(fields, 'generationMode', AI_GENERATION_MODES, 'ENHANCED'),
    });
  }

  /** The result, the string ERROR (its reason in `X-Job-Error`), or an empty answer while it runs. */
  @Get('recorder/jobID/:id')
  @Roles('FORMATEUR', 'ADMIN')
  async job(@CurrentUser() user: Actor, @Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    // Other contexts' jobs (media) share this poll.
    const outcome = (await this.results.find(user, id)) ?? (await this.jobs.result(user, id));
    if (outcome.status === 'pending') {
      void reply.type('text/plain; charset=utf-8');
      return '';
    }
    if (outcome.status === 'failed') {
      void reply.type('text/plain; charset=utf-8').header('x-job-error', encodeURIComponent(outcome.reason));
      return 'ERROR';
    }
    return outcome.result;
  }

  /** The owner stops a job still running (generate-all's Cancel); 409 once it has finished. */
  @Post('recorder/jobID/:id/cancel')
  @Roles('FORMATEUR', 'ADMIN')
  @HttpCode(200)
  cancel(@CurrentUser() user: Actor, @Param('id') id: string) {
    return this.jobs.cancel(user, id);
  }

  @Post('recorder/aiSpeachGenerator/validateSteps')
  @Roles('AI_EDITOR')
  @HttpCode(200)
  validateSteps(@CurrentUser() user: Actor, @Body() body: unknown) {
    return this.generations.validate(user, body);
  }

  /** Fills one chapter of a generated speach from its source pages (the spec's "Generate this chapter"). */
  @Post('recorder/aiSpeachGenerator/generateChapter/:speachId/:chapterId')
  @Roles('AI_EDITOR')
  @HttpCode(200)
  generateChapter(@CurrentUser() user: Actor, @Param('speachId') speachId: string, @Param('chapterId') chapterId: string, @Body() body: unknown) {
    return this.generations.generateChapter(user, speachId, chapterId, (body ?? {}) as Record<string, unknown>);
  }

  @Get('recorder/aiSpeachGenerator/restoreAISpeach/:speachId')
  @Roles('AI_EDITOR')
  restoreAISpeach(@CurrentUser() user: Actor, @Param('speachId') speachId: string) {
    return this.generations.restorePlan(user, speachId);
  }

  @Get('recorder/aiSpeachGenerator/restoreSpeachToMap/:speachId')
  @Roles('AI_EDITOR')
  restoreSpeachToMap(@CurrentUser() user: Actor, @Param('speachId') speachId: string) {
    return this.generations.restoreMapping(user, speachId);
  }

  @Get('recorder/aiSpeachGenerator/restoreAIFile/:speachId/:jobId')
  @Roles('AI_EDITOR')
  restoreAIFile(@CurrentUser() user: Actor, @Param('speachId') speachId: string, @Param('jobId') jobId: string) {
    return this.generations.restoreFile(user, speachId, jobId);
  }
}
