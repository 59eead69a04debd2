import type { OpenAPIObject } from '@nestjs/swagger';
import type { TestApp } from '../../support/test-app';

export interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean; schema?: Record<string, unknown> }[];
  /** The JSON body's schema, references resolved one level (the DTO's own properties). */
  body: { properties: Record<string, Record<string, unknown>>; required: string[] } | null;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** The OpenAPI document as an anonymous client gets it, flattened to one entry per operation. */
export async function apiOperations(t: TestApp): Promise<{ document: OpenAPIObject; operations: Operation[] }> {
  const document = (await t.http.get('/api/docs/json').expect(200)).body as OpenAPIObject;
  const schemas = (document.components?.schemas ?? {}) as Record<string, { properties?: Record<string, Record<string, unknown>>; required?: string[] }>;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (
        item as Record<string, { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }>
      )[method];
      if (!operation) continue;
      const ref = operation.requestBody?.content?.['application/json']?.schema?.$ref;
      const schema = ref ? schemas[ref.split('/').pop() as string] : undefined;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: schema ? { properties: schema.properties ?? {}, required: schema.required ?? [] } : null,
      });
    }
  }
  return { document, operations };
}
