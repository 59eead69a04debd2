import { ValidationError } from '../infrastructure/decider/decider';

/** One timed line of a subtitle track; times in milliseconds. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** A subtitle file worth uploading fits these: a feature film holds about 2,000 cues. */
export const MAX_CUES = 5000;
export const CUE_TEXT_MAX = 500;
export const SUBTITLE_FILE_MAX = 1_000_000;

const VTT_TIME = /^(?:(\d{1,3}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const SRT_TIME = /^(\d{1,3}):([0-5]\d):([0-5]\d),(\d{3})$/;
const ARROW = /^(\S+)\s+-->\s+(\S+)(?:\s+.*)?$/;

function time(value: string, pattern: RegExp): number | null {
  const m = pattern.exec(value.trim());
  if (!m) return null;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]);
}

function refuse(line: number, reason: string): never {
  throw new ValidationError('file', `Line ${line}: ${reason}`);
}

/** Blocks of non-empty lines, each with the 1-based number of its first line (for the error messages). */
function blocks(text: string): { line: number; lines: string[] }[] {
  const all = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const found: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | null = null;
  all.forEach((raw, index) => {
    if (raw.trim() === '') {
      current = null;
      return;
    }
    if (!current) found.push((current = { line: index + 1, lines: [] }));
    current.lines.push(raw);
  });
  return found;
}

function cueOf(block: { line: number; lines: string[] }, timingIndex: number, pattern: RegExp, format: string): Cue {
  const timingLine = block.line + timingIndex;
  const arrow = ARROW.exec(block.lines[timingIndex]?.trim() ?? '');
  if (!arrow) refuse(timingLine, `a ${format} cue needs a timing line "start --> end"`);
  const start = time(arrow[1], pattern);
  const end = time(arrow[2], pattern);
  if (start === null) refuse(timingLine, `"${arrow[1]}" is not a ${format} time`);
  if (end === null) refuse(timingLine, `"${arrow[2]}" is not a ${format} time`);
  if (end <= start) refuse(timingLine, 'a cue must end after it starts');
  const text = block.lines
    .slice(timingIndex + 1)
    .join('\n')
    .trim();
  if (!text) refuse(timingLine, 'a cue needs text');
  if (text.length > CUE_TEXT_MAX) refuse(timingLine + 1, `a cue holds at most ${CUE_TEXT_MAX} characters`);
  return { start, end, text };
}

function capped(cues: Cue[]): Cue[] {
  if (cues.length === 0) throw new ValidationError('file', 'The file holds no cue');
  if (cues.length > MAX_CUES) throw new ValidationError('file', `A subtitle track holds at most ${MAX_CUES} cues`);
  return cues;
}

/** WebVTT (W3C): the "WEBVTT" signature, then cues; NOTE, STYLE and REGION blocks are skipped. */
export function parseVtt(text: string): Cue[] {
  const found = blocks(text);
  const header = found.shift();
  if (!header || !/^WEBVTT(?:[ \t].*)?$/.test(header.lines[0])) refuse(header?.line ?? 1, 'a WebVTT file starts with "WEBVTT"');
  const cues: Cue[] = [];
  for (const block of found) {
    if (/^(NOTE|STYLE|REGION)(\s|$)/.test(block.lines[0])) continue;
    // An optional identifier line comes before the timing line; with no arrow on either, the block's first line is at fault.
    const timingIndex = !block.lines[0].includes('-->') && block.lines[1]?.includes('-->') ? 1 : 0;
    cues.push(cueOf(block, timingIndex, VTT_TIME, 'WebVTT'));
  }
  return capped(cues);
}

/** SubRip: numbered blocks with comma-decimal times. */
export function parseSrt(text: string): Cue[] {
  return capped(
    blocks(text).map((block) => {
      if (!/^\d+$/.test(block.lines[0].trim())) refuse(block.line, 'an SRT cue starts with its number');
      return cueOf(block, 1, SRT_TIME, 'SRT');
    }),
  );
}

/** Either format, told apart by the WebVTT signature. */
export function parseSubtitles(text: string): { format: 'vtt' | 'srt'; cues: Cue[] } {
  if (text.length > SUBTITLE_FILE_MAX) throw new ValidationError('file', `A subtitle file holds at most ${SUBTITLE_FILE_MAX} characters`);
  return /^\uFEFF?WEBVTT/.test(text) ? { format: 'vtt', cues: parseVtt(text) } : { format: 'srt', cues: parseSrt(text) };
}

/** Checks cues edited in the chapter editor, naming the cue at fault. */
export function checkCues(value: unknown): Cue[] {
  if (!Array.isArray(value)) throw new ValidationError('cues', 'cues must be a list of {start, end, text}');
  const cues = value.map((raw, index): Cue => {
    const cue = raw as Partial<Cue> | null;
    const field = `cues[${index}]`;
    if (!cue || typeof cue !== 'object') throw new ValidationError(field, `${field} must be {start, end, text}`);
    const { start, end, text } = cue;
    if (!Number.isInteger(start) || (start as number) < 0) throw new ValidationError(`${field}.start`, 'start must be a whole number of milliseconds');
    if (!Number.isInteger(end) || (end as number) <= (start as number))
      throw new ValidationError(`${field}.end`, 'end must be a whole number of milliseconds after start');
    if (typeof text !== 'string' || !text.trim()) throw new ValidationError(`${field}.text`, 'text must not be empty');
    if (text.length > CUE_TEXT_MAX) throw new ValidationError(`${field}.text`, `text holds at most ${CUE_TEXT_MAX} characters`);
    return { start: start as number, end: end as number, text: text.trim() };
  });
  return capped(cues.sort((a, b) => a.start - b.start || a.end - b.end));
}

function stamp(ms: number): string {
  const pad = (n: number, size = 2) => String(n).padStart(size, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** The file the player's `<track>` reads. A cue's text never holds a blank line (it would end the cue) nor a bare "-->". */
export function renderVtt(cues: Cue[]): string {
  const body = cues.map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${c.text.replace(/\n\s*\n/g, '\n').replace(/-->/g, '--&gt;')}`);
  return `WEBVTT\n\n${body.join('\n\n')}\n`;
}

/** A transcript as plain text: the cues' words in order (for search and the panel beside the player). */
export function plainText(cues: Cue[]): string {
  return cues
    .map((c) => c.text.replace(/<[^>]*>/g, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
