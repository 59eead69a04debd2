import type { GxpTrainingDocument, GxpVersion } from '../../projections/qualification.projection';
import { pathStandingAt, standingAt } from './qualification';

const v = (version: number, effectiveAt: string, materialChange = false): GxpVersion => ({
  version,
  chapterIds: ['c1'],
  publishedAt: effectiveAt,
  effectiveAt,
  materialChange,
});
const training = (over: Partial<GxpTrainingDocument> = {}): GxpTrainingDocument => ({
  _id: 's:u',
  speachId: 's',
  userId: 'u',
  reads: {},
  hashes: {},
  inferred: [],
  completions: [{ version: 1, at: '2026-02-01T00:00:00.000Z', contentHash: 'h1', pinned: true }],
  retraining: [],
  ...over,
});

describe('qualification at a date', () => {
  const versions = [v(1, '2026-01-01T00:00:00.000Z'), v(2, '2026-03-01T00:00:00.000Z'), v(3, '2026-05-01T00:00:00.000Z', true)];

  it('is nothing before the first completion', () => {
    expect(standingAt(training(), versions, '2026-01-15T00:00:00.000Z')).toBeNull();
  });

  it('keeps a learner qualified on version 1 through a non-material version 2', () => {
    expect(standingAt(training(), versions, '2026-04-01T00:00:00.000Z')).toMatchObject({ version: 1, status: 'QUALIFIED', contentHash: 'h1' });
  });

  it('supersedes the training once a material version takes effect', () => {
    expect(standingAt(training(), versions, '2026-05-02T00:00:00.000Z')).toMatchObject({ version: 1, status: 'SUPERSEDED', requiredVersion: 3 });
  });

  it('keeps them qualified until the retraining due date, then not', () => {
    const t = training({ retraining: [{ version: 3, dueDate: '2026-06-01T00:00:00.000Z', assessmentId: 's-v3', assignedAt: '2026-05-01T12:00:00.000Z' }] });
    expect(standingAt(t, versions, '2026-05-15T00:00:00.000Z')).toMatchObject({ status: 'RETRAINING_DUE', dueDate: '2026-06-01T00:00:00.000Z' });
    expect(standingAt(t, versions, '2026-06-02T00:00:00.000Z')).toMatchObject({ status: 'SUPERSEDED' });
  });

  it('qualifies them on the new version once they completed it', () => {
    const t = training({ completions: [...training().completions, { version: 3, at: '2026-05-20T00:00:00.000Z', contentHash: 'h3', pinned: true }] });
    expect(standingAt(t, versions, '2026-07-01T00:00:00.000Z')).toMatchObject({ version: 3, status: 'QUALIFIED', contentHash: 'h3' });
    // The past is not rewritten: on 10 May they were still on version 1, superseded.
    expect(standingAt(t, versions, '2026-05-10T00:00:00.000Z')).toMatchObject({ version: 1, status: 'SUPERSEDED' });
  });

  it('tells a valid path completion from a lapsed one', () => {
    const c = { completedAt: '2026-01-10T00:00:00.000Z', validUntil: '2026-07-10T00:00:00.000Z', speaches: [], certificateCode: 'A' };
    expect(pathStandingAt([c], '2026-01-01T00:00:00.000Z')).toBeNull();
    expect(pathStandingAt([c], '2026-03-01T00:00:00.000Z')).toMatchObject({ valid: true });
    expect(pathStandingAt([c], '2026-08-01T00:00:00.000Z')).toMatchObject({ valid: false });
  });
});
