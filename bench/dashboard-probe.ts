import { readFileSync } from 'node:fs';
import { drain, pacedLoad } from './lib/paced-load';
import { DASHBOARD_CALLS } from './scenarios/dashboard';
import { benchAdminAuth, loopDelay } from './lib/server-probe';

/**
 * The dashboard line of the bench against a server already running (issue 15), with what the bench
 * does not show: the server's CPU per call (its /proc utime+stime around sequential calls, so a noisy
 * machine's wall time does not blur it) and its event loop's delay during the paced load (prom-client's
 * monitorEventLoopDelay, read and reset through /metrics), to tell queueing behind requests from stalls.
 *
 *   node -r ./test/support/swc-register.js bench/dashboard-probe.ts <url> <server pid> [seconds] [rate] [only]
 */
const [url, pid, secondsArg = '10', rateArg = '200', only] = process.argv.slice(2);
if (!url || !pid) throw new Error('usage: dashboard-probe.ts <url> <server pid> [seconds] [rate] [only]');
const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

function cpuMs(): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
}

async function sequential(path: string, headers: Record<string, string>, calls: number): Promise<{ p50: number; p99: number; cpu: number }> {
  const samples: number[] = [];
  const before = cpuMs();
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const response = await fetch(url + path, { headers });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
  }
  const cpu = (cpuMs() - before) / calls;
  samples.sort((a, b) => a - b);
  const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(samples.length * q))] * 100) / 100;
  return { p50: at(0.5), p99: at(0.99), cpu: Math.round(cpu * 100) / 100 };
}

async function main(): Promise<void> {
  const auth = await benchAdminAuth(url);
  console.log('call | service p50 / p99 ms | CPU ms per call | paced p50 / p99 ms | loop delay p99 / max ms');
  for (const [name, path] of DASHBOARD_CALLS) {
    if (only && !name.includes(only)) continue;
    await sequential(path, auth, 50); // warm-up
    const service = await sequential(path, auth, 400);
    await loopDelay(url); // resets the histogram: the next read covers the paced load only
    const paced = await pacedLoad({ url: url + path, headers: auth, durationSeconds: Number(secondsArg), rate: Number(rateArg) });
    const delay = await loopDelay(url);
    await drain(url + path, auth);
    console.log(
      `${name} | ${service.p50} / ${service.p99} | ${service.cpu} | ${paced.p50} / ${paced.p99}${paced.errors ? ` (${paced.errors} errors)` : ''} | ${delay.p99} / ${delay.max}`,
    );
  }
}

void main();
