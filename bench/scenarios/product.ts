import { join } from 'node:path';
import { load } from '../lib/load';
import { type Child, ROOT, spawnServer } from '../lib/processes';
import { type Result, ratio } from '../lib/report';
import { BENCH_ADMIN } from '../data/identity';
import type { Floors } from './http';

async function head(server: Child): Promise<number> {
  return ((await (await fetch(`${server.url}/api/health`)).json()) as { eventStore: { headPosition: number } }).eventStore.headPosition;
}

/**
 * The product over HTTP on the generated data: cold start, memory, durable commands, reads at a
 * fixed rate and at full speed, and the read-your-writes wait a command pays.
 */
export async function productScenarios(dataDir: string, userIds: string[], seconds: number, floors: Floors, results: Result[]): Promise<void> {
  const server = await spawnServer(join(ROOT, 'dist/backend/main.js'), { DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'error' }, '/api/health', 120_000);
  try {
    results.push({ scenario: 'Cold start (replay into read models, to /api/health ready)', figure: server.readyMs / 1000, unit: 's', reference: 'target 15 s', referenceFigure: 15, ratio: ratio(server.readyMs / 1000, 15, true), note: `${await head(server)} events` });
    results.push({ scenario: 'Memory: server resident set with the data set', figure: server.rssBytes() / 1024 / 1024, unit: 'MiB', reference: '—', referenceFigure: null, ratio: null });

    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    // Durable command: toggling a user's forced-password-change flag appends exactly one event per request.
    const before = await head(server);
    let i = 1;
    const flips = new Map<string, boolean>();
    const commands = await load({
      url: server.url,
      durationSeconds: seconds,
      headers: auth,
      setupRequest: (request) => {
        const userId = userIds[1 + (i++ % (userIds.length - 1))];
        const value = !(flips.get(userId) ?? false);
        flips.set(userId, value);
        return { ...request, method: 'PUT', path: `/api/v2/admin/users/updatePassword?userID=${userId}&value=${value}` };
      },
    });
    const appended = (await head(server)) - before;
    results.push({
      scenario: 'Durable commands over HTTP (64 connections)',
      figure: commands.requestsPerSecond,
      unit: 'req/s',
      reference: 'framework floor',
      referenceFigure: floors.nestPost,
      ratio: ratio(commands.requestsPerSecond, floors.nestPost),
      note: `p99 ${commands.p99} ms; ${ratio(commands.requestsPerSecond, floors.fastifyPost)} of HTTP floor; ${commands.ok} acknowledged, ${appended} events stored, ${commands.errors} errors`,
    });

    // Read-your-writes: a command's latency against the same request's read (the wait for projections).
    const rywSamples: number[] = [];
    for (let k = 0; k < 200; k++) {
      const userId = userIds[1 + (k % (userIds.length - 1))];
      const startedAt = performance.now();
      const response = await fetch(`${server.url}/api/v2/admin/users/updatePassword?userID=${userId}&value=${k % 2 === 0}`, { method: 'PUT', headers: auth });
      const position = Number(response.headers.get('x-event-position') ?? 0);
      if (position > 0) rywSamples.push(performance.now() - startedAt);
    }
    rywSamples.sort((a, b) => a - b);
    const p99 = rywSamples[Math.floor(rywSamples.length * 0.99)] ?? null;
    results.push({ scenario: 'Read-your-writes: command acknowledged with projections caught up, p99', figure: p99, unit: 'ms', reference: 'target 20 ms', referenceFigure: 20, ratio: ratio(p99, 20, true), note: `p50 ${Math.round((rywSamples[Math.floor(rywSamples.length / 2)] ?? 0) * 100) / 100} ms, sequential` });

    const reads: [string, string][] = [
      ['GET /api/v2/admin/users (search + roles + groups + state)', '/api/v2/admin/users?search=anna&roles=NONE,FORMATEUR&onlyState=ACTIVE&size=20'],
      ['GET /api/v2/admin/users (no filter, sorted by creation)', '/api/v2/admin/users?sort=CREATED_AT&asc=false&size=20'],
      ['GET /api/v2/speach/search (term, relevance)', '/api/v2/speach/search?term=safety&tri=RELEVANT'],
      ['GET /api/v2/speach/search (term, French, by title)', `/api/v2/speach/search?term=${encodeURIComponent('sécurité')}&tri=TITRE&languageId=fr-FR`],
      ['GET /api/v2/admin/speach (state, visibility, title filter)', `/api/v2/admin/speach?state=PUBLIE&visibilities=${encodeURIComponent('["PUBLIC"]')}&searchTitle=safety&sort=TITLE&asc=true`],
      ['GET /api/rest/users (react-admin list, q filter)', `/api/rest/users?sort=${encodeURIComponent('["lastName","ASC"]')}&range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent('{"q":"bench1"}')}`],
    ];
    for (const [name, path] of reads) {
      const paced = await load({ url: server.url + path, headers: auth, durationSeconds: seconds, overallRate: 200, connections: 16 });
      const max = await load({ url: server.url + path, headers: auth, durationSeconds: seconds });
      if (paced.ok === 0) {
        results.push({ scenario: `${name}: p99 at 200 req/s`, figure: null, unit: 'ms', reference: 'target 25 ms', referenceFigure: 25, ratio: null, note: 'no successful answer: the server stopped answering under the earlier load' });
        continue;
      }
      results.push({ scenario: `${name}: p99 at 200 req/s`, figure: paced.p99, unit: 'ms', reference: 'target 25 ms', referenceFigure: 25, ratio: ratio(paced.p99, 25, true), note: `p50 ${paced.p50} ms; max ${Math.round(max.requestsPerSecond)} req/s (p99 ${max.p99} ms); ${paced.errors + max.errors} errors` });
    }
  } finally {
    await server.stop();
  }
}
