import { spawn } from 'node:child_process';
import { MediaToolError } from './media-tools.port';

export interface ToolRun {
  /** The media length the output covers, in seconds: progress is `out_time` over it. */
  totalSeconds?: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs: number;
  /** Keep stdout (ffprobe's JSON); otherwise stdout is ffmpeg's `-progress` feed. */
  captureStdout?: boolean;
}

const STDERR_TAIL = 2000;

/** What to tell when a tool cannot even start: the operator's next step, not a stack trace. */
function missingTool(command: string): MediaToolError {
  return new MediaToolError(
    `The media tool "${command}" is not installed or not executable: install Debian's ffmpeg / espeak-ng packages, or set FFMPEG_PATH, FFPROBE_PATH or ESPEAK_PATH`,
  );
}

/**
 * Runs one external tool to completion. Inputs and outputs are files the arguments name, so nothing large passes
 * through this process; only the progress feed (or ffprobe's small JSON) and the tail of stderr are read.
 */
export function runTool(command: string, args: string[], run: ToolRun): Promise<string> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(new MediaToolError(`${command} was cancelled`));
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let pending = '';
    let stderr = '';
    let settled = false;
    const finish = (error: Error | null, value = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(value);
    };
    const stop = (reason: string) => {
      child.kill('SIGKILL');
      finish(new MediaToolError(reason));
    };
    const timer = setTimeout(
      () => stop(`${command} took longer than ${Math.round(run.timeoutMs / 1000)} s and was stopped (MEDIA_TOOL_TIMEOUT_MS)`),
      run.timeoutMs,
    );
    const onAbort = () => stop(`${command} was cancelled`);
    run.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (run.captureStdout) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // ffmpeg names it out_time_ms but it counts microseconds, like out_time_us.
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (match && run.onProgress && run.totalSeconds) run.onProgress(Math.min(1, Number(match[1]) / 1e6 / run.totalSeconds));
        else if (line.startsWith('progress=end')) run.onProgress?.(1);
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish(error.code === 'ENOENT' || error.code === 'EACCES' ? missingTool(command) : new MediaToolError(`${command}: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code === 0) finish(null, stdout);
      else finish(new MediaToolError(`${command} failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}
