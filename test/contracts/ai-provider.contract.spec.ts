import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AiBudgetExceededError, AiProviderError, BudgetedProvider, OpenAiCompatibleProvider } from '../../backend/ai';

/** What the local test server does with the n-th request it gets. */
type Reply = (body: Record<string, unknown>, res: ServerResponse) => void;

const schema = {
  name: 'answer',
  schema: { type: 'object', additionalProperties: false, required: ['title', 'count'], properties: { title: { type: 'string' }, count: { type: 'integer' } } },
};

function chat(content: string, usage = { prompt_tokens: 100, completion_tokens: 20 }): Reply {
  return (_body, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: 'test-model',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage,
      }),
    );
  };
}

function status(code: number): Reply {
  return (_body, res) => {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `status ${code}` } }));
  };
}

/** A local server speaking the OpenAI chat-completions shape, answering from a script. */
describe('AiProvider contract: OpenAI-compatible adapter against a local chat-completions server', () => {
  let server: Server;
  let baseUrl: string;
  let script: Reply[];
  let received: { url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        received.push({ url: req.url ?? '', headers: req.headers, body });
        const reply = script.shift();
        if (reply) reply(body, res);
        else status(500)(body, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    script = [];
    received = [];
  });

  const provider = (overrides: Partial<ConstructorParameters<typeof OpenAiCompatibleProvider>[0]> = {}) =>
    new OpenAiCompatibleProvider({
      baseUrl,
      apiKey: 'sk-test',
      model: 'test-model',
      maxAttempts: 3,
      timeoutMs: 5000,
      costPer1kPromptTokens: 1,
      costPer1kCompletionTokens: 3,
      ...overrides,
    });
  const request = { system: 'You answer in JSON.', messages: [{ role: 'user' as const, content: 'Make a title.' }], jsonSchema: schema, authorId: 'author-1' };

  it('sends the chat-completions request shape with the JSON schema, and answers the validated object with its usage', async () => {
    script = [chat('{"title":"Forklift safety","count":3}')];
    const answer = await provider().complete<{ title: string; count: number }>(request);
    expect(answer.value).toEqual({ title: 'Forklift safety', count: 3 });
    expect(answer.usage).toMatchObject({ provider: 'openai-compatible', model: 'test-model', promptTokens: 100, completionTokens: 20, costUnits: 0.16 });
    expect(received).toHaveLength(1);
    expect(received[0].url).toBe('/v1/chat/completions');
    expect(received[0].headers.authorization).toBe('Bearer sk-test');
    expect(received[0].headers['content-type']).toBe('application/json');
    expect(received[0].body).toEqual({
      model: 'test-model',
      messages: [
        { role: 'system', content: 'You answer in JSON.' },
        { role: 'user', content: 'Make a title.' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: schema.schema, strict: true } },
    });
  });

  it('uses the model the call names (per-feature models)', async () => {
    script = [chat('{"title":"x","count":1}')];
    await provider().complete({ ...request, model: 'quiz-model' });
    expect(received[0].body.model).toBe('quiz-model');
  });

  it('asks again when the answer is not JSON, telling the model why', async () => {
    script = [chat('Sure! Here is your title: Forklift safety'), chat('{"title":"Forklift safety","count":1}')];
    const answer = await provider().complete<{ title: string }>(request);
    expect(answer.value.title).toBe('Forklift safety');
    expect(received).toHaveLength(2);
    const retry = received[1].body.messages as { role: string; content: string }[];
    expect(retry.slice(-2)).toEqual([
      { role: 'assistant', content: 'Sure! Here is your title: Forklift safety' },
      { role: 'user', content: expect.stringContaining('not valid JSON') },
    ]);
    expect(answer.usage.promptTokens).toBe(200);
  });

  it('validates every answer against the schema and asks again with the errors', async () => {
    script = [chat('{"title":"x","count":"three"}'), chat('{"title":"x","count":3,"extra":true}'), chat('{"title":"x","count":3}')];
    const answer = await provider().complete<{ count: number }>(request);
    expect(answer.value.count).toBe(3);
    expect(received).toHaveLength(3);
    expect(JSON.stringify(received[1].body.messages)).toContain('/count must be integer');
  });

  it('gives up after the bounded number of tries, with what was spent', async () => {
    script = [chat('{}'), chat('{}')];
    const failure = provider({ maxAttempts: 2 }).complete(request);
    await expect(failure).rejects.toThrow(AiProviderError);
    await expect(failure).rejects.toThrow(/after 2 tries: the answer does not match the schema/);
    const error = await failure.catch((e: AiProviderError) => e);
    expect((error as AiProviderError).usage).toMatchObject({ promptTokens: 200, completionTokens: 40 });
    expect(received).toHaveLength(2);
  });

  it('retries a transient HTTP error but not a refusal', async () => {
    script = [status(503), chat('{"title":"x","count":1}')];
    await expect(provider().complete(request)).resolves.toMatchObject({ value: { title: 'x', count: 1 } });
    expect(received).toHaveLength(2);
    received = [];
    script = [status(400)];
    await expect(provider().complete(request)).rejects.toThrow('The AI provider refused the request (HTTP 400)');
    expect(received).toHaveLength(1);
  });

  it('times out a provider that does not answer', async () => {
    script = [() => undefined]; // never answers
    await expect(provider({ timeoutMs: 200 }).complete(request)).rejects.toThrow('The AI provider did not answer within 200 ms');
  });

  it('stops when the caller cancels', async () => {
    script = [() => undefined];
    const controller = new AbortController();
    const call = provider().complete({ ...request, signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('cancelled by the author'));
    await expect(call).rejects.toThrow('cancelled by the author');
  });

  it('refuses past the budget without sending anything to the provider', async () => {
    script = [chat('{"title":"x","count":1}')];
    const budgeted = new BudgetedProvider(provider(), async (authorId) => {
      if (authorId === 'author-1') throw new AiBudgetExceededError('author');
    });
    await expect(budgeted.complete(request)).rejects.toThrow(AiBudgetExceededError);
    expect(received).toHaveLength(0);
    await expect(budgeted.complete({ ...request, authorId: 'author-2' })).resolves.toMatchObject({ value: { title: 'x' } });
    expect(received).toHaveLength(1);
  });
});
