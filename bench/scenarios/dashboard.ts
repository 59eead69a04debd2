import { drain, pacedLoad } from '../lib/paced-load';
import { type Result, ratio } from '../lib/report';
import { serviceTime } from '../lib/service-time';

/** Every call of the admin dashboard (backend/analytics/dashboard.controller.ts), with realistic periods. */
export const DASHBOARD_CALLS: [string, string][] = [
  ['time-series READ, 12 months', '/api/v2/dashboard/time-series?metric=READ&period=TWELVE_MONTHS'],
  ['time-series UNIQUE_READ, 2 years, cumulative', '/api/v2/dashboard/time-series?metric=UNIQUE_READ&period=TWO_YEARS&cumulative=true'],
  ['time-series UNIQUE_ACTIVITY, 1 month', '/api/v2/dashboard/time-series?metric=UNIQUE_ACTIVITY&period=ONE_MONTH'],
  ['time-series GRADE, 6 months', '/api/v2/dashboard/time-series?metric=GRADE&period=SIX_MONTHS'],
  ['time-series COMMENT, 3 months', '/api/v2/dashboard/time-series?metric=COMMENT&period=THREE_MONTHS'],
  ['time-series PUBLICATION, 2 years', '/api/v2/dashboard/time-series?metric=PUBLICATION&period=TWO_YEARS'],
  ['speaches-by-watch, 12 months', '/api/v2/dashboard/speaches-by-watch?period=TWELVE_MONTHS'],
  ['speaches-by-rating, 12 months', '/api/v2/dashboard/speaches-by-rating?period=TWELVE_MONTHS'],
  ['speachmakers-by-watch, 2 years', '/api/v2/dashboard/speachmakers-by-watch?period=TWO_YEARS'],
  ['speachmakers-by-rating, 2 years', '/api/v2/dashboard/speachmakers-by-rating?period=TWO_YEARS'],
  ['speach-category, 12 months', '/api/v2/dashboard/speach-category?period=TWELVE_MONTHS'],
  ['cours/publishedSpeachs', '/api/v2/cours/publishedSpeachs'],
  ['cours/unpublishedSpeachs', '/api/v2/cours/unpublishedSpeachs'],
  ['cours/viewedSpeachs', '/api/v2/cours/viewedSpeachs'],
  ['users/count (approvers)', '/api/v2/users/count?type=approvers'],
];

/** Short description of an answer, to show the calls are answered on real data (not empty). */
function describe(body: unknown): string {
  if (Array.isArray(body)) {
    const first = (body[0] ?? {}) as Record<string, unknown>;
    const field = ['value', 'nbWatch', 'nbNote'].find((f) => typeof first[f] === 'number');
    const sum = field ? body.reduce((n: number, row) => n + Number((row as Record<string, unknown>)[field] ?? 0), 0) : 0;
    return `${body.length} rows${field ? `, ${field} sum ${Math.round(sum)}` : ''}`;
  }
  return JSON.stringify(body).slice(0, 40);
}

/** p99 of each dashboard call at a fixed 200 req/s against the 10 ms target, on the generated data set. */
export async function dashboardScenario(url: string, auth: Record<string, string>, seconds: number, reads: number, results: Result[]): Promise<void> {
  for (const [name, path] of DASHBOARD_CALLS) {
    const scenario = `Dashboard ${name} (${reads.toLocaleString('en-US')} reads): p99 at 200 req/s`;
    // One call failing (a lost connection, a timeout) is reported as such; the next ones are still measured.
    try {
      const answer = await fetch(url + path, { headers: auth });
      const shape = answer.ok ? describe(await answer.json()) : `HTTP ${answer.status}`;
      if (!answer.ok) {
        results.push({ scenario, figure: null, unit: 'ms', reference: 'target 10 ms', referenceFigure: 10, ratio: null, note: `answered ${shape}` });
        continue;
      }
      const service = await serviceTime(url + path, auth);
      const paced = await pacedLoad({ url: url + path, headers: auth, durationSeconds: seconds, rate: 200 });
      results.push({
        scenario,
        figure: paced.p99,
        unit: 'ms',
        reference: 'target 10 ms',
        referenceFigure: 10,
        ratio: ratio(paced.p99, 10, true),
        note: `service time ${service.p50} ms p50 (one connection); paced p50 ${paced.p50} ms, client loop held ≤ ${paced.clientStallMs} ms${paced.unanswered ? `; ${paced.unanswered} unanswered after the load (saturated below 200 req/s)` : ''}; ${paced.errors} errors; ${shape}`,
      });
      // Let the server work through what the load left queued before the next call is measured.
      await drain(url + path, auth);
    } catch (error) {
      results.push({
        scenario,
        figure: null,
        unit: 'ms',
        reference: 'target 10 ms',
        referenceFigure: 10,
        ratio: null,
        note: `failed: ${(error as Error).message}`,
      });
    }
  }
}
