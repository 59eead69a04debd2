import type { INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { ApiProperty, type ApiPropertyOptions, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { ParameterObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import {
  ARRAY_MAX_SIZE,
  ARRAY_MIN_SIZE,
  IS_ARRAY,
  IS_BOOLEAN,
  IS_DATE_STRING,
  IS_EMAIL,
  IS_IN,
  IS_INT,
  IS_ISO8601,
  IS_LENGTH,
  IS_NOT_EMPTY,
  IS_NUMBER,
  IS_OBJECT,
  IS_OPTIONAL,
  IS_STRING,
  IS_UUID,
  MATCHES,
  MAX,
  MAX_LENGTH,
  MIN,
  MIN_LENGTH,
  ValidationTypes,
  getMetadataStorage,
} from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { jsonStringType } from './json-string';

// class-transformer's @Type() registry: typed in `types/`, shipped in `cjs/` (the package has no exports map).
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

export const API_DOCS_PATH = 'api/docs';
export const API_DOCS_JSON_PATH = 'api/docs/json';

type Schema = Record<string, unknown>;
type Constructor = abstract new (...args: never[]) => unknown;

/** What each class-validator constraint says in JSON Schema words; `each` puts it on the items. */
function constraintSchema(meta: ValidationMetadata): Schema {
  const [first, second] = meta.constraints ?? [];
  switch (meta.name) {
    case IS_STRING:
      return { type: 'string' };
    case IS_INT:
      return { type: 'integer' };
    case IS_NUMBER:
      return { type: 'number' };
    case IS_BOOLEAN:
      return { type: 'boolean' };
    case IS_OBJECT:
      return { type: 'object' };
    case IS_IN:
      return { enum: [...(first as unknown[])] };
    case MAX_LENGTH:
      return { maxLength: first };
    case MIN_LENGTH:
      return { minLength: first };
    case IS_NOT_EMPTY:
      return { minLength: 1 };
    case IS_LENGTH:
      return { minLength: first, ...(second !== undefined ? { maxLength: second } : {}) };
    case MIN:
      return { minimum: first };
    case MAX:
      return { maximum: first };
    case MATCHES:
      return { type: 'string', pattern: first instanceof RegExp ? first.source : String(first) };
    case IS_EMAIL:
      return { type: 'string', format: 'email' };
    case IS_UUID:
      return { type: 'string', format: 'uuid' };
    case IS_DATE_STRING:
    case IS_ISO8601:
      return { type: 'string', format: 'date-time' };
    default:
      return {};
  }
}

const ARRAY_CONSTRAINTS: Record<string, string> = { [ARRAY_MAX_SIZE]: 'maxItems', [ARRAY_MIN_SIZE]: 'minItems' };

function designType(target: Constructor, property: string): unknown {
  return Reflect.getMetadata('design:type', target.prototype, property);
}

function typeName(type: unknown): string | undefined {
  if (type === String) return 'string';
  if (type === Number) return 'number';
  if (type === Boolean) return 'boolean';
  if (type === Array) return 'array';
  return undefined;
}

/** The OpenAPI description of one validated property, from its class-validator (and class-transformer) decorators. */
function propertyOptions(target: Constructor, property: string, metas: ValidationMetadata[]): ApiPropertyOptions {
  const optional = metas.some((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION && m.name === IS_OPTIONAL);
  const isArray = metas.some((m) => m.name === IS_ARRAY) || metas.some((m) => m.each) || designType(target, property) === Array;
  const own: Schema = {};
  const items: Schema = {};
  for (const meta of metas) {
    if (meta.name && ARRAY_CONSTRAINTS[meta.name]) own[ARRAY_CONSTRAINTS[meta.name]] = meta.constraints[0];
    else if (meta.name !== IS_ARRAY) Object.assign(meta.each ? items : own, constraintSchema(meta));
  }
  const nested = metas.some((m) => m.type === ValidationTypes.NESTED_VALIDATION)
    ? defaultMetadataStorage.findTypeMetadata(target, property)?.typeFunction()
    : undefined;
  const declared = designType(target, property);
  // `@Allow()` alone (whitelisted, not validated) accepts a missing value; `@ValidateIf(v => v !== null)` accepts null.
  const validated = metas.some((m) => m.type !== ValidationTypes.WHITELIST && m.type !== ValidationTypes.CONDITIONAL_VALIDATION);
  const nullable = metas.some((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION && m.name !== IS_OPTIONAL);
  const options: Schema = { required: validated && !optional, ...(nullable ? { nullable: true } : {}) };
  const document = jsonStringType(target.prototype as object, property);
  if (document) return { ...options, type: 'string', description: `${document.name} as a JSON string` } as ApiPropertyOptions;
  if (isArray) {
    const itemType = nested ?? items.type ?? own.type ?? (items.enum || own.enum ? undefined : 'string');
    const { type: _ownType, ...ownRest } = own;
    const { type: _itemsType, ...itemsRest } = items;
    const enumValues = items.enum ?? own.enum;
    delete ownRest.enum;
    delete itemsRest.enum;
    Object.assign(options, ownRest, { isArray: true });
    if (enumValues) options.enum = enumValues;
    else if (itemType) options.type = itemType;
    if (Object.keys(itemsRest).length && !nested) options.items = { type: itemType, ...itemsRest };
  } else {
    Object.assign(options, own);
    if (nested) options.type = nested;
    else if (!options.type && !options.enum) options.type = typeName(declared) ?? (typeof declared === 'function' && declared !== Object ? declared : 'object');
  }
  return options as ApiPropertyOptions;
}

const described = new WeakSet<Constructor>();

/** Parents first: a subclass's list of documented properties is built on its parent's. */
function describeClass(target: Constructor, own: Map<Constructor, ValidationMetadata[]>): void {
  if (described.has(target)) return;
  described.add(target);
  const parent = Object.getPrototypeOf(target) as Constructor;
  if (own.has(parent)) describeClass(parent, own);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const meta of own.get(target) ?? []) byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
  for (const [property, metas] of byProperty) ApiProperty(propertyOptions(target, property, metas))(target.prototype as object, property);
}

/**
 * The request DTOs carry class-validator decorators only; the document states the same
 * constraints, read from class-validator's own registry, so the two can never disagree and no DTO
 * needs a second set of decorators (the swagger CLI plugin needs the Nest CLI build, we use tsc and swc).
 */
export function describeValidatedClasses(): void {
  const registry = (getMetadataStorage() as unknown as { validationMetadatas?: Map<Constructor | string, ValidationMetadata[]> }).validationMetadatas;
  if (!(registry instanceof Map)) throw new Error('class-validator registry not found: the OpenAPI document cannot describe the DTOs');
  const own = new Map<Constructor, ValidationMetadata[]>();
  for (const [target, metas] of registry) if (typeof target === 'function') own.set(target, metas);
  for (const target of own.keys()) describeClass(target, own);
}

/**
 * `@Query('period') period: unknown` (the handler checks the value itself) has no type for the
 * scanner to describe, which then leaves the parameter out: operation id → such parameter names.
 */
function namedQueryParameters(app: INestApplication): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      if (!metatype) continue;
      for (const method of Object.getOwnPropertyNames(metatype.prototype)) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, method) ?? {}) as Record<string, { data?: unknown }>;
        const queries = Object.entries(args)
          .filter(([key, arg]) => Number(key.split(':')[0]) === RouteParamtypes.QUERY && typeof arg.data === 'string')
          .map(([, arg]) => arg.data as string);
        if (queries.length) names.set(`${metatype.name}.${method}`, queries);
      }
    }
  }
  return names;
}

