import { execFile } from 'node:child_process';

/** The Debian packages that provide each external tool (CI installs them; the error names them). */
const PACKAGES: Record<string, string> = {
  pdftotext: 'poppler-utils',
  pdftoppm: 'poppler-utils',
  soffice: 'libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui',
};

/** A required external tool is not installed: said plainly, with the package to install. */
export class MissingToolError extends Error {
  constructor(readonly tool: string) {
    super(`${tool} is not installed: install the Debian package(s) ${PACKAGES[tool] ?? tool}`);
  }
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
}

/** Runs a tool with arguments (never a shell); its stdout as a buffer. */
export function runTool(tool: string, args: string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      tool,
      args,
      {
        encoding: 'buffer',
        maxBuffer: 512 * 1024 * 1024,
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        signal: options.signal,
        env: options.env ?? process.env,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return reject(new MissingToolError(tool));
        if (error.name === 'AbortError') return reject(error);
        const detail = stderr.toString('utf8').trim().split('\n').slice(-3).join(' ');
        reject(new Error(`${tool} failed${error.killed ? ' (timed out)' : ''}: ${detail || error.message}`));
      },
    );
  });
}
