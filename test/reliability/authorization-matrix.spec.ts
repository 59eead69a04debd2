import type { Role } from '../../events';
import { ROUTE_EXPECTATIONS } from './route-expectations';
import { apiOperations } from './support/api-document';
import { callerHeaders, isSuccess, matches, send } from './support/call';
import { CALLERS, type Caller, type Fixtures, startFixtures } from './support/fixtures';
import { nestRoutes } from './support/route-table';
import { drain as backgroundWorkDone } from './routes/media';

/** The roles each caller holds (the accounts support/fixtures.ts makes). */
const CALLER_ROLES: Record<Caller, Role[] | null> = {
  anonymous: null,
  deactivated: null,
  reader: [],
  approver: ['APPROVER'],
  auditor: ['AUDITOR'],
  author: ['FORMATEUR', 'AI_EDITOR'],
  admin: ['ADMIN', 'FORMATEUR'],
};

const figures = { calls: 0, unexpected2xx: 0, serverErrors: 0, partialWrites: 0 };
const crossSite = { calls: 0, unexpected2xx: 0, serverErrors: 0, partialWrites: 0 };

/**
 * Issue 16 "Keep it closed": every route of the route table × every kind of caller, against the one
 * declaration of who may do what (route-expectations.ts). A refused call must also leave the event
 * store as it was.
 */
describe('Authorisation matrix', () => {
  let fx: Fixtures;
  let documented: string[];

  beforeAll(async () => {
    fx = await startFixtures();
    documented = (await apiOperations(fx.t)).operations.map((o) => o.key);
  });
  afterAll(async () => {
    process.stdout.write(`authorisation matrix: ${JSON.stringify(figures)}; cross-site: ${JSON.stringify(crossSite)}\n`);
    await fx?.t.close();
  });

  describe('the route table', () => {
    it('the OpenAPI document lists every route of the router, and only those', () => {
      const routed = nestRoutes(fx.t.app).map((r) => r.key);
      expect([...documented].sort()).toEqual([...new Set(routed)].sort());
    });

    it('every route has a declaration, and every declaration a route', () => {
      const declared = Object.keys(ROUTE_EXPECTATIONS);
      expect({ undeclared: documented.filter((key) => !declared.includes(key)), stale: declared.filter((key) => !documented.includes(key)) }).toEqual({
        undeclared: [],
        stale: [],
      });
    });

    it('no declaration lets through a caller the route decorators turn away', () => {
      const conflicts: string[] = [];
      for (const route of nestRoutes(fx.t.app)) {
        const expectation = ROUTE_EXPECTATIONS[route.key];
        if (!expectation) continue;
        for (const caller of CALLERS) {
          const roles = CALLER_ROLES[caller];
          const turnedAway = roles === null ? !route.isPublic : !route.isPublic && route.roles.length > 0 && !route.roles.some((r) => roles.includes(r));
          if (turnedAway && isSuccess(expectation.answers[caller])) conflicts.push(`${route.key} ${caller}`);
        }
      }
      expect(conflicts).toEqual([]);
    });
  });

  describe.each(Object.keys(ROUTE_EXPECTATIONS))('%s', (key) => {
    it('answers each caller as declared, and a refusal writes nothing', async () => {
      const expectation = ROUTE_EXPECTATIONS[key];
      const method = key.split(' ')[0];
      const wrong: string[] = [];
      // A route that writes goes caller by caller (each answer may change what the next one finds);
      // a read goes to all callers at once, and must append nothing at all.
      const batches = expectation.writes || expectation.after ? CALLERS.map((caller) => [caller]) : [[...CALLERS]];
      for (const batch of batches) {
        const calls = await Promise.all(batch.map((caller) => expectation.call(fx, caller)));
        // A media job an earlier route started may finish at any time: its events are not this call's writes.
        await backgroundWorkDone(fx);
        const before = await fx.t.adapters.eventStore.headPosition();
        const responses = await Promise.all(batch.map((caller, i) => send(fx, method, calls[i], callerHeaders(fx, caller, calls[i]))));
        const appended = (await fx.t.adapters.eventStore.headPosition()) - before;
        for (const [i, caller] of batch.entries()) {
          const response = responses[i];
          const expected = expectation.answers[caller];
          figures.calls++;
          if (response.status >= 500) figures.serverErrors++;
          if (response.status < 300 && !isSuccess(expected)) figures.unexpected2xx++;
          if (appended > 0 && (response.status >= 400 || batch.length > 1)) {
            figures.partialWrites++;
            wrong.push(`${caller}: ${response.status} but ${appended} event(s) appended`);
          }
          if (!matches(expected, response.status))
            wrong.push(`${caller}: expected ${JSON.stringify(expected)}, got ${response.status} ${JSON.stringify(response.body)?.slice(0, 160)}`);
          await expectation.after?.(fx, caller, response);
        }
      }
      expect(wrong).toEqual([]);
    });
  });

  /**
   * Issue 16 item 5: a page on another site can make the browser send the session cookie with a
   * GET or a simple POST. Every state change, whatever its method, refuses a foreign origin.
   */
  describe('cross-site requests with the session cookie', () => {
    const writes = Object.entries(ROUTE_EXPECTATIONS)
      .filter(([, expectation]) => expectation.writes)
      .map(([key]) => key);
    const FOREIGN = { origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' };

    it('the same request from the site itself goes through', async () => {
      const response = await fx.t.http
        .get('/favori.FavoriController/toggleFavori')
        .query({ idCour: fx.speaches.welcome._id })
        .set({ cookie: `sid=${fx.tokens.reader}`, origin: 'http://127.0.0.1', 'sec-fetch-site': 'same-origin' });
      expect(response.status).toBe(200);
    });

    it.each(writes)('%s refuses a foreign origin and writes nothing', async (key) => {
      const expectation = ROUTE_EXPECTATIONS[key];
      const caller = (['admin', 'author', 'approver', 'reader'] as Caller[]).find((c) => isSuccess(expectation.answers[c])) as Caller;
      const call = await expectation.call(fx, caller);
      const bearer = (call.headers ?? fx.auth(caller)).authorization.replace(/^Bearer /, '');
      const before = await fx.t.adapters.eventStore.headPosition();
      const response = await send(fx, key.split(' ')[0], call, { cookie: `sid=${bearer}`, ...FOREIGN });
      crossSite.calls++;
      if (response.status >= 500) crossSite.serverErrors++;
      if (response.status < 300) crossSite.unexpected2xx++;
      const after = await fx.t.adapters.eventStore.headPosition();
      if (after !== before) crossSite.partialWrites++;
      expect({ status: response.status, appended: after - before }).toEqual({ status: 403, appended: 0 });
    });
  });

  it('adds up to no unexpected 2xx, no 5xx and no partial write', () => {
    expect(figures.calls).toBeGreaterThanOrEqual(Object.keys(ROUTE_EXPECTATIONS).length * CALLERS.length);
    const { calls: _calls, ...matrix } = figures;
    const { calls: _crossSiteCalls, ...foreign } = crossSite;
    expect({ matrix, foreign }).toEqual({
      matrix: { unexpected2xx: 0, serverErrors: 0, partialWrites: 0 },
      foreign: { unexpected2xx: 0, serverErrors: 0, partialWrites: 0 },
    });
  });
});
