import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ValidationError } from '../infrastructure/decider/decider';
import { checkCues, parseSubtitles, plainText, renderVtt } from './webvtt';

const fixture = (name: string) => readFileSync(join(__dirname, '..', '..', 'test', 'fixtures', 'subtitles', name), 'utf8');

function refusal(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('WebVTT and SRT subtitle files', () => {
  it('reads a WebVTT file: optional cue ids, settings and NOTE blocks skipped, short and long times', () => {
    const { format, cues } = parseSubtitles(fixture('briefing.en.vtt'));
    expect(format).toBe('vtt');
    expect(cues).toEqual([
      { start: 0, end: 1500, text: 'Welcome aboard.' },
      { start: 1500, end: 3000, text: 'Fasten your <b>belt</b>\nand listen.' },
    ]);
  });

  it('converts an SRT file (BOM, CRLF, comma decimals) to the same cues, and renders them as WebVTT that reads back the same', () => {
    const { format, cues } = parseSubtitles(fixture('briefing.fr.srt'));
    expect(format).toBe('srt');
    expect(cues).toEqual([
      { start: 0, end: 1500, text: 'Bienvenue à bord.' },
      { start: 1500, end: 3000, text: 'Attachez votre ceinture.' },
    ]);
    const vtt = renderVtt(cues);
    expect(vtt).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:01\.500\nBienvenue à bord\.\n/);
    expect(parseSubtitles(vtt).cues).toEqual(cues);
  });

  it('names the line of a malformed cue', () => {
    const error = refusal(() => parseSubtitles(fixture('broken.vtt')));
    expect(error.errors).toEqual([{ field: 'file', reason: 'Line 6: a WebVTT cue needs a timing line "start --> end"' }]);
    expect(refusal(() => parseSubtitles('WEBVTT\n\n00:00:05.000 --> 00:00:04.000\nBackwards\n')).message).toBe('Line 3: a cue must end after it starts');
    expect(refusal(() => parseSubtitles('1\n00:00:01.000 --> 00:00:02,000\nDot\n')).message).toBe('Line 2: "00:00:01.000" is not a SRT time');
    expect(refusal(() => parseSubtitles('WEBVTT\n')).message).toBe('The file holds no cue');
    expect(refusal(() => parseSubtitles('<html>nope</html>\n')).message).toBe('Line 1: an SRT cue starts with its number');
  });

  it('checks edited cues, naming the one at fault, and sorts them by time', () => {
    expect(
      checkCues([
        { start: 2000, end: 3000, text: ' b ' },
        { start: 0, end: 1000, text: 'a' },
      ]),
    ).toEqual([
      { start: 0, end: 1000, text: 'a' },
      { start: 2000, end: 3000, text: 'b' },
    ]);
    expect(
      refusal(() =>
        checkCues([
          { start: 0, end: 1000, text: 'a' },
          { start: 5, end: 5, text: 'b' },
        ]),
      ).errors,
    ).toEqual([{ field: 'cues[1].end', reason: 'end must be a whole number of milliseconds after start' }]);
    expect(refusal(() => checkCues([{ start: 0, end: 1000, text: '  ' }])).errors?.[0].field).toBe('cues[0].text');
    expect(refusal(() => checkCues('nope')).errors?.[0].field).toBe('cues');
  });

  it('keeps a cue from ending early or faking a timing line in the rendered file, and gives the words as plain text', () => {
    const vtt = renderVtt([{ start: 0, end: 1000, text: 'one\n\ntwo --> three' }]);
    expect(parseSubtitles(vtt).cues).toEqual([{ start: 0, end: 1000, text: 'one\ntwo --&gt; three' }]);
    expect(
      plainText([
        { start: 0, end: 1, text: 'Fasten your <b>belt</b>\nnow.' },
        { start: 1, end: 2, text: 'Then  go.' },
      ]),
    ).toBe('Fasten your belt now. Then go.');
  });
});
