import { speachCompletion } from './completion';

describe('speach completion (issue 17 defect 2)', () => {
  // Chapters a, b, c. Ann read all three; Ben read a and b; Cid read a; Dee only rated (no chapter);
  // Eve read a chapter that the current version no longer has.
  const learners = [
    { readChapterIds: ['a', 'b', 'c'] },
    { readChapterIds: ['a', 'b'] },
    { readChapterIds: ['a', 'a'] },
    { readChapterIds: [] },
    { readChapterIds: ['gone'] },
  ];

  it('counts the distinct learners who started and finished, by hand: 3 started, 1 finished, 33 %', () => {
    const c = speachCompletion(['a', 'b', 'c'], learners);
    expect({ started: c.started, finished: c.finished, percent: c.percent }).toEqual({ started: 3, finished: 1, percent: 33 });
  });

  it('divides each chapter by the same learners: a 3/3, b 2/3, c 1/3, never above 100 %', () => {
    expect(speachCompletion(['a', 'b', 'c'], learners).chapters).toEqual([
      { chapterId: 'a', readers: 3, percent: 100 },
      { chapterId: 'b', readers: 2, percent: 67 },
      { chapterId: 'c', readers: 1, percent: 33 },
    ]);
  });

  it('is zero, not a division by zero, when nobody started', () => {
    expect(speachCompletion(['a'], [{ readChapterIds: [] }])).toEqual({
      started: 0,
      finished: 0,
      percent: 0,
      chapters: [{ chapterId: 'a', readers: 0, percent: 0 }],
    });
  });
});
