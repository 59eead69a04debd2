import type { ChapterContent } from '../../events';
import { contentDiff, htmlToLines, lineDiff } from './content-diff';

const html = (body: string): ChapterContent => ({ type: 'HTML', html: body });
const quiz = (questions: { id: string; text: string }[]): ChapterContent => ({
  type: 'QUIZZ',
  passingScore: 50,
  questions: questions.map((q) => ({ questionId: q.id, text: q.text, multiple: false, points: 1, options: [{ optionId: 'a', text: 'Yes', correct: true }] })),
});

describe('content diff (issue 23 item 3)', () => {
  it('reads HTML as the lines a reader sees', () => {
    expect(htmlToLines('<h2>Scope</h2><p>Wear <strong>gloves</strong>&nbsp;always.</p><ul><li>Hair</li><li>Mask</li></ul>')).toEqual([
      'Scope',
      'Wear gloves always.',
      '• Hair',
      '• Mask',
    ]);
  });

  it('aligns lines side by side: kept, changed, added, removed', () => {
    expect(lineDiff(['a', 'b', 'c'], ['a', 'B', 'c', 'd'])).toEqual([
      { kind: 'same', left: 'a', right: 'a' },
      { kind: 'changed', left: 'b', right: 'B' },
      { kind: 'same', left: 'c', right: 'c' },
      { kind: 'added', left: null, right: 'd' },
    ]);
    expect(lineDiff(['a', 'b'], ['b'])).toEqual([
      { kind: 'removed', left: 'a', right: null },
      { kind: 'same', left: 'b', right: 'b' },
    ]);
  });

  it('finds chapters added, removed, renamed and moved, and what changed inside them', () => {
    const from = {
      title: 'Gowning',
      chapters: [
        { chapterId: 'c1', parentId: null, title: 'Order', content: html('<p>Hair cover</p><p>Mask</p>') },
        {
          chapterId: 'c2',
          parentId: null,
          title: 'Quiz',
          content: quiz([
            { id: 'q1', text: 'Mask first?' },
            { id: 'q2', text: 'Gloves last?' },
          ]),
        },
        { chapterId: 'c3', parentId: null, title: 'Old annex', content: html('<p>x</p>') },
        { chapterId: 'c4', parentId: null, title: 'Exit', content: html('<p>Leave</p>') },
      ],
    };
    const to = {
      title: 'Gowning (grade B)',
      chapters: [
        { chapterId: 'c4', parentId: null, title: 'Exit', content: html('<p>Leave</p>') },
        { chapterId: 'c1', parentId: null, title: 'Gowning order', content: html('<p>Hair cover</p><p>Mask FFP2</p>') },
        { chapterId: 'c5', parentId: 'c1', title: 'Boots', content: html('<p>Boots</p>') },
        {
          chapterId: 'c2',
          parentId: null,
          title: 'Quiz',
          content: quiz([
            { id: 'q1', text: 'Mask before hair cover?' },
            { id: 'q3', text: 'Boots?' },
          ]),
        },
      ],
    };
    const diff = contentDiff(from, to);
    expect(diff.titleChanged).toEqual({ before: 'Gowning', after: 'Gowning (grade B)' });
    expect(diff.added).toEqual([{ chapterId: 'c5', parentId: 'c1', title: 'Boots' }]);
    expect(diff.removed).toEqual([{ chapterId: 'c3', parentId: null, title: 'Old annex' }]);
    const c1 = diff.changed.find((c) => c.chapterId === 'c1')!;
    expect(c1.previousTitle).toBe('Order');
    expect(c1.content?.lines).toEqual([
      { kind: 'same', left: 'Hair cover', right: 'Hair cover' },
      { kind: 'changed', left: 'Mask', right: 'Mask FFP2' },
    ]);
    expect(diff.changed.find((c) => c.chapterId === 'c4')?.moved).toEqual({ fromParentId: null, toParentId: null, fromPosition: 2, toPosition: 0 });
    const questions = diff.changed.find((c) => c.chapterId === 'c2')!.content!.questions;
    expect(questions.map((q) => [q.questionId, q.kind])).toEqual([
      ['q1', 'changed'],
      ['q2', 'removed'],
      ['q3', 'added'],
    ]);
  });

  it('reports nothing between identical versions', () => {
    const same = { title: 'T', chapters: [{ chapterId: 'c1', parentId: null, title: 'A', content: html('<p>a</p>') }] };
    expect(contentDiff(same, same)).toEqual({ titleChanged: null, added: [], removed: [], changed: [] });
  });
});
