import type { AiUsage } from '../../../events';

export interface AiMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A JSON schema the answer must satisfy, with the name the API asks for. */
export interface AnswerSchema {
  name: string;
  schema: Record<string, unknown>;
}

export interface CompletionRequest {
  system: string;
  messages: AiMessage[];
  jsonSchema: AnswerSchema;
  /** Overrides the configured model (e.g. the quiz's own). */
  model?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Who the call is spent for: the author whose budget it counts against. */
  authorId: string;
}

export interface Completion<T> {
  /** The answer, parsed and validated against the request's schema. */
  value: T;
  usage: AiUsage;
}

/** A chat model that answers in JSON following a schema: any OpenAI-compatible API. */
export interface AiProvider {
  readonly name: string;
  readonly model: string;
  complete<T>(request: CompletionRequest): Promise<Completion<T>>;
}

/** The provider could not give a valid answer (HTTP error, timeout, malformed output after the retries). */
export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  constructor(
    message: string,
    /** What was spent before the failure: it still counts against the budget. */
    readonly usage: AiUsage | null = null,
  ) {
    super(message);
  }
}
