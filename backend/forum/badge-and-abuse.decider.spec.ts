import type { AbuseReportEvent, BadgeEvent } from '../../events';
import { ForbiddenError, IllegalStateError, NotFoundError, ValidationError } from '../infrastructure/decider/decider';
import { deciderSpec } from '../infrastructure/decider/given-when-then';
import { abuseReportDecider } from './abuse-report.decider';
import { badgeDecider } from './badge.decider';
import { learnerBadge, outcome } from './policies/award-badges.policy';

describe('badge decider', () => {
  const spec = deciderSpec(badgeDecider);
  const award = {
    type: 'AwardBadge',
    userId: 'u1',
    speachId: 's1',
    badge: 'AVANCEMENT',
    title: 'Ladders',
    authorId: 'a1',
    at: '2026-01-01T00:00:00.000Z',
  } as const;
  const awarded: BadgeEvent = {
    type: 'BadgeAwarded',
    data: { userId: 'u1', speachId: 's1', badge: 'AVANCEMENT', title: 'Ladders', authorId: 'a1', awardedAt: '2026-01-01T00:00:00.000Z' },
  };
  it('given no badge, when awarded, then BadgeAwarded', () => {
    spec.given([]).when(award).then([awarded]);
  });
  it('given the badge already held, then nothing: a badge is earned once', () => {
    spec
      .given([awarded])
      .when({ ...award, at: '2026-02-01T00:00:00.000Z' })
      .then([]);
  });
  it('another speach or type is another badge', () => {
    spec
      .given([awarded])
      .when({ ...award, speachId: 's2' })
      .thenEvents((events) => expect(events).toHaveLength(1));
  });
});

describe('badge rules (spec §3 badge types)', () => {
  const chapters = [
    { chapterId: 'c1', content: { type: 'HTML' } },
    { chapterId: 'c2', content: { type: 'QUIZZ_EXAMEN' } },
  ];
  const pass = { score: 1, max: 1, percent: 100, passed: true };
  it('AVANCEMENT on every chapter read, RESULTAT on the exam passed, MIX on both', () => {
    const readAll = outcome(chapters, { readChapterIds: ['c1', 'c2'], quizResults: {} });
    const passedOnly = outcome(chapters, { readChapterIds: ['c2'], quizResults: { c2: pass } });
    const both = outcome(chapters, { readChapterIds: ['c1', 'c2'], quizResults: { c2: pass } });
    expect(learnerBadge('AVANCEMENT', readAll)).toBe('AVANCEMENT');
    expect(learnerBadge('RESULTAT', readAll)).toBeNull();
    expect(learnerBadge('RESULTAT', passedOnly)).toBe('RESULTAT');
    expect(learnerBadge('MIX', passedOnly)).toBeNull();
    expect(learnerBadge('MIX', readAll)).toBeNull();
    expect(learnerBadge('MIX', both)).toBe('MIX');
    expect(learnerBadge('NONE', both)).toBeNull();
    expect(learnerBadge('FORMATEUR', both)).toBeNull();
  });
  it('a failed exam is not passed; without an exam the quizzes count; with neither there is no result', () => {
    expect(outcome(chapters, { readChapterIds: [], quizResults: { c2: { ...pass, passed: false } } }).passed).toBe(false);
    expect(outcome([{ chapterId: 'q', content: { type: 'QUIZZ' } }], { readChapterIds: [], quizResults: { q: pass } }).passed).toBe(true);
    expect(outcome([{ chapterId: 'h', content: { type: 'HTML' } }], { readChapterIds: ['h'], quizResults: {} })).toEqual({ completed: true, passed: false });
  });
});

describe('abuse report decider', () => {
  const spec = deciderSpec(abuseReportDecider);
  const report = {
    type: 'ReportAbuse',
    reportId: 'r1',
    reporterId: 'u1',
    target: 'COMMENT',
    targetId: 'c1',
    found: { speachId: 's1', targetUserId: 'u2' },
    reason: 'SPAM',
    details: ' buy now ',
  } as const;
  const reported: AbuseReportEvent = {
    type: 'AbuseReported',
    data: { reportId: 'r1', reporterId: 'u1', target: 'COMMENT', targetId: 'c1', speachId: 's1', targetUserId: 'u2', reason: 'SPAM', details: 'buy now' },
  };
  const resolve = { type: 'ResolveReport', actorId: 'admin', isAdmin: true, resolution: 'COMMENT_HIDDEN', targetIsAdmin: false } as const;
  it('given nothing, when a user reports a comment, then it is reported', () => {
    spec.given([]).when(report).then([reported]);
  });
  it('refuses a bad reason, long details, OTHER without details, an unknown target and reporting oneself', () => {
    spec
      .given([])
      .when({ ...report, reason: 'BORING' })
      .thenThrows(ValidationError, /reason must be one of/);
    spec
      .given([])
      .when({ ...report, details: 'x'.repeat(1001) })
      .thenThrows(ValidationError, /at most 1000/);
    spec
      .given([])
      .when({ ...report, reason: 'OTHER', details: '' })
      .thenThrows(ValidationError, /OTHER/);
    spec
      .given([])
      .when({ ...report, found: null })
      .thenThrows(NotFoundError, /Unknown comment/);
    spec
      .given([])
      .when({ ...report, target: 'USER', targetId: 'u1', found: { speachId: null, targetUserId: 'u1' } })
      .thenThrows(ValidationError, /yourself/);
  });
  it('given a report, when an admin hides the comment, then it is resolved with that resolution', () => {
    spec
      .given([reported])
      .when(resolve)
      .then([
        {
          type: 'AbuseReportResolved',
          data: { reportId: 'r1', resolution: 'COMMENT_HIDDEN', resolvedBy: 'admin', target: 'COMMENT', targetId: 'c1', speachId: 's1', targetUserId: 'u2' },
        },
      ]);
  });
  it('refuses non-admins, a second resolution, hiding what is not a comment and deactivating an admin', () => {
    spec
      .given([reported])
      .when({ ...resolve, isAdmin: false })
      .thenThrows(ForbiddenError);
    spec.given([]).when(resolve).thenThrows(NotFoundError);
    const resolved: AbuseReportEvent = {
      type: 'AbuseReportResolved',
      data: { reportId: 'r1', resolution: 'DISMISSED', resolvedBy: 'admin', target: 'COMMENT', targetId: 'c1', speachId: 's1', targetUserId: 'u2' },
    };
    spec.given([reported, resolved]).when(resolve).thenThrows(IllegalStateError);
    const speachReport: AbuseReportEvent = {
      type: 'AbuseReported',
      data: { ...(reported.data as Extract<AbuseReportEvent, { type: 'AbuseReported' }>['data']), target: 'SPEACH', targetId: 's1' },
    };
    spec
      .given([speachReport])
      .when(resolve)
      .thenThrows(ValidationError, /Only a reported comment/);
    spec
      .given([reported])
      .when({ ...resolve, resolution: 'USER_DEACTIVATED', targetIsAdmin: true })
      .thenThrows(ValidationError, /administrator/);
  });
});
