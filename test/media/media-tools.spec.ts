import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FfmpegMediaTools, MediaToolError } from '../../backend/media';
import { makeStreamedVoice, makeVideo, makeVoice, mediaDir } from './media-fixtures';

const tools = new FfmpegMediaTools({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe', toolTimeoutMs: 120_000 });
const dir = mediaDir();
const video = join(dir, 'source.mp4');
const voice = join(dir, 'voice.webm');

beforeAll(() => {
  makeVideo(video, 10);
  makeVoice(voice, 6);
});

describe('FfmpegMediaTools on real files', () => {
  it('probes duration, streams and size', async () => {
    const probe = await tools.probe(video);
    expect(probe.durationSeconds).toBeCloseTo(10, 0);
    expect(probe.video).toEqual(expect.objectContaining({ codec: 'h264', width: 1280, height: 720, fps: 25 }));
    expect(probe.audio?.codec).toBe('aac');
    expect(probe.sizeBytes).toBeGreaterThan(1000);
    const spoken = await tools.probe(voice);
    expect(spoken.video).toBeNull();
    expect(spoken.audio?.codec).toBe('opus');
    expect(spoken.durationSeconds).toBeGreaterThan(5.8);
  });

  it('transcodes to H.264/AAC MP4 with the index first, reporting progress up to the end', async () => {
    const output = join(dir, 'web.mp4');
    const seen: number[] = [];
    await tools.transcode(video, output, 'mp4', { onProgress: (f) => seen.push(f) });
    const probe = await tools.probe(output);
    expect(Math.abs(probe.durationSeconds - 10)).toBeLessThanOrEqual(0.2);
    expect(probe.video?.codec).toBe('h264');
    expect(probe.audio?.codec).toBe('aac');
    // +faststart puts the moov box before the media data so playback starts before the download ends.
    const head = readFileSync(output).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Number.MAX_SAFE_INTEGER : head.indexOf('mdat'));
    expect(seen.at(-1)).toBe(1);
    expect(seen.some((f) => f > 0 && f < 1)).toBe(true);
    expect(existsSync(`${output}.partial`)).toBe(false);
  });

  it('transcodes to WebM VP9/Opus', async () => {
    const output = join(dir, 'web.webm');
    await tools.transcode(video, output, 'webm');
    const probe = await tools.probe(output);
    expect(Math.abs(probe.durationSeconds - 10)).toBeLessThanOrEqual(0.2);
    expect(probe.video?.codec).toBe('vp9');
    expect(probe.audio?.codec).toBe('opus');
  });

  it('takes a poster frame as a JPEG of the asked width', async () => {
    const output = join(dir, 'poster.jpg');
    await tools.frame(video, output, { atSeconds: 2, width: 640 });
    const bytes = readFileSync(output);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const size = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', output], { encoding: 'utf8' }).trim();
    expect(size).toBe('640,360');
  });

  it('cuts: keeps only the given ranges, joined', async () => {
    const output = join(dir, 'cut.mp4');
    await tools.cut(video, output, [
      { start: 1, end: 3 },
      { start: 6, end: 8.5 },
    ]);
    const probe = await tools.probe(output);
    expect(Math.abs(probe.durationSeconds - 4.5)).toBeLessThanOrEqual(0.2);
    expect(probe.video?.codec).toBe('h264');
    expect(probe.audio).not.toBeNull();
  });

  it.each(['replace', 'duck'] as const)('mixes a 6 s voice onto the 10 s video (%s): sound, and the length of the video', async (mode) => {
    const output = join(dir, `mixed-${mode}.mp4`);
    await tools.mixVoiceOver(video, voice, output, mode);
    const probe = await tools.probe(output);
    expect(probe.audio?.codec).toBe('aac');
    expect(probe.video?.codec).toBe('h264');
    expect(Math.abs(probe.durationSeconds - 10)).toBeLessThanOrEqual(0.2);
  });

  it('mixes a browser recording whose header has no duration', async () => {
    const streamed = makeStreamedVoice(join(dir, 'streamed.webm'), 4);
    expect((await tools.probe(streamed)).audio?.codec).toBe('opus');
    const output = join(dir, 'mixed-streamed.mp4');
    await tools.mixVoiceOver(video, streamed, output, 'replace');
    const probe = await tools.probe(output);
    expect(probe.audio?.codec).toBe('aac');
    expect(Math.abs(probe.durationSeconds - 10)).toBeLessThanOrEqual(0.2);
  });

  it('extracts the sound as AAC (m4a)', async () => {
    const output = join(dir, 'sound.m4a');
    await tools.extractAudio(video, output, 'm4a');
    const probe = await tools.probe(output);
    expect(probe.video).toBeNull();
    expect(probe.audio?.codec).toBe('aac');
    expect(Math.abs(probe.durationSeconds - 10)).toBeLessThanOrEqual(0.2);
  });

  it('refuses a file that is not media, naming the reason', async () => {
    const text = join(dir, 'not-media.mp4');
    writeFileSync(text, 'hello');
    await expect(tools.probe(text)).rejects.toBeInstanceOf(MediaToolError);
  });

  it('says which tool is missing when it is not installed', async () => {
    const missing = new FfmpegMediaTools({ ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe', toolTimeoutMs: 1000 });
    await expect(missing.probe(video)).rejects.toThrow(/"\/nonexistent\/ffprobe" is not installed/);
  });
});
