import { join } from 'node:path';
import { load } from '../lib/load';
import { ROOT, spawnServer } from '../lib/processes';
import { type Result, ratio } from '../lib/report';

export interface Floors {
  fastifyPost: number;
  fastifyGetP99: number;
  nestPost: number;
}

const POST = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'hello', b: 42, c: true }) };

/** HTTP floor (bare Fastify) and framework floor (no-op Nest POST with the product's ValidationPipe). */
export async function httpFloors(seconds: number, results: Result[]): Promise<Floors> {
  const fastify = await spawnServer(join(ROOT, 'bench/servers/bare-fastify.ts'), {}, '/hello');
  const get = await load({ url: `${fastify.url}/hello`, durationSeconds: seconds });
  const post = await load({ url: `${fastify.url}/noop`, durationSeconds: seconds, ...POST });
  await fastify.stop();
  results.push({
    scenario: 'HTTP floor: bare Fastify GET',
    figure: get.requestsPerSecond,
    unit: 'req/s',
    reference: '—',
    referenceFigure: null,
    ratio: null,
    note: `p99 ${get.p99} ms`,
  });
  results.push({
    scenario: 'HTTP floor: bare Fastify POST (3 fields)',
    figure: post.requestsPerSecond,
    unit: 'req/s',
    reference: 'bare GET',
    referenceFigure: get.requestsPerSecond,
    ratio: ratio(post.requestsPerSecond, get.requestsPerSecond),
  });

  const nest = await spawnServer(join(ROOT, 'bench/servers/bare-nest.ts'), {}, '/hello');
  const nestPost = await load({ url: `${nest.url}/noop`, durationSeconds: seconds, ...POST });
  await nest.stop();
  if (nestPost.errors > 0) throw new Error(`framework floor answered ${nestPost.errors} errors`);
  results.push({
    scenario: 'Framework floor: no-op Nest POST + ValidationPipe',
    figure: nestPost.requestsPerSecond,
    unit: 'req/s',
    reference: 'bare Fastify POST',
    referenceFigure: post.requestsPerSecond,
    ratio: ratio(nestPost.requestsPerSecond, post.requestsPerSecond),
  });
  return { fastifyPost: post.requestsPerSecond, fastifyGetP99: get.p99, nestPost: nestPost.requestsPerSecond };
}
