import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EspeakSynthesizer, FfmpegMediaTools } from '../../backend/media';
import { mediaDir } from './media-fixtures';

const tools = new FfmpegMediaTools({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', toolTimeoutMs: 60_000 });
const espeak = new EspeakSynthesizer({ espeakPath: 'espeak-ng', toolTimeoutMs: 60_000 });
const dir = mediaDir();

/** silencedetect writes to stderr: run it through a shell to read that. */
function silenceLog(file: string): { start: number; end: number }[] {
  const log = execFileSync('sh', ['-c', `ffmpeg -hide_banner -nostats -i '${file}' -af silencedetect=noise=-40dB:d=0.3 -f null - 2>&1`], { encoding: 'utf8' });
  const starts = [...log.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...log.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((start, i) => ({ start, end: ends[i] ?? Number.POSITIVE_INFINITY }));
}

describe('placing spoken cues at their start times (MediaTools.place)', () => {
  it('two cues at 0 s and 3 s: the second is heard from about 3 s, the result lasts past the last cue end', async () => {
    const first = await espeak.synthesize({ text: 'Welcome aboard.', lang: 'en-US' }, join(dir, 'cue-1'));
    const second = await espeak.synthesize({ text: 'Fasten your seat belt.', lang: 'en-US' }, join(dir, 'cue-2'));
    const firstLength = (await tools.probe(first.file)).durationSeconds;
    expect(firstLength).toBeLessThan(2.5);
    const output = join(dir, 'placed.m4a');
    const report = await tools.place(
      [
        { input: first.file, start: 0, end: 2.5 },
        { input: second.file, start: 3, end: 6 },
      ],
      output,
      'm4a',
    );
    expect(report).toEqual({ durationSeconds: 6, overruns: 0, maxDelaySeconds: 0 });
    const probe = await tools.probe(output);
    expect(probe.audio?.codec).toBe('aac');
    expect(probe.durationSeconds).toBeGreaterThanOrEqual(5.95);
    // The gap between the cues is silent, and the voice is back close to 3 s.
    const gap = silenceLog(output).find((s) => s.start > 0.5 && s.start < 3);
    expect(gap).toBeDefined();
    expect(gap!.start).toBeLessThanOrEqual(firstLength + 0.3);
    expect(Math.abs(gap!.end - 3)).toBeLessThanOrEqual(0.15);
    expect(existsSync(`${output}.partial`)).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('.place-'))).toEqual([]);
  });

  it('a first cue that starts late is preceded by silence', async () => {
    const voice = await espeak.synthesize({ text: 'Later on.', lang: 'en-GB' }, join(dir, 'late'));
    const output = join(dir, 'late.m4a');
    await tools.place([{ input: voice.file, start: 2, end: 4 }], output, 'm4a');
    const lead = silenceLog(output)[0];
    expect(lead.start).toBeLessThanOrEqual(0.05);
    expect(Math.abs(lead.end - 2)).toBeLessThanOrEqual(0.15);
    expect((await tools.probe(output)).durationSeconds).toBeGreaterThanOrEqual(3.95);
  });

  it('a cue too long for its slot is sped up (at most 1.5×), then overruns and pushes the next cue back', async () => {
    const long = await espeak.synthesize(
      { text: 'This sentence is far too long to be spoken in the single second its subtitle cue leaves for it.', lang: 'en-US' },
      join(dir, 'long'),
    );
    const short = await espeak.synthesize({ text: 'Next.', lang: 'en-US' }, join(dir, 'next'));
    const length = (await tools.probe(long.file)).durationSeconds;
    const output = join(dir, 'overrun.m4a');
    const report = await tools.place(
      [
        { input: long.file, start: 0, end: 1 },
        { input: short.file, start: 1, end: 2 },
      ],
      output,
      'm4a',
    );
    expect(report.overruns).toBe(1);
    expect(report.maxDelaySeconds).toBeCloseTo(length / 1.5 - 1, 1);
    const probe = await tools.probe(output);
    expect(probe.durationSeconds).toBeGreaterThan(length / 1.5);
    expect(probe.durationSeconds).toBeLessThan(length);
  });
});
