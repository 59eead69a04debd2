import { serviceTime } from '../lib/service-time';
import { type Result, ratio } from '../lib/report';

export interface QualificationScenarioOptions {
  url: string;
  /** An auditor's or administrator's headers (the bench administrator). */
  auth: Record<string, string>;
  /** A path of the generated data whose speaches have learners. */
  pathId: string;
  learnerAuth: Record<string, string>;
  calls?: number;
}

/**
 * Issue 23 item 5's target: "who was qualified on speach X (or path P) at date D" under 5 s on the full data
 * set, asked at a past date (yesterday) so the fold at the date, not just the latest state, is measured.
 */
export async function qualificationScenario(options: QualificationScenarioOptions, results: Result[]): Promise<void> {
  const at = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  const progress = await fetch(`${options.url}/api/v2/learningPath/${options.pathId}/progress`, { headers: options.learnerAuth });
  const items = progress.ok ? (((await progress.json()) as { items?: { speachId: string }[] }).items ?? []) : [];
  const queries: [string, string][] = [
    ['GET /api/v2/gxp/qualification?pathId&at (past date)', `/api/v2/gxp/qualification?pathId=${options.pathId}&at=${encodeURIComponent(at)}`],
    ...(items[0]
      ? [
          ['GET /api/v2/gxp/qualification?speachId&at (past date)', `/api/v2/gxp/qualification?speachId=${items[0].speachId}&at=${encodeURIComponent(at)}`] as [
            string,
            string,
          ],
        ]
      : []),
    ...(items[0]
      ? [
          [
            'GET /api/v2/gxp/qualification?speachId&at&format=pdf (past date)',
            `/api/v2/gxp/qualification?speachId=${items[0].speachId}&at=${encodeURIComponent(at)}&format=pdf`,
          ] as [string, string],
        ]
      : []),
  ];
  // "What was user U qualified on at D", for a learner the speach's answer names (the generated activity's readers).
  const learner = items[0] ? await someLearner(options, `/api/v2/gxp/qualification?speachId=${items[0].speachId}&at=${encodeURIComponent(at)}`) : null;
  if (learner) {
    queries.push(['GET /api/v2/gxp/qualification/user/{id}?at (past date)', `/api/v2/gxp/qualification/user/${learner}?at=${encodeURIComponent(at)}`]);
  }
  for (const [name, path] of queries) {
    const scenario = `Qualification query at a past date: ${name}, p99`;
    try {
      const check = await fetch(options.url + path, { headers: options.auth });
      if (!check.ok) throw new Error(`${path} answered ${check.status}`);
      // How many rows the past date answers: a query that finds nobody measures nothing, so the report says so.
      const rows = path.includes('format=pdf') ? null : countRows(await check.json());
      const service = await serviceTime(options.url + path, options.auth, options.calls ?? 20);
      results.push({
        scenario,
        figure: service.p99,
        unit: 'ms',
        reference: 'target 5000 ms',
        referenceFigure: 5000,
        ratio: ratio(service.p99, 5000, true),
        note: `p50 ${service.p50} ms, one connection${rows === null ? '' : `; ${rows} rows at the date`}`,
      });
    } catch (error) {
      results.push({
        scenario,
        figure: null,
        unit: 'ms',
        reference: 'target 5000 ms',
        referenceFigure: 5000,
        ratio: null,
        note: `failed: ${(error as Error).message}`,
      });
    }
  }
}

async function someLearner(options: QualificationScenarioOptions, path: string): Promise<string | null> {
  const answer = await fetch(options.url + path, { headers: options.auth });
  if (!answer.ok) return null;
  const body = (await answer.json()) as { qualified?: { userId: string }[]; notQualified?: { userId: string }[] };
  return body.qualified?.[0]?.userId ?? body.notQualified?.[0]?.userId ?? null;
}

function countRows(body: unknown): number {
  const b = body as { qualified?: unknown[]; notQualified?: unknown[]; speaches?: unknown[]; paths?: unknown[] };
  return (b.qualified?.length ?? 0) + (b.notQualified?.length ?? 0) + (b.speaches?.length ?? 0) + (b.paths?.length ?? 0);
}
