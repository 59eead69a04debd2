import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { SubtitleCue } from '../../../events';

export interface TranscriptionOptions {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface Transcription {
  cues: SubtitleCue[];
  text: string;
}

/** The transcription could not be made: the message is shown to the author (no address, no key). */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';
}

interface VerboseJson {
  text?: unknown;
  segments?: { start?: unknown; end?: unknown; text?: unknown }[];
}

/** Segments of Whisper's verbose_json as cues (milliseconds); a segment with no words or no duration is dropped. */
export function cuesOf(answer: VerboseJson): Transcription {
  if (!Array.isArray(answer.segments)) throw new TranscriptionError('The transcription service answered without segments (verbose_json expected).');
  const cues: SubtitleCue[] = [];
  for (const segment of answer.segments) {
    const start = Math.round(Number(segment.start) * 1000);
    const end = Math.round(Number(segment.end) * 1000);
    const text = typeof segment.text === 'string' ? segment.text.trim() : '';
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start || !text) continue;
    cues.push({ start, end, text: text.slice(0, 500) });
  }
  const text = typeof answer.text === 'string' && answer.text.trim() ? answer.text.trim() : cues.map((c) => c.text).join(' ');
  return { cues, text };
}

/**
 * An OpenAI-compatible `/audio/transcriptions` call (Whisper: OpenAI, Azure, faster-whisper servers):
 * the audio file is streamed from disk as multipart, `verbose_json` asked for its timed segments.
 */
export async function transcribe(options: TranscriptionOptions, audioFile: string, language: string, signal?: AbortSignal): Promise<Transcription> {
  const form = new FormData();
  form.set('file', await openAsBlob(audioFile), basename(audioFile));
  form.set('model', options.model);
  form.set('response_format', 'verbose_json');
  form.set('language', language);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      body: form,
      headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}`, 'api-key': options.apiKey } : {},
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    throw new TranscriptionError(
      timeout.aborted
        ? `The transcription service did not answer within ${Math.round(options.timeoutMs / 1000)} s.`
        : `The transcription service could not be reached (${(error as Error).message}).`,
    );
  }
  if (!response.ok) throw new TranscriptionError(`The transcription service refused the audio (HTTP ${response.status}).`);
  let answer: VerboseJson;
  try {
    answer = (await response.json()) as VerboseJson;
  } catch {
    throw new TranscriptionError('The transcription service answered with something other than JSON.');
  }
  return cuesOf(answer);
}
