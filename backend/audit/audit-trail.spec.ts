import { type RecordedEvent, auditedStream } from '../../events';
import { asOf, diffStates, replay } from './audit-trail';

function recorded(streamId: string, position: number, type: string, data: Record<string, unknown>): RecordedEvent {
  return {
    id: `e${position}`,
    streamId,
    revision: 0,
    position,
    type,
    data,
    schemaVersion: 1,
    metadata: { userId: 'u1', correlationId: 'c', causationId: 'c' },
    time: `2026-01-01T00:00:0${position}.000Z`,
  };
}

describe('audit trail', () => {
  it('maps stream names to the deciders that fold them, the longest prefix first', () => {
    expect(auditedStream('speach-1')?.kind).toBe('speach');
    expect(auditedStream('workflow-1')?.kind).toBe('workflow');
    expect(auditedStream('periodic-review-1')?.kind).toBe('periodicReview');
    expect(auditedStream('workflow-definition-1')).toBeNull();
    expect(auditedStream('learner-1')).toBeNull();
    expect(auditedStream('user-1')).toBeNull();
  });

  it('lists changed fields as dotted paths with before and after, objects field by field', () => {
    expect(diffStates({ a: 1, b: { c: 'x', d: [1] }, e: null }, { a: 1, b: { c: 'y', d: [1, 2] }, e: { f: 2 } })).toEqual([
      { field: 'b.c', before: 'x', after: 'y' },
      { field: 'b.d', before: [1], after: [1, 2] },
      { field: 'e.f', before: null, after: 2 },
    ]);
    expect(diffStates({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('folds each stream with its own decider, in log order', () => {
    const steps: string[] = [];
    const events = [
      recorded('speach-s1', 1, 'SpeachCreated', {
        speachId: 's1',
        authorId: 'u1',
        title: 'T',
        description: '',
        language: 'en-US',
        categoryId: null,
        isTemplate: false,
        templateId: null,
        duplicatedFrom: null,
        chapters: [],
      }),
      recorded('periodic-review-s1', 2, 'PeriodicReviewScheduled', {
        speachId: 's1',
        frequency: 'ONE_YEAR',
        nextReviewAt: '2027-01-01T00:00:00.000Z',
        workflowId: null,
      }),
      recorded('speach-s1', 3, 'SpeachDetailsChanged', { speachId: 's1', title: 'T2' }),
    ];
    const states = replay(events, ({ event, kind }) => steps.push(`${kind}:${event.type}`));
    expect(steps).toEqual(['speach:SpeachCreated', 'periodicReview:PeriodicReviewScheduled', 'speach:SpeachDetailsChanged']);
    const result = asOf('s1', states);
    expect(result.speach).toMatchObject({ status: 'active', title: 'T2' });
    expect(result.periodicReview).toMatchObject({ status: 'SCHEDULED', frequency: 'ONE_YEAR' });
    expect(result.workflows).toEqual([]);
  });
});
