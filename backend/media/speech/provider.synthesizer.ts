import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ValidationError } from '../../infrastructure/decider/decider';
import { MediaToolError } from '../tools/media-tools.port';
import { type SpeechRequest, type SpeechSynthesizer, type SynthesizedSpeech, espeakVoice } from './speech-synthesizer.port';

export interface ProviderSpeechOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  voice: string;
  timeoutMs: number;
}

/** An OpenAI-compatible `POST /audio/speech` (OpenAI, Azure, a local server): MP3 streamed straight to disk. */
export class ProviderSynthesizer implements SpeechSynthesizer {
  readonly info = { engine: 'provider' as const, note: null };

  constructor(private readonly options: ProviderSpeechOptions) {}

  async synthesize(request: SpeechRequest, outputWithoutExtension: string, signal?: AbortSignal): Promise<SynthesizedSpeech> {
    // The provider guesses the language from the text; the check keeps both engines accepting the same languages.
    if (!espeakVoice(request.lang)) throw new ValidationError('lang', `No voice speaks "${request.lang}"`);
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const response = await fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}) },
      body: JSON.stringify({ model: this.options.model, voice: this.options.voice, input: request.text, response_format: 'mp3' }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }).catch((error: Error) => {
      throw new MediaToolError(`The speech provider could not be reached: ${error.message}`);
    });
    if (!response.ok || !response.body) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new MediaToolError(`The speech provider answered ${response.status}: ${detail}`);
    }
    const file = `${outputWithoutExtension}.mp3`;
    try {
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(`${file}.partial`));
      await rename(`${file}.partial`, file);
    } catch (error) {
      await rm(`${file}.partial`, { force: true });
      throw new MediaToolError(`The speech provider's audio could not be saved: ${(error as Error).message}`);
    }
    return { file, format: 'mp3' };
  }
}
