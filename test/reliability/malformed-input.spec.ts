import type { Response } from 'supertest';
import { type Call, ROUTE_EXPECTATIONS } from './route-expectations';
import { type Operation, apiOperations } from './support/api-document';
import { isSuccess, send } from './support/call';
import { type Caller, type Fixtures, startFixtures } from './support/fixtures';

type Schema = Record<string, unknown>;

/** One malformed request derived from a valid one, and the field its 400 must name (none when the whole body is wrong). */
interface Variant {
  name: string;
  field: string | null;
  build(valid: Call): Call;
  /** A body sent as is, bypassing the JSON serialiser (non-JSON bodies, keys JSON.stringify drops). */
  raw?(valid: Call): { contentType: string; data: string };
}

const HUGE = 'x'.repeat(1_000_001);
/** Typed as a plain key: `body.constructor` would be Object's own. */
const CONSTRUCTOR: string = 'constructor';
const WRITE_ROUTES = Object.entries(ROUTE_EXPECTATIONS)
  .filter(([key, expectation]) => !key.startsWith('GET ') || expectation.writes)
  .map(([key]) => key);

/** A value of another type than the schema says; null when the schema accepts anything. */
function wrongType(schema: Schema): unknown {
  if (schema.enum) return 'NOT_ONE_OF_THEM';
  switch (schema.type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
      return 'not-an-array';
    default:
      return null;
  }
}

const withBody = (valid: Call, change: (body: Record<string, unknown>) => void): Call => {
  const body = { ...((valid.body as Record<string, unknown>) ?? {}) };
  change(body);
  return { ...valid, body };
};
const withQuery = (valid: Call, change: (query: Record<string, unknown>) => void): Call => {
  const query: Record<string, unknown> = { ...(valid.query ?? {}) };
  change(query);
  return { ...valid, query: query as Record<string, string> };
};

/** The sweep of one write route, from its OpenAPI operation: body fields, query parameters and the body as a whole. */
function variants(operation: Operation): Variant[] {
  const list: Variant[] = [];
  for (const [field, schema] of Object.entries(operation.body?.properties ?? {})) {
    const wrong = wrongType(schema);
    if (wrong !== null) list.push({ name: `${field} of the wrong type`, field, build: (v) => withBody(v, (b) => (b[field] = wrong)) });
    if (operation.body?.required.includes(field)) list.push({ name: `${field} missing`, field, build: (v) => withBody(v, (b) => delete b[field]) });
    if (schema.type === 'string') {
      list.push({ name: `${field} a huge string`, field, build: (v) => withBody(v, (b) => (b[field] = HUGE)) });
      list.push({ name: `${field} an array`, field, build: (v) => withBody(v, (b) => (b[field] = ['a', 'b'])) });
    }
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    const { name } = parameter;
    if (parameter.required) list.push({ name: `query ${name} missing`, field: name, build: (v) => withQuery(v, (q) => delete q[name]) });
    if (parameter.schema?.type === 'string' && !parameter.schema.enum) {
      list.push({ name: `query ${name} a huge string`, field: null, build: (v) => withQuery(v, (q) => (q[name] = HUGE.slice(0, 60_000))) });
      list.push({ name: `query ${name} repeated`, field: name, build: (v) => withQuery(v, (q) => (q[name] = [String(q[name] ?? 'a'), 'b'])) });
    }
  }
  if (operation.body) {
    list.push({ name: 'a JSON array for the body', field: null, build: (v) => ({ ...v, body: [v.body] }) });
    list.push({
      name: 'a prototype-polluting __proto__ key',
      field: null,
      build: (v) => v,
      raw: (v) => ({ contentType: 'application/json', data: pollutedBody(v) }),
    });
    // Refused as a whole (the JSON parser drops the request), so no field to name.
    list.push({ name: 'a constructor.prototype key', field: null, build: (v) => withBody(v, (b) => (b[CONSTRUCTOR] = { prototype: { polluted: true } })) });
    list.push({ name: 'truncated JSON', field: null, build: (v) => v, raw: () => ({ contentType: 'application/json', data: '{"a":' }) });
  }
  if (operation.method !== 'GET') {
    // Cross-site forms send these without a preflight: only JSON (or the spec's uploads) is accepted (issue 16 item 5).
    list.push({ name: 'a text/plain body', field: null, build: (v) => v, raw: () => ({ contentType: 'text/plain', data: '{"a":1}' }) });
    list.push({
      name: 'a form-encoded body',
      field: null,
      build: (v) => v,
      raw: () => ({ contentType: 'application/x-www-form-urlencoded', data: 'a=1&b=2' }),
    });
  }
  return list;
}

