import { BENCH_ADMIN } from '../data/identity';

/**
 * What the probes (`dashboard-probe.ts`, `paced-probe.ts`) read from a server already running: the bench
 * administrator's authorization, and the server's event-loop delay through /metrics (prom-client's
 * monitorEventLoopDelay; reading it resets the histogram, so the next read covers what ran in between).
 */
export async function benchAdminAuth(url: string): Promise<Record<string, string>> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

export async function loopDelay(url: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]) * 1000;
  return { p99: Math.round(read('p99') * 10) / 10, max: Math.round(read('max') * 10) / 10 };
}
