/**
 * One paced line against a server already running, with its event loop's delay over the load (read and reset
 * through /metrics), to tell a slow call from a stalled server:
 *   node -r ./test/support/swc-register.js bench/paced-probe.ts <url> <path> [seconds] [rate] [repeats]
 * Signs in as the bench administrator (the data of `npm run bench:data`).
 */
import { drain, pacedLoad } from './lib/paced-load';
import { BENCH_ADMIN } from './data/identity';

const [url, path, secondsArg = '5', rateArg = '200', repeatsArg = '3'] = process.argv.slice(2);
if (!url || !path) throw new Error('usage: paced-probe.ts <url> <path> [seconds] [rate] [repeats]');

async function loopDelay(): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, 'm').exec(text)?.[1]) * 1000;
  return { p99: Math.round(read('p99') * 10) / 10, max: Math.round(read('max') * 10) / 10 };
}

async function main(): Promise<void> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  for (let k = 0; k < Number(repeatsArg); k++) {
    await loopDelay();
    const paced = await pacedLoad({ url: url + path, headers: auth, durationSeconds: Number(secondsArg), rate: Number(rateArg) });
    const delay = await loopDelay();
    await drain(url + path, auth);
    console.log(
      `${path}: paced p50 ${paced.p50} / p99 ${paced.p99} ms, ${paced.requestsPerSecond} req/s, ${paced.errors} errors; loop delay p99 ${delay.p99} / max ${delay.max} ms`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
