import { PERIODS as SERVER_PERIODS } from '../../projections/analytics-vocabulary.view';
import { BADGES as SERVER_BADGES, SPEACH_LANGUAGES as SERVER_LANGUAGES, VISIBILITIES as SERVER_VISIBILITIES } from '../../events/speach-vocabulary.view';
import { SPEACH_STATES as SERVER_STATES } from '../../backend/speach/speach-card.view';
import { BADGES, PATH_STATES, PERIODS, SPEACH_LANGUAGES, SPEACH_STATES, VISIBILITIES, listOf } from '../../web/shared/src/api';

const sorted = (list: readonly string[]) => [...list].sort();

describe('web/shared API types (issue 17: derived from the server, not copied)', () => {
  it('refuses, at type-check time, a runtime list that misses a member of the server union', () => {
    type Decision = 'YES' | 'NO';
    // @ts-expect-error 'NO' is missing from the list: `npm run typecheck` fails on it
    const partial = listOf<Decision>()(['YES']);
    expect(partial).toEqual(['YES']);
    expect(listOf<Decision>()(['NO', 'YES'])).toEqual(['NO', 'YES']);
  });

  it('holds exactly the values of the server vocabularies', () => {
    expect(sorted(VISIBILITIES)).toEqual(sorted(SERVER_VISIBILITIES));
    expect(sorted(SPEACH_LANGUAGES)).toEqual(sorted(SERVER_LANGUAGES));
    expect(sorted(BADGES)).toEqual(sorted(SERVER_BADGES));
    expect(sorted(SPEACH_STATES)).toEqual(sorted(SERVER_STATES));
    expect(sorted(PATH_STATES)).toEqual(sorted(SERVER_STATES));
    expect(PERIODS).toEqual(SERVER_PERIODS);
  });
});
