import Busboy from 'busboy';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { ValidationError } from '../../infrastructure/decider/decider';

/** A form's fields, each as the list of values it was sent with (`jobIDs` repeats). */
export type FormFields = Record<string, string[]>;

const MULTIPART = /^multipart\/form-data/i;
const URLENCODED = /^application\/x-www-form-urlencoded/i;

function isMultipart(request: FastifyRequest): boolean {
  return MULTIPART.test(String(request.headers['content-type'] ?? '')) && request.body instanceof Readable;
}

/**
 * The spec's form calls, sent as multipart (a browser's FormData) or as JSON: a JSON array is a
 * repeated field, an object or array inside a field is its JSON text (existingQuestions...).
 */
export async function readFields(request: FastifyRequest): Promise<FormFields> {
  if (isMultipart(request)) {
    return new Promise((resolve, reject) => {
      const fields: FormFields = {};
      const parser = Busboy({ headers: request.headers as Record<string, string>, limits: { files: 0, fields: 200, fieldSize: 1024 * 1024 } });
      parser.on('field', (name, value) => (fields[name.replace(/\[\]$/, '')] ??= []).push(value));
      parser.on('filesLimit', () => reject(new ValidationError('file', 'This call takes no file')));
      parser.on('error', (error) => reject(new ValidationError('body', `Unreadable form: ${(error as Error).message}`)));
      parser.on('close', () => resolve(fields));
      (request.body as Readable).pipe(parser);
    });
  }
  // csrf.ts lets urlencoded through on form routes for the one-click unsubscribe; these calls are a FormData or JSON.
  if (URLENCODED.test(String(request.headers['content-type'] ?? ''))) {
    throw new ValidationError('content-type', 'Send the fields as multipart/form-data or JSON, not urlencoded');
  }
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('body', 'Send the fields as a form or a JSON object');
  const fields: FormFields = {};
  for (const [name, value] of Object.entries(body)) {
    const values = Array.isArray(value) && name !== 'existingQuestions' && name !== 'selectedChapters' ? value : [value];
    fields[name] = values.filter((v) => v !== undefined && v !== null).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  }
  return fields;
}

/**
 * The one file of a multipart upload, streamed to `onFile` as it arrives (never held whole in
 * memory); `maxBytes + 1` bytes at most are read, so the store sees a file over the limit and refuses it.
 */
export function readUpload<T>(request: FastifyRequest, maxBytes: number, onFile: (fileName: string, stream: Readable) => Promise<T>): Promise<T> {
  if (!isMultipart(request)) throw new ValidationError('file', 'Send the file as multipart/form-data in the field "file"');
  return new Promise((resolve, reject) => {
    let handled: Promise<T> | null = null;
    const parser = Busboy({
      headers: request.headers as Record<string, string>,
      limits: { files: 1, fileSize: maxBytes + 1, fields: 20 },
      defParamCharset: 'utf8',
    });
    parser.on('file', (_field, stream, info) => {
      if (handled) return stream.resume();
      handled = onFile(info.filename || 'document', stream);
      handled.catch(() => stream.resume());
    });
    parser.on('error', (error) => reject(new ValidationError('file', `Unreadable upload: ${(error as Error).message}`)));
    parser.on('close', () => {
      if (!handled) return reject(new ValidationError('file', 'Send the file in the field "file"'));
      handled.then(resolve, reject);
    });
    (request.body as Readable).pipe(parser);
  });
}

export function one(fields: FormFields, name: string): string | undefined {
  return fields[name]?.[fields[name].length - 1];
}
