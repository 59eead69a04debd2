/** The AI authoring context's public face (issue 21). */
export { AiModule, createGenerator } from './ai.module';
export { AiJobWorker } from './jobs/ai-job-worker';
export { AiBudget, AiBudgetExceededError, type BudgetStatus } from './metering/ai-budget';
export type { AiProvider, CompletionRequest, Completion } from './provider/ai-provider.port';
export { AiProviderError } from './provider/ai-provider.port';
export { OpenAiCompatibleProvider } from './provider/openai-compatible.provider';
export { BudgetedProvider } from './provider/budgeted.provider';
export { ExtractiveGenerator, EXTRACTIVE } from './generation/extractive.generator';
export { parseDocument, DocumentRefusedError, type ParsedDocument } from './documents/parse-document';
export { loadAiConfig, type AiConfig } from './ai-config';
