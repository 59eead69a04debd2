import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EspeakSynthesizer, FfmpegMediaTools, MediaToolError, ProviderSynthesizer } from '../../backend/media';
import { ValidationError } from '../../backend/infrastructure/decider/decider';
import { mediaDir, makeVoice } from './media-fixtures';

const tools = new FfmpegMediaTools({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', toolTimeoutMs: 60_000 });
const dir = mediaDir();

describe('espeak-ng text to speech', () => {
  const espeak = new EspeakSynthesizer({ espeakPath: 'espeak-ng', toolTimeoutMs: 60_000 });

  it('says it is the robotic local voice', () => {
    expect(espeak.info).toEqual({ engine: 'espeak-ng', note: 'robotic local voice' });
  });

  it('speaks for longer as the text grows, in the spec languages', async () => {
    const short = await espeak.synthesize({ text: 'Bonjour à tous.', lang: 'fr-FR' }, join(dir, 'short'));
    const long = await espeak.synthesize(
      { text: 'Bonjour à tous. Aujourd’hui nous apprenons à ranger l’entrepôt en toute sécurité, étape par étape.', lang: 'fr_FR' },
      join(dir, 'long'),
    );
    const [a, b] = await Promise.all([tools.probe(short.file), tools.probe(long.file)]);
    expect(short.format).toBe('wav');
    expect(a.durationSeconds).toBeGreaterThan(0.5);
    expect(b.durationSeconds).toBeGreaterThan(a.durationSeconds * 2);
    const chinese = await espeak.synthesize({ text: '你好，欢迎。', lang: 'zh-CN' }, join(dir, 'zh'));
    expect((await tools.probe(chinese.file)).durationSeconds).toBeGreaterThan(0.5);
  });

  it('refuses a language it does not speak, naming lang', async () => {
    await expect(espeak.synthesize({ text: 'Hallo', lang: 'xx-YY' }, join(dir, 'xx'))).rejects.toBeInstanceOf(ValidationError);
  });

  it('names the missing tool', async () => {
    const missing = new EspeakSynthesizer({ espeakPath: '/nonexistent/espeak-ng', toolTimeoutMs: 1000 });
    await expect(missing.synthesize({ text: 'Hello', lang: 'en-US' }, join(dir, 'missing'))).rejects.toThrow(/"\/nonexistent\/espeak-ng" is not installed/);
  });
});

describe('provider text to speech (an OpenAI-compatible /audio/speech)', () => {
  let server: Server;
  let baseUrl: string;
  const received: { url?: string; auth?: string; body?: Record<string, unknown> }[] = [];
  let audio: Buffer;
  let status = 200;

  beforeAll(async () => {
    // The stand-in provider answers a real audio file, as the real one does.
    audio = readFileSync(makeVoice(join(dir, 'provider.webm'), 2));
    server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        received.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(raw) });
        if (status !== 200) return res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"message":"quota"}}');
        res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(audio);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('posts model, voice and text, and streams the answer to disk', async () => {
    const provider = new ProviderSynthesizer({ baseUrl, apiKey: 'sk-test', model: 'tts-1', voice: 'alloy', timeoutMs: 10_000 });
    expect(provider.info).toEqual({ engine: 'provider', note: null });
    const spoken = await provider.synthesize({ text: 'Welcome to the warehouse.', lang: 'en-US' }, join(dir, 'provided'));
    expect(received.at(-1)).toEqual({
      url: '/v1/audio/speech',
      auth: 'Bearer sk-test',
      body: { model: 'tts-1', voice: 'alloy', input: 'Welcome to the warehouse.', response_format: 'mp3' },
    });
    expect(readFileSync(spoken.file)).toEqual(audio);
    expect((await tools.probe(spoken.file)).durationSeconds).toBeGreaterThan(1.5);
  });

  it('reports the provider refusing', async () => {
    status = 429;
    try {
      const provider = new ProviderSynthesizer({ baseUrl, apiKey: null, model: 'tts-1', voice: 'alloy', timeoutMs: 10_000 });
      await expect(provider.synthesize({ text: 'Hi', lang: 'en-US' }, join(dir, 'refused'))).rejects.toThrow(MediaToolError);
      await expect(provider.synthesize({ text: 'Hi', lang: 'en-US' }, join(dir, 'refused'))).rejects.toThrow(/429.*quota/);
    } finally {
      status = 200;
    }
  });
});