export function buildApiDocument(app: INestApplication): OpenAPIObject {
  describeValidatedClasses();
  const config = new DocumentBuilder()
    .setTitle('Speach platform API')
    .setDescription(
      'Spec §7 calls, the react-admin data API (/api/rest) and the audit calls. Bad input answers 400 with `{ message, errors: [{ field, reason }] }`.',
    )
    .setVersion('2')
    .addBearerAuth()
    .addCookieAuth('sid')
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (controller, method) => `${controller}.${method}` });
  const untypedQueries = namedQueryParameters(app);
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const operation of Object.values(operations) as { parameters?: ParameterObject[] }[]) {
      if (!operation || typeof operation !== 'object' || !('responses' in operation)) continue;
      const parameters = (operation.parameters ??= []);
      // `If-Match` and the like are optional guards, never required.
      for (const parameter of parameters) if (parameter.in === 'header') parameter.required = false;
      for (const name of untypedQueries.get((operation as { operationId?: string }).operationId ?? '') ?? []) {
        if (!parameters.some((p) => p.in === 'query' && p.name === name))
          parameters.push({ in: 'query', name, required: false, description: 'Checked by the handler', schema: {} });
      }
      // A path parameter read through a pipe (ParseEnumPipe) is not picked up by the scanner.
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name)) parameters.push({ in: 'path', name, required: true, schema: { type: 'string' } });
      }
    }
  }
  return document;
}

/**
 * The contract is open to anonymous readers: it says no more than the spec and the web bundles
 * already do, and every route enforces its own authorisation (test/reliability proves it). Built
 * on the first request, so startup does not pay for it.
 */
export function publishApiDocs(app: INestApplication): void {
  SwaggerModule.setup(API_DOCS_PATH, app, () => buildApiDocument(app), { jsonDocumentUrl: API_DOCS_JSON_PATH, yamlDocumentUrl: 'api/docs/yaml' });
}
