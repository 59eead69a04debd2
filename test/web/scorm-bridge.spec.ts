import { SUSPEND_MAX, scormProgress } from '../../web/learner/src/embed/scormBridge';

describe('embed player → SCO progress (issue 20)', () => {
  const result = (score: number, max: number, passed: boolean) => ({ score, max, percent: Math.round((score / max) * 100), passed });

  it('reports progress, completion, the summed score and success once every quiz is answered', () => {
    const partial = scormProgress(['a', 'b', 'q1', 'q2'], ['q1', 'q2'], ['a'], { q1: result(1, 2, true) }, 'q1');
    expect(partial).toEqual(expect.objectContaining({ progress: 0.5, completed: false, score: { raw: 1, max: 2 }, success: 'unknown', location: 'q1' }));
    const done = scormProgress(['a', 'b', 'q1', 'q2'], ['q1', 'q2'], ['a', 'b'], { q1: result(1, 2, true), q2: result(3, 3, true) }, 'q2');
    expect(done).toEqual(expect.objectContaining({ progress: 1, completed: true, score: { raw: 4, max: 5 }, success: 'passed' }));
    const failed = scormProgress(['q1'], ['q1'], [], { q1: result(0, 1, false) }, 'q1');
    expect(failed.success).toBe('failed');
    expect(JSON.parse(done.suspendData)).toEqual({ r: ['a', 'b', 'q1', 'q2'], q: { q1: [1, 2, 1], q2: [3, 3, 1] } });
  });

  it('keeps cmi.suspend_data within 64,000 characters for a very large speach', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `0195f3c2-7a1b-7c3d-8e4f-${String(i).padStart(12, '0')}`);
    const progress = scormProgress(ids, [], ids, {}, ids[0]);
    expect(progress.suspendData.length).toBeLessThanOrEqual(SUSPEND_MAX);
    expect(progress.completed).toBe(true);
  });
});
