import type { SpeachDocument } from '../speach';
import { embedEdits } from './embed-edits';

/** Only a draft's shape matters to the edit rules. */
const doc = {
  title: 'Safety',
  draft: {
    order: ['a', 'q'],
    children: { a: ['b'] },
    chapters: {
      a: { parentId: null, title: 'Intro', content: { type: 'HTML', html: '<p>Hi</p>' } },
      b: { parentId: 'a', title: 'Empty', content: { type: 'NONE' } },
      q: { parentId: null, title: 'Quiz', content: { type: 'QUIZZ', passingScore: 50, questions: [] } },
    },
  },
} as unknown as SpeachDocument;

const field = (body: Parameters<typeof embedEdits>[1]) => {
  try {
    embedEdits(doc, body);
  } catch (error) {
    return (error as { errors?: { field: string }[] }).errors?.[0]?.field;
  }
  return null;
};

describe('embed edits', () => {
  it('turns only what changed into speach commands', () => {
    const { commands, version } = embedEdits(doc, {
      version: 4,
      title: 'Safety',
      chapters: [
        { chapterId: 'a', title: 'Intro', html: '<p>Hi</p>' },
        { chapterId: 'b', html: '<p>Now filled</p>' },
        { chapterId: 'q', title: 'Final quiz' },
      ],
    });
    expect(version).toBe(4);
    expect(commands).toEqual([
      { type: 'SetChapterContent', chapterId: 'b', content: { type: 'HTML', html: '<p>Now filled</p>' } },
      { type: 'RenameChapter', chapterId: 'q', title: 'Final quiz' },
    ]);
    expect(embedEdits(doc, { title: 'Safety at sea' }).commands).toEqual([{ type: 'ChangeDetails', title: 'Safety at sea' }]);
    expect(embedEdits(doc, {}).commands).toEqual([]);
  });

  it('names the field it refuses', () => {
    expect(field({ version: -1 })).toBe('version');
    expect(field({ title: 3 })).toBe('title');
    expect(field({ chapters: {} })).toBe('chapters');
    expect(field({ chapters: [null] })).toBe('chapters[0]');
    expect(field({ chapters: [{ chapterId: 'a' }, { chapterId: 'a' }] })).toBe('chapters[1].chapterId');
    expect(field({ chapters: [{ chapterId: 'b', title: '' }] })).toBe('chapters[0].title');
    expect(field({ chapters: [{ chapterId: 'b', html: 7 }] })).toBe('chapters[0].html');
    expect(field({ chapters: [{ chapterId: 'q', html: '<p>x</p>' }] })).toBe('chapters[0].html');
    expect(field({ chapters: [{ chapterId: 'b', html: 'x'.repeat(200_001) }] })).toBe('chapters[0].html');
  });
});
