import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh folder for one spec file's media. */
export const mediaDir = (): string => mkdtempSync(join(tmpdir(), 'media-spec-'));

/** A 1280x720 25 fps test pattern with a 440 Hz tone, made by ffmpeg itself (H.264/AAC MP4 unless `.webm`/`.mkv`). */
export function makeVideo(file: string, seconds = 10, size = '1280x720'): string {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

/** A WebM/Opus "voice" like MediaRecorder's (64 kbps), a 220 Hz tone. */
export function makeVoice(file: string, seconds = 6): string {
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=220:sample_rate=48000:duration=${seconds}`,
    '-c:a',
    'libopus',
    '-b:a',
    '64k',
    file,
  ]);
  return file;
}

/** A voice as MediaRecorder writes it: WebM/Opus streamed, so its header carries no duration. */
export function makeStreamedVoice(file: string, seconds = 6): string {
  execFileSync('sh', [
    '-c',
    `ffmpeg -v error -f lavfi -i sine=frequency=330:sample_rate=48000:duration=${seconds} -c:a libopus -b:a 64k -f webm pipe:1 > '${file}'`,
  ]);
  return file;
}
