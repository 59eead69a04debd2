/**
 * Issue 22's pipeline cost: the transcode of an uploaded 1-minute 720p video (MP4 and WebM renditions, poster,
 * sound track) from the upload request to the renditions in the read model, held against ffmpeg alone making
 * the same four outputs with the same settings from the same file. The ratio is the pipeline's overhead (blob
 * copies, probes, events, the policy and the worker). Runs the real application in process.
 * Standalone: `node -r ./test/support/swc-register.js bench/scenarios/media-transcode.ts` (BENCH_MEDIA_SECONDS
 * shortens the clip for a trial run).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadModels } from '../../backend/infrastructure/read-models';
import { MediaJobWorker } from '../../backend/media';
import { startTestApp } from '../../test/support/test-app';
import { type Result, printTable, ratio } from '../lib/report';

const SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 60);

/** The settings of backend/media/tools/ffmpeg-media-tools.ts, run by hand. */
function ffmpegAlone(source: string, dir: string): number {
  const run = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args]);
  const started = performance.now();
  run([
    '-i',
    source,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0',
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    join(dir, 'alone.mp4'),
  ]);
  run([
    '-i',
    source,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0',
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '35',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-row-mt',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'libopus',
    '-b:a',
    '96k',
    join(dir, 'alone.webm'),
  ]);
  run(['-ss', '1', '-i', source, '-frames:v', '1', '-vf', 'scale=1280:-2', '-q:v', '3', join(dir, 'alone.jpg')]);
  run(['-i', source, '-vn', '-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', join(dir, 'alone.m4a')]);
  return (performance.now() - started) / 1000;
}

export async function mediaTranscodeScenario(results: Result[]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-media-'));
  const source = join(dir, 'source.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=1280x720:rate=25:duration=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    source,
  ]);
  // The bench signs in as the demo accounts: the test app no longer seeds unless asked.
  const t = await startTestApp({ seed: true, env: { DATA_DIR: dir } });
  try {
    const alone = ffmpegAlone(source, dir);
    const author = await t.login('author@example.com');
    const as = { authorization: `Bearer ${author}` };
    const { id } = (await t.http.post('/api/v2/recorder/speach').set(as).send({ title: 'Bench: transcode', language: 'en-US' }).expect(201)).body;
    const { chapterId } = (await t.http.post(`/api/v2/recorder/speach/${id}/chapters`).set(as).send({ title: 'Clip' }).expect(201)).body;
    const bytes = readFileSync(source);
    const started = performance.now();
    await t.http
      .post(`/api/v2/recorder/speach/${id}/chapters/${chapterId}/file`)
      .query({ type: 'VIDEO_UPLOAD', name: 'clip.mp4' })
      .set({ ...as, 'content-type': 'video/mp4' })
      .send(bytes)
      .expect(201);
    await t.app.get(MediaJobWorker).idle();
    await t.app.get(ReadModels).settle(await t.adapters.eventStore.headPosition());
    const seconds = (performance.now() - started) / 1000;
    const read = await t.http.get(`/api/v2/speach/${id}/read`).query({ mode: 'draft' }).set(as).expect(200);
    const media = read.body.chapters[0].content.media;
    if (media?.status !== 'READY') throw new Error(`The transcode did not complete: ${JSON.stringify(media)}`);
    results.push({
      scenario: `Transcode of a ${SECONDS} s 720p upload (MP4 + WebM + poster + sound, upload to read model)`,
      figure: Math.round(seconds * 100) / 100,
      unit: 's',
      reference: 'ffmpeg alone, same outputs',
      referenceFigure: Math.round(alone * 100) / 100,
      ratio: ratio(seconds, alone, true),
      note: `${(bytes.length / 1e6).toFixed(1)} MB source; renditions ${media.renditions.map((r: { format: string }) => r.format).join(', ')}`,
    });
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const results: Result[] = [];
  mediaTranscodeScenario(results)
    .then(() => {
      printTable(results);
      process.exit(0);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
