import { fileTypeFromBuffer } from 'file-type';
import { ValidationError } from '../infrastructure/decider/decider';
import type { UploadQuery } from './speach.dto';

/** What the declared type (Content-Type) may be for each kind of chapter file. */
export const DECLARED: Record<UploadQuery['type'], RegExp> = {
  VIDEO_UPLOAD: /^video\/(mp4|webm|ogg|quicktime)$/,
  AUDIO_UPLOAD: /^audio\/(mpeg|mp4|ogg|webm|wav|x-wav|aac)$/,
  PDF_UPLOAD: /^application\/pdf$/,
};

/** What the bytes themselves must be (file-type's reading of the magic bytes): audio often comes in a video container. */
const DETECTED: Record<UploadQuery['type'], RegExp> = {
  VIDEO_UPLOAD: /^video\//,
  AUDIO_UPLOAD: /^audio\/|^video\/(mp4|webm|ogg)$|^application\/ogg$/,
  PDF_UPLOAD: /^application\/pdf$/,
};

/** Refuses a file whose first bytes are not of the kind declared (a renamed executable, an HTML page...). */
export async function checkMagicBytes(type: UploadQuery['type'], head: Buffer): Promise<void> {
  const detected = await fileTypeFromBuffer(head);
  if (!detected || !DETECTED[type].test(detected.mime)) {
    throw new ValidationError(
      'file',
      `The file's content (${detected?.mime ?? 'unknown'}) is not a ${type === 'PDF_UPLOAD' ? 'PDF' : type === 'VIDEO_UPLOAD' ? 'video' : 'audio file'}`,
    );
  }
}

export const UPLOAD_NAME_MAX = 255;

/**
 * The name a file is shown under: its last path segment, without control characters or the
 * characters file systems and headers refuse, and never hidden (no leading dots).
 */
export function uploadName(raw: string): string {
  const last = raw.split(/[\\/]/).pop() ?? '';

  const clean = last
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, UPLOAD_NAME_MAX);
  if (!clean) throw new ValidationError('name', 'name must be a file name');
  return clean;
}
