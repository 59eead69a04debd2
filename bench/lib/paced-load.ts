import { Agent, type ClientRequest, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface PacedResult {
  /** Answers received per second of the load. */
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  /** Requests still unanswered when the load gave up waiting (counted in the latencies at that time). */
  unanswered: number;
  /**
   * The longest the load generator's own event loop was held during the load (its garbage collector, say):
   * a latency this long may be the client's, not the server's (the bench process runs on the same 2 cores).
   */
  clientStallMs: number;
}

export interface PacedOptions {
  url: string;
  headers?: Record<string, string>;
  /** Requests per second, evenly spaced (open loop: the next one leaves on time whatever the answers). */
  rate: number;
  durationSeconds: number;
  /** Keep-alive connections the requests share; a request waits for a free one (that wait is latency). */
  connections?: number;
  /** Unmeasured sequential requests first, so the figures are not those of a cold JIT. */
  warmUp?: number;
  /** How long the stragglers are waited for after the last request was due (10 s). */
  stragglerMs?: number;
}

/**
 * A fixed-rate load as the targets mean it: one request every 1/rate seconds, each latency counted
 * from the moment the request was due, not from when it was sent, so a server that falls behind
 * shows its queue in the figures (no coordinated omission).
 *
 * autocannon's `overallRate` is not that: every connection fires its share of the second at the
 * second's start (a burst of the whole rate), and its correction adds a synthetic sample per
 * millisecond of every slow answer, so its p99 measures the burst rather than the server.
 */
export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections ?? 16 });
  // Every request not answered yet, sent or still queued in the agent for a free connection.
  const pending = new Set<ClientRequest>();
  const send = (): Promise<number> => get(options.url, options.headers ?? {}, agent, pending).catch(() => 0);
  try {
    for (let k = 0; k < (options.warmUp ?? 20); k++) await send();

    const total = Math.round(options.rate * options.durationSeconds);
    const interval = 1000 / options.rate;
    const latencies: number[] = [];
    let ok = 0;
    let errors = 0;
    let over = false;
    const inFlight = new Set<Promise<void>>();
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const start = performance.now();
    for (let k = 0; k < total; k++) {
      const due = start + k * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const done = send().then((status) => {
        inFlight.delete(done);
        if (over) return; // abandoned below, already counted at its age
        latencies.push(performance.now() - due);
        if (status >= 200 && status < 300) ok++;
        else errors++;
      });
      inFlight.add(done);
    }
    // Wait for the stragglers, but not forever: what is still out then counts as that slow.
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, options.stragglerMs ?? 10_000).unref());
    await Promise.race([Promise.all(inFlight), deadline]);
    over = true;
    loop.disable();
    const elapsed = performance.now() - start;
    const unanswered = inFlight.size;
    for (let k = 0; k < unanswered; k++) latencies.push(elapsed - (total - 1 - k) * interval);
    abandon(pending);
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0) * 100) / 100;
    // The histogram counts a 1 ms resolution timer's delay: its maximum is the longest the loop was held.
    const clientStallMs = Math.round(loop.max / 1e4) / 100;
    return { requestsPerSecond: Math.round((ok * 1000) / elapsed), p50: at(0.5), p99: at(0.99), ok, errors, unanswered, clientStallMs };
  } finally {
    abandon(pending);
    agent.destroy();
  }
}

/**
 * Destroys requests given up on, queued ones included. Destroying the agent alone is not enough:
 * when its sockets close it opens new ones for the requests still queued, so a saturated endpoint's
 * backlog (thousands of requests) went on loading the server through the next measures.
 */
function abandon(pending: Set<ClientRequest>): void {
  for (const request of pending) request.destroy();
  pending.clear();
}

/**
 * One request with no client timeout: after a full-speed load the server may still be working through
 * what was queued (minutes on the full data set's slowest lists), and the next figure must not start
 * before it is done.
 */
export function drain(url: string, headers: Record<string, string> = {}): Promise<number> {
  return get(url, headers);
}

/** A GET whose answer is read to its end; resolves with the status. `pending` holds it until then. */
function get(url: string, headers: Record<string, string>, agent?: Agent, pending?: Set<ClientRequest>): Promise<number> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        pending?.delete(req);
        resolve(res.statusCode ?? 0);
      });
      res.on('error', reject);
    });
    pending?.add(req);
    req.on('error', (error) => {
      pending?.delete(req);
      reject(error);
    });
    req.on('close', () => pending?.delete(req));
    req.end();
  });
}
