import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { IdentityModule } from '../identity';
import { SpeachModule } from '../speach';
import { ExtractiveGenerator } from './generation/extractive.generator';
import { AI_GENERATOR, type AiGenerator } from './generation/generator';
import { LlmGenerator } from './generation/llm.generator';
import { AiAdministrationController } from './http/ai-administration.controller';
import { AiGeneratorController } from './http/ai-generator.controller';
import { AiQuizController } from './http/ai-quiz.controller';
import { AiAuthoringPolicy } from './jobs/ai-authoring.policy';
import { AiGenerations } from './jobs/ai-generations.service';
import { AiJobWorker } from './jobs/ai-job-worker';
import { AiJobs } from './jobs/ai-jobs.service';
import { AiJobStore } from './jobs/job-store';
import { AiBudget } from './metering/ai-budget';
import { BudgetedProvider } from './provider/budgeted.provider';
import { OpenAiCompatibleProvider } from './provider/openai-compatible.provider';
import { AiQuiz } from './quiz/ai-quiz.service';

/** With AI_BASE_URL a chat model (every call budget-checked); without, the extractive generator (says so in its provenance). */
export function createGenerator(config: AppConfig, budget: AiBudget): AiGenerator {
  const ai = config.ai;
  if (!ai.baseUrl) return new ExtractiveGenerator(ai.costPer1kCharactersLocal);
  const provider = new OpenAiCompatibleProvider({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model,
    maxAttempts: ai.maxAttempts,
    timeoutMs: ai.timeoutMs,
    costPer1kPromptTokens: ai.costPer1kPromptTokens,
    costPer1kCompletionTokens: ai.costPer1kCompletionTokens,
  });
  return new LlmGenerator(
    new BudgetedProvider(provider, async (authorId) => void (await budget.check(authorId))),
    { plan: ai.planModel, quiz: ai.quizModel },
    ai.timeoutMs,
  );
}

/** AI authoring (issue 21): documents → plan → draft speach and chapters; quiz questions; metering. */
@Module({
  imports: [IdentityModule, SpeachModule],
  controllers: [AiGeneratorController, AiQuizController, AiAdministrationController],
  providers: [
    AiBudget,
    { provide: AI_GENERATOR, useFactory: createGenerator, inject: [APP_CONFIG, AiBudget] },
    AiJobStore,
    AiJobWorker,
    AiJobs,
    AiGenerations,
    AiQuiz,
    AiAuthoringPolicy,
  ],
  exports: [AiJobWorker, AiBudget],
})
export class AiModule {}
