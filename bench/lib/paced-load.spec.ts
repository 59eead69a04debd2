import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pacedLoad } from './paced-load';

/** A server that answers one request at a time, each after `serviceMs`: it saturates below the paced rate. */
function saturatedServer(serviceMs: number) {
  const received: number[] = [];
  let busyUntil = 0;
  const server: Server = createServer((req, res) => {
    received.push(Date.now());
    const now = Date.now();
    busyUntil = Math.max(busyUntil, now) + serviceMs;
    setTimeout(() => res.end('ok'), busyUntil - now);
  });
  return { server, received };
}

describe('pacedLoad', () => {
  it('counts the backlog of a saturated server as unanswered and sends none of it after returning', async () => {
    const { server, received } = saturatedServer(50);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // 100 requests due in 0.5 s against a server that answers 20 per second.
      const result = await pacedLoad({ url: `http://127.0.0.1:${port}/`, rate: 200, durationSeconds: 0.5, connections: 4, warmUp: 0, stragglerMs: 300 });
      expect(result.unanswered).toBeGreaterThan(50);
      expect(result.ok + result.unanswered).toBeLessThanOrEqual(100);
      expect(result.p99).toBeGreaterThan(500);

      // Given up on means never sent: the agent must not open new connections for the queued ones. A request
      // written just before the return may still reach a loaded machine's server after it (at most one per
      // connection); an agent that kept sending would add about ten in these 500 ms (one per 50 ms answer).
      const atReturn = received.length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(received.length - atReturn).toBeLessThanOrEqual(4);
      expect(atReturn).toBeLessThan(100 - 50 + 4);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reports how long its own event loop was held, so a client pause is not taken for the server', async () => {
    const server = createServer((req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // The client holds its thread for 80 ms in the middle of a 0.4 s load (as a long collection would).
      const hold = setTimeout(() => {
        const until = performance.now() + 80;
        while (performance.now() < until);
      }, 150);
      const held = await pacedLoad({ url: `http://127.0.0.1:${port}/`, rate: 100, durationSeconds: 0.4, warmUp: 0 });
      clearTimeout(hold);
      expect(held.clientStallMs).toBeGreaterThanOrEqual(75);
      expect(held.p99).toBeGreaterThanOrEqual(50); // the requests due meanwhile left late: counted from when they were due
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
