const autocannon = require('autocannon');

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

export interface LoadOptions {
  url: string;
  connections?: number;
  durationSeconds: number;
  /** Fixed total rate (req/s) instead of as fast as possible. */
  overallRate?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Varies each request (path or body) from a counter; `context` lives from one request to its response. */
  setupRequest?: (request: { method: string; path: string; body?: string; headers?: Record<string, string> }, context?: Record<string, unknown>) => unknown;
  /** Sees each answer with the context its request was set up with. */
  onResponse?: (status: number, body: string, context?: Record<string, unknown>) => void;
}

/** autocannon with 64 connections by default; latencies in milliseconds. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 64,
    duration: options.durationSeconds,
    overallRate: options.overallRate,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    requests: options.setupRequest ? [{ setupRequest: options.setupRequest, onResponse: options.onResponse }] : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
  };
}
