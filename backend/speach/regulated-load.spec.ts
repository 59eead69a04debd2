import type { SpeachDocument, VersionSummary } from '../../projections/speaches.projection';
import { loadOf, regulatedVersion } from './regulated-load';

const NOW = '2026-06-01T12:00:00.000Z';
const v = (version: number, scheduledFor: string | null = null): VersionSummary => ({
  version,
  publishedAt: '2026-01-01T00:00:00.000Z',
  publishedBy: 'author',
  scheduledFor,
});
// Only the publication fields the rule reads; the rest of a speach document plays no part.
const doc = (versions: VersionSummary[], extra: Partial<SpeachDocument> = {}) =>
  ({ published: true, archived: false, withdrawnUpTo: 0, versions, ...extra }) as SpeachDocument;

describe('regulated load (spec §2 `_REGULATED`)', () => {
  it('reads the suffix off a load id, and only a suffix with an id before it', () => {
    expect(loadOf('abc_REGULATED')).toEqual({ speachId: 'abc', regulated: true });
    expect(loadOf('abc')).toEqual({ speachId: 'abc', regulated: false });
    expect(loadOf('_REGULATED')).toEqual({ speachId: '_REGULATED', regulated: false });
    expect(loadOf('abc_REGULATED_x')).toEqual({ speachId: 'abc_REGULATED_x', regulated: false });
  });

  it('is the last published version before the scheduled one, in force until its date', () => {
    const load = regulatedVersion(doc([v(1), v(2), v(3, '2026-07-01T00:00:00.000Z')]), NOW);
    expect(load).toEqual({ version: v(2), inForceUntil: '2026-07-01T00:00:00.000Z' });
  });

  it('is the live version, without end, when nothing is scheduled or the scheduled date has come', () => {
    expect(regulatedVersion(doc([v(1), v(2)]), NOW)).toEqual({ version: v(2), inForceUntil: null });
    expect(regulatedVersion(doc([v(1), v(2, '2026-05-01T00:00:00.000Z')]), NOW)).toEqual({ version: v(2, '2026-05-01T00:00:00.000Z'), inForceUntil: null });
  });

  it('is nothing when no version is in force (unpublished, archived, or only a scheduled first version)', () => {
    expect(regulatedVersion(doc([v(1)], { published: false }), NOW)).toBeNull();
    expect(regulatedVersion(doc([v(1)], { archived: true }), NOW)).toBeNull();
    expect(regulatedVersion(doc([v(1, '2026-07-01T00:00:00.000Z')]), NOW)).toBeNull();
  });
});
