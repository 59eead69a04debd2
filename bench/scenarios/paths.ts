import { serviceTime } from '../lib/service-time';
import { drain, pacedLoad } from '../lib/paced-load';
import { type Result, ratio } from '../lib/report';
import type { GeneratedPaths } from '../data/paths';

export interface PathsScenarioOptions {
  url: string;
  /** The bench administrator: `getSpeaches` is an editor's call. */
  adminAuth: Record<string, string>;
  /** The sample path's learner: the page is theirs. */
  learnerAuth: Record<string, string>;
  paths: GeneratedPaths;
  seconds: number;
  /** 200 req/s in the bench (issue 18's target); the standalone check uses less. */
  rate?: number;
  serviceCalls?: number;
}

/**
 * Issue 18's targets on the generated paths: the learner's path page (`/progress`: the path, each
 * speach's live version and the learner's progress) and the editor's available speaches
 * (`getSpeaches?selected=false` over the whole catalogue), each paced at 200 req/s like the product's reads.
 */
export async function pathsScenario(options: PathsScenarioOptions, results: Result[]): Promise<void> {
  const { pathId } = options.paths.sample;
  const rate = options.rate ?? 200;
  const reads: [string, string, Record<string, string>][] = [
    ['GET /api/v2/learningPath/{id}/progress (learner, sequential path of 8)', `/api/v2/learningPath/${pathId}/progress`, options.learnerAuth],
    [
      'GET /api/v2/learningPath/{id}/getSpeaches?selected=false (editor, catalogue)',
      `/api/v2/learningPath/${pathId}/getSpeaches?selected=false`,
      options.adminAuth,
    ],
  ];
  for (const [name, path, auth] of reads) {
    const url = options.url + path;
    try {
      const check = await fetch(url, { headers: auth });
      if (!check.ok) throw new Error(`${path} answered ${check.status}`);
      const service = await serviceTime(url, auth, options.serviceCalls ?? 100);
      const paced = await pacedLoad({ url, headers: auth, durationSeconds: options.seconds, rate });
      await drain(url, auth);
      results.push({
        scenario: `${name}: p99 at ${rate} req/s`,
        figure: paced.p99,
        unit: 'ms',
        reference: 'target 25 ms',
        referenceFigure: 25,
        ratio: ratio(paced.p99, 25, true),
        note: `${options.paths.count} paths (${options.paths.published} published); service time ${service.p50} ms p50, ${service.p99} ms p99 (one connection); paced p50 ${paced.p50} ms, client loop held ≤ ${paced.clientStallMs} ms${paced.unanswered ? `; ${paced.unanswered} unanswered after the load (saturated below ${rate} req/s)` : ''}; ${paced.ok} ok, ${paced.errors} errors`,
      });
    } catch (error) {
      results.push({
        scenario: `${name}: p99 at ${rate} req/s`,
        figure: null,
        unit: 'ms',
        reference: 'target 25 ms',
        referenceFigure: 25,
        ratio: null,
        note: `failed: ${(error as Error).message}`,
      });
    }
  }
}
