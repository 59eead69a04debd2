import type { AiUsage } from '../../../events';
import { type AiMessage, type AiProvider, AiProviderError, type Completion, type CompletionRequest } from './ai-provider.port';
import { schemaErrors } from './json-schema';

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), http://vllm:8000/v1, https://{resource}.openai.azure.com/openai/v1 */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Tries per call: a malformed answer (not JSON, or not the schema's shape) or a transient HTTP error is asked again. */
  maxAttempts: number;
  timeoutMs: number;
  /** Cost units per 1,000 prompt and completion tokens. */
  costPer1kPromptTokens: number;
  costPer1kCompletionTokens: number;
  fetch?: typeof fetch;
}

interface ChatAnswer {
  choices?: { message?: { content?: string | null; refusal?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  model?: string;
}

const TRANSIENT = new Set([408, 409, 429, 500, 502, 503, 504]);

/**
 * Any OpenAI-compatible chat-completions API (OpenAI, Azure OpenAI's v1 endpoint, Ollama, vLLM):
 * structured output through `response_format: json_schema`, every answer parsed and validated
 * against the schema, malformed answers asked again a bounded number of times, each try under a
 * timeout, and the caller's AbortSignal honoured.
 */
export class OpenAiCompatibleProvider implements AiProvider {
  readonly name = 'openai-compatible';

  constructor(private readonly options: OpenAiCompatibleOptions) {}

  get model(): string {
    return this.options.model;
  }

  async complete<T>(request: CompletionRequest): Promise<Completion<T>> {
    const model = request.model ?? this.options.model;
    const started = Date.now();
    const usage: AiUsage = { provider: this.name, model, promptTokens: 0, completionTokens: 0, characters: 0, durationMs: 0, costUnits: 0 };
    const messages: AiMessage[] = [...request.messages];
    let lastProblem = 'no answer';
    for (let attempt = 1; attempt <= this.options.maxAttempts; attempt++) {
      request.signal?.throwIfAborted();
      const answer = await this.call(model, request, messages, usage, started);
      if ('retry' in answer) {
        lastProblem = answer.retry;
        continue;
      }
      const content = answer.content;
      let value: unknown;
      try {
        value = JSON.parse(content);
      } catch {
        lastProblem = 'the answer is not JSON';
        messages.push(
          { role: 'assistant', content },
          { role: 'user', content: 'Your answer was not valid JSON. Answer again with only the JSON object the schema describes.' },
        );
        continue;
      }
      const errors = schemaErrors(request.jsonSchema.schema, value);
      if (errors.length === 0) return { value: value as T, usage: this.finish(usage, started) };
      lastProblem = `the answer does not match the schema: ${errors.join('; ')}`;
      messages.push(
        { role: 'assistant', content },
        { role: 'user', content: `Your answer does not match the JSON schema (${errors.join('; ')}). Answer again with only a JSON object that matches it.` },
      );
    }
    throw new AiProviderError(`The AI provider gave no valid answer after ${this.options.maxAttempts} tries: ${lastProblem}`, this.finish(usage, started));
  }

  private finish(usage: AiUsage, started: number): AiUsage {
    const cost = (usage.promptTokens / 1000) * this.options.costPer1kPromptTokens + (usage.completionTokens / 1000) * this.options.costPer1kCompletionTokens;
    return { ...usage, durationMs: Date.now() - started, costUnits: Math.round(cost * 1000) / 1000 };
  }

  private async call(
    model: string,
    request: CompletionRequest,
    messages: AiMessage[],
    usage: AiUsage,
    started: number,
  ): Promise<{ content: string } | { retry: string }> {
    const timeout = AbortSignal.timeout(request.timeoutMs ?? this.options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const body = {
      model,
      messages: [{ role: 'system', content: request.system }, ...messages],
      response_format: { type: 'json_schema', json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true } },
    };
    usage.characters += body.messages.reduce((n, m) => n + m.content.length, 0);
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}`, 'api-key': this.options.apiKey } : {}),
        },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason ?? error;
      if (timeout.aborted)
        throw new AiProviderError(`The AI provider did not answer within ${request.timeoutMs ?? this.options.timeoutMs} ms`, this.finish(usage, started));
      return { retry: `the AI provider could not be reached (${(error as Error).message})` };
    }
    let json: ChatAnswer;
    try {
      json = (await response.json()) as ChatAnswer;
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason ?? error;
      if (timeout.aborted)
        throw new AiProviderError(`The AI provider did not answer within ${request.timeoutMs ?? this.options.timeoutMs} ms`, this.finish(usage, started));
      json = {};
    }
    usage.promptTokens += json.usage?.prompt_tokens ?? 0;
    usage.completionTokens += json.usage?.completion_tokens ?? 0;
    if (!response.ok) {
      if (TRANSIENT.has(response.status)) return { retry: `the AI provider answered HTTP ${response.status}` };
      throw new AiProviderError(`The AI provider refused the request (HTTP ${response.status})`, this.finish(usage, started));
    }
    const message = json.choices?.[0]?.message;
    if (message?.refusal) throw new AiProviderError(`The AI model refused: ${message.refusal}`, this.finish(usage, started));
    const content = message?.content ?? '';
    usage.characters += content.length;
    return { content };
  }
}
