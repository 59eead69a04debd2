import type { OpenAPIObject } from '@nestjs/swagger';
import { type TestApp, startTestApp } from '../support/test-app';
import { type Operation, apiOperations } from './support/api-document';

type Schema = Record<string, unknown> & { properties?: Record<string, Record<string, unknown>>; required?: string[] };

/** The OpenAPI document at /api/docs: open to anonymous clients, every route, the DTOs' constraints as class-validator states them. */
describe('OpenAPI document', () => {
  let t: TestApp;
  let document: OpenAPIObject;
  let operations: Operation[];
  const schema = (name: string) => document.components?.schemas?.[name] as Schema;
  const operation = (key: string) => {
    const found = operations.find((o) => o.key === key);
    if (!found) throw new Error(`${key} is not documented`);
    return found;
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: false });
    ({ document, operations } = await apiOperations(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the document and its viewer to anonymous clients', async () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe('Speach platform API');
    const viewer = await t.http.get('/api/docs').expect(200);
    expect(viewer.headers['content-type']).toMatch(/text\/html/);
    expect(viewer.text).toContain('swagger-ui');
    const yaml = await t.http.get('/api/docs/yaml').expect(200);
    expect(yaml.text).toContain('openapi:');
  });

  it('describes every path parameter of every route, and sessions as bearer or cookie', () => {
    expect(operations.length).toBeGreaterThan(150);
    for (const { key, path, parameters } of operations) {
      for (const [, name] of path.matchAll(/\{(\w+)\}/g))
        expect({ key, has: parameters.some((p) => p.in === 'path' && p.name === name && p.required) }).toEqual({ key, has: true });
    }
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(['bearer', 'cookie']);
  });

  it('gives each body its DTO, with lengths, enums and required fields', () => {
    expect(operation('POST /api/v2/recorder/speach').body).toEqual({
      properties: expect.objectContaining({
        title: { type: 'string', minLength: 1, maxLength: 255 },
        language: expect.objectContaining({ type: 'string', enum: expect.arrayContaining(['en-US', 'fr-FR']) }),
        isTemplate: { type: 'boolean' },
      }),
      required: ['title', 'language'],
    });
    expect(schema('RatingBody').properties?.rating).toEqual({ type: 'integer', minimum: 1, maximum: 5 });
    expect(schema('UserIdsBody').properties?.uuids).toEqual({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5000 });
    expect(schema('UserRecordBody').properties?.email).toEqual({ type: 'string', format: 'email', maxLength: 230 });
    expect(schema('UserRecordBody').properties?.roles).toEqual({
      type: 'array',
      items: { type: 'string', enum: ['ADMIN', 'FORMATEUR', 'APPROVER', 'AI_EDITOR', 'AUDITOR'] },
    });
  });

  it('keeps inherited fields, nested DTOs and nullable values', () => {
    expect(schema('VisibilityBody').properties).toEqual(
      expect.objectContaining({
        version: { type: 'integer', minimum: -1 },
        visibility: expect.objectContaining({ enum: ['PUBLIC', 'PRIVE', 'SEMI_PRIVE', 'RESTREINT'] }),
      }),
    );
    expect(schema('DefinitionBody').properties?.steps).toEqual({ type: 'array', maxItems: 10, items: { $ref: '#/components/schemas/DefinitionStepBody' } });
    expect(schema('DefinitionStepBody').required).toEqual(['groupId']);
    expect(schema('PublishBody').properties?.at).toEqual({ type: 'string', format: 'date-time', nullable: true });
    // @Allow() only: accepted as sent, checked by the decider, never required.
    expect(schema('ContentBody').required).toEqual(['type']);
  });

  it('lists query DTOs as parameters, optional where the DTO says so, and If-Match as an optional header', () => {
    const list = operation('GET /api/v2/admin/users').parameters;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ in: 'query', name: 'page', required: false }),
        expect.objectContaining({ in: 'query', name: 'roles', required: false }),
      ]),
    );
    expect(operation('PUT /api/v2/admin/users/updatePassword').parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'userID', required: true })]),
    );
    expect(operation('PUT /api/v2/recorder/speach/{id}/details').parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'if-match', required: false })]),
    );
    expect(operation('POST /api/admin/projections/rebuild').parameters).toEqual([expect.objectContaining({ in: 'query', name: 'name', required: false })]);
    // Parameters the handler checks itself (typed `unknown`) are listed too.
    expect(
      operation('GET /api/v2/dashboard/time-series')
        .parameters.map((p) => p.name)
        .sort(),
    ).toEqual(['cumulative', 'metric', 'period']);
    expect(
      operation('GET /api/v2/quizz/delete-results-user')
        .parameters.map((p) => p.name)
        .sort(),
    ).toEqual(['idAchatCour', 'quizzId']);
  });
});