/** The first caller the declaration lets through: the sweep must fail on the input, not on the permission. */
function allowedCaller(key: string): Caller {
  const answers = ROUTE_EXPECTATIONS[key].answers;
  const callers = ['admin', 'author', 'approver', 'reader', 'auditor'] as Caller[];
  // A route that never succeeds today (forceTranscript: no speech-to-text) is swept as the caller its input check answers.
  const reachesInput = (answer: (typeof answers)[Caller]) => typeof answer === 'number' && answer >= 400 && answer < 500 && ![401, 403, 404].includes(answer);
  const caller = callers.find((c) => isSuccess(answers[c])) ?? callers.find((c) => reachesInput(answers[c]));
  if (!caller) throw new Error(`No caller may call ${key}`);
  return caller;
}

function names(response: Response, field: string): boolean {
  const errors = (response.body?.errors ?? []) as { field: string }[];
  return errors.some((e) => e.field === field || e.field.startsWith(`${field}.`) || e.field.startsWith(`${field}[`));
}

const figures = { calls: 0, unexpected2xx: 0, serverErrors: 0, partialWrites: 0 };

/**
 * Issue 16 "Keep it closed": every write route of the OpenAPI document gets wrong types, missing
 * fields, huge strings, arrays for strings, prototype-pollution keys and non-JSON bodies. Never a
 * 5xx, always a 4xx that names the field at fault, and not one event appended.
 */
