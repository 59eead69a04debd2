import { rename, rm, writeFile } from 'node:fs/promises';
import { ValidationError } from '../../infrastructure/decider/decider';
import { runTool } from '../tools/run-tool';
import { type SpeechRequest, type SpeechSynthesizer, type SynthesizedSpeech, espeakVoice } from './speech-synthesizer.port';

/** Debian's espeak-ng: always available offline, intelligible, and honestly robotic (the UI says so). */
export class EspeakSynthesizer implements SpeechSynthesizer {
  readonly info = { engine: 'espeak-ng' as const, note: 'robotic local voice' };

  constructor(private readonly config: { espeakPath: string; toolTimeoutMs: number }) {}

  async synthesize(request: SpeechRequest, outputWithoutExtension: string, signal?: AbortSignal): Promise<SynthesizedSpeech> {
    const voice = espeakVoice(request.lang);
    if (!voice) throw new ValidationError('lang', `No voice speaks "${request.lang}"`);
    const file = `${outputWithoutExtension}.wav`;
    // The text goes through a file, not the command line: any length, and nothing it contains is read as an option.
    const textFile = `${outputWithoutExtension}.txt`;
    await writeFile(textFile, request.text, 'utf8');
    try {
      await runTool(this.config.espeakPath, ['-v', voice, '-s', '160', '-w', `${file}.partial`, '-f', textFile], {
        captureStdout: true,
        signal,
        timeoutMs: this.config.toolTimeoutMs,
      });
      await rename(`${file}.partial`, file);
      return { file, format: 'wav' };
    } finally {
      await rm(textFile, { force: true });
      await rm(`${file}.partial`, { force: true });
    }
  }
}
