/**
 * Service time of one call: sequential requests on one connection (no queueing), so a saturated
 * paced load can be read against what a single request costs the server.
 */
export async function serviceTime(url: string, headers: Record<string, string>, calls = 100): Promise<{ p50: number; p99: number }> {
  const samples: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => Math.round(samples[Math.min(samples.length - 1, Math.floor(samples.length * q))] * 100) / 100;
  return { p50: at(0.5), p99: at(0.99) };
}