describe('Malformed input on every write route', () => {
  let fx: Fixtures;
  let operations: Map<string, Operation>;

  beforeAll(async () => {
    fx = await startFixtures();
    operations = new Map((await apiOperations(fx.t)).operations.map((o) => [o.key, o]));
  });
  afterAll(async () => {
    process.stdout.write(`malformed input: ${JSON.stringify(figures)}\n`);
    await fx?.t.close();
  });

  it('sweeps every write route of the document', () => {
    const documented = [...operations.values()].filter((o) => o.method !== 'GET').map((o) => o.key);
    expect(documented.filter((key) => !WRITE_ROUTES.includes(key))).toEqual([]);
  });

  describe.each(WRITE_ROUTES)('%s', (key) => {
    it('answers 4xx naming the field, and writes nothing', async () => {
      const operation = operations.get(key);
      if (!operation) throw new Error(`${key} is not in the OpenAPI document`);
      const caller = allowedCaller(key);
      const valid = await ROUTE_EXPECTATIONS[key].call(fx, caller);
      const headers = valid.headers ?? fx.auth(caller);
      const wrong: string[] = [];
      for (const variant of variants(operation)) {
        const call = variant.build(valid);
        const before = await fx.t.adapters.eventStore.headPosition();
        const raw = variant.raw?.(valid);
        const response = raw ? await rawSend(fx, operation.method, call, headers, raw.contentType, raw.data) : await send(fx, operation.method, call, headers);
        const after = await fx.t.adapters.eventStore.headPosition();
        figures.calls++;
        if (response.status >= 500) figures.serverErrors++;
        if (response.status < 400) figures.unexpected2xx++;
        if (after !== before) figures.partialWrites++;
        const problems = [
          response.status < 400 || response.status >= 500 ? `answered ${response.status}` : null,
          response.status === 400 && variant.field && !names(response, variant.field)
            ? `a 400 that does not name ${variant.field}: ${JSON.stringify(response.body).slice(0, 160)}`
            : null,
          after !== before ? `${after - before} event(s) appended` : null,
        ].filter(Boolean);
        if (problems.length) wrong.push(`${variant.name}: ${problems.join('; ')}`);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(wrong).toEqual([]);
    });
  });

  /** Issue 16 item 7: a request is validated whole before anything is appended. */
  describe('one request, one decision', () => {
    it('an unknown custom field refuses the whole profile change', async () => {
      const user = await fx.newUser();
      const before = await fx.t.adapters.eventStore.headPosition();
      const profile = { id: user.id, firstName: 'Changed', customFieldValues: [{ customField: { id: 'no-such-field' }, value: 'x' }] };
      const response = await fx.t.http
        .put('/api/v2/admin/users/update')
        .set(fx.auth('admin'))
        .send({ user: JSON.stringify(profile) });
      expect(response.status).toBe(400);
      expect(names(response, 'customFieldValues') || names(response, 'user.customFieldValues')).toBe(true);
      expect(await fx.t.adapters.eventStore.headPosition()).toBe(before);
      expect((await fx.t.http.get(`/api/rest/users/${user.id}`).set(fx.auth('admin')).expect(200)).body.firstName).toBe('Matrix');
    });

    it('an unknown group refuses the creation without reserving the e-mail', async () => {
      const email = `half.written.${Date.now()}@example.com`;
      const before = await fx.t.adapters.eventStore.headPosition();
      const response = await fx.t.http
        .post('/api/rest/users')
        .set(fx.auth('admin'))
        .send({ firstName: 'Half', lastName: 'Written', email, groupIds: ['no-such-group'] });
      expect(response.status).toBe(400);
      expect(names(response, 'groupIds')).toBe(true);
      expect(await fx.t.adapters.eventStore.headPosition()).toBe(before);
      await fx.t.http.post('/api/rest/users').set(fx.auth('admin')).send({ firstName: 'Half', lastName: 'Written', email }).expect(201);
    });

    it('a pin over the limit refuses the details sent with it', async () => {
      const pinned = await fx.t.http.get('/api/v2/admin/speach').query({ pinnedOnHome: 'true', state: 'PUBLIE' }).set(fx.auth('admin')).expect(200);
      for (let count = pinned.body.total as number; count < 10; count++) {
        const { id } = await fx.draftFor('admin');
        await fx.t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(fx.auth('admin')).send({}).expect(200);
        await fx.t.http.put(`/api/v2/recorder/speach/${id}/pin`).set(fx.auth('admin')).send({ pinned: true }).expect(200);
      }
      const { id } = await fx.draftFor('admin');
      await fx.t.http.post(`/api/v2/recorder/speach/${id}/publish`).set(fx.auth('admin')).send({}).expect(200);
      const before = await fx.t.adapters.eventStore.headPosition();
      const response = await fx.t.http
        .put('/api/v2/admin/speach/update')
        .set(fx.auth('admin'))
        .send({ speach: JSON.stringify({ speachID: id, title: 'Pinned at last', isPinnedOnHome: true }) });
      expect(response.status).toBe(409);
      expect(await fx.t.adapters.eventStore.headPosition()).toBe(before);
      const card = await fx.t.http.get('/api/v2/speach/speachWithMetadata').query({ speachID: id }).set(fx.auth('admin')).expect(200);
      expect(card.body.title).not.toBe('Pinned at last');
    });
  });

  /** Issue 16 item 8: a react-admin list filter takes only the fields and value types its resource declares. */
  describe('admin list filters', () => {
    const FILTERS = [
      { filter: '{"active":{"$where":"1"}}', field: 'filter.active' },
      { filter: '{"active":{"$ne":true}}', field: 'filter.active' },
      { filter: '{"q":{"$regex":".*"}}', field: 'filter.q' },
      { filter: '{"$where":"1"}', field: 'filter.$where' },
      { filter: '{"__proto__":{"polluted":true}}', field: 'filter' },
      { filter: '{"constructor":{"prototype":{"polluted":true}}}', field: 'filter' },
      { filter: '{"no_such_field":"x"}', field: 'filter.no_such_field' },
    ];

    it('answers 400 naming the filter on every list, never a 5xx, and reads nothing it was not asked', async () => {
      const lists = [...operations.values()].filter((o) => o.method === 'GET' && /^\/api\/rest\/[\w-]+$/.test(o.path));
      expect(lists.length).toBeGreaterThanOrEqual(5);
      const wrong: string[] = [];
      for (const list of lists) {
        for (const { filter, field } of FILTERS) {
          const response = await fx.t.http.get(list.path).query({ filter }).set(fx.auth('admin'));
          figures.calls++;
          if (response.status >= 500) figures.serverErrors++;
          if (response.status < 400) figures.unexpected2xx++;
          if (response.status !== 400 || !(names(response, field) || names(response, 'filter')))
            wrong.push(`${list.path} ${filter}: ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(wrong).toEqual([]);
    });
  });

  it('adds up to no 2xx, no 5xx and no partial write', () => {
    expect(figures.calls).toBeGreaterThan(WRITE_ROUTES.length * 2);
    expect({ unexpected2xx: figures.unexpected2xx, serverErrors: figures.serverErrors, partialWrites: figures.partialWrites }).toEqual({
      unexpected2xx: 0,
      serverErrors: 0,
      partialWrites: 0,
    });
  });
});

/** The valid body with a `__proto__` key, written by hand: JSON.stringify would drop it. */
function pollutedBody(valid: Call): string {
  const body = JSON.stringify(valid.body ?? {});
  return body === '{}' ? '{"__proto__":{"polluted":true}}' : `{"__proto__":{"polluted":true},${body.slice(1)}`;
}

function rawSend(fx: Fixtures, method: string, call: Call, headers: Record<string, string>, contentType: string, data: string): Promise<Response> {
  const verb = method.toLowerCase() as 'post' | 'put' | 'delete' | 'patch' | 'get';
  let request = fx.t.http[verb](call.path).set(headers).set('content-type', contentType);
  if (call.query) request = request.query(call.query);
  return request.send(data);
}
