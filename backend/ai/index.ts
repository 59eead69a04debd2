/** The AI authoring context's public face (issue 21). */
export type { AiProvider, CompletionRequest, Completion } from './provider/ai-provider.port';
export { loadAiConfig, type AiConfig } from '../config/ai-config';
export { AiBudget, AiBudgetExceededError, type BudgetStatus } from './metering/ai-budget';
export { AiProviderError } from './provider/ai-provider.port';
export { BudgetedProvider } from './provider/budgeted.provider';
export { one, readFields, readUpload } from './http/form';
export { OpenAiCompatibleProvider } from './provider/openai-compatible.provider';
export { ExtractiveGenerator, EXTRACTIVE } from './generation/extractive.generator';
export { parseDocument, DocumentRefusedError, type ParsedDocument } from './documents/parse-document';
export { AiJobWorker } from './jobs/ai-job-worker';
export { AiModule, createGenerator } from './ai.module';
