/**
 * One paced line against a server already running, with its event loop's delay over the load (read and reset
 * through /metrics), to tell a slow call from a stalled server:
 *   node -r ./test/support/swc-register.js bench/paced-probe.ts <url> <path> [seconds] [rate] [repeats]
 * Signs in as the bench administrator (the data of `npm run bench:data`).
 */
import { drain, pacedLoad } from './lib/paced-load';
import { benchAdminAuth, loopDelay } from './lib/server-probe';

const [url, path, secondsArg = '5', rateArg = '200', repeatsArg = '3'] = process.argv.slice(2);
if (!url || !path) throw new Error('usage: paced-probe.ts <url> <path> [seconds] [rate] [repeats]');

async function main(): Promise<void> {
  const auth = await benchAdminAuth(url);
  for (let k = 0; k < Number(repeatsArg); k++) {
    await loopDelay(url);
    const paced = await pacedLoad({ url: url + path, headers: auth, durationSeconds: Number(secondsArg), rate: Number(rateArg) });
    const delay = await loopDelay(url);
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
