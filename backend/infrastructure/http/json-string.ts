import { applyDecorators } from '@nestjs/common';
import { type ClassConstructor, Transform, plainToInstance } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';

const JSON_STRING = Symbol('json-string');

/**
 * Spec §7 sends some documents as a JSON string inside the JSON body (`{ "user": "{…}" }`). The string is parsed here,
 * once, into `type`, and validated with it like any nested DTO: services get the typed document, never the string.
 * A value that is not a string holding a JSON object is dropped, so it fails `IsObject` alone, naming the field.
 */
export function JsonString<T extends object>(type: ClassConstructor<T>): PropertyDecorator {
  return applyDecorators(
    (target: object, property: string | symbol) => Reflect.defineMetadata(JSON_STRING, type, target, property),
    Transform(({ value }: { value: unknown }) => parsed(type, value)),
    IsObject({ message: ({ property }) => `${property} must be a JSON object sent as a string` }),
    ValidateNested(),
  );
}

/** The document type of a `@JsonString` property, so the OpenAPI document can say the wire holds a string. */
export function jsonStringType(target: object, property: string): ClassConstructor<object> | undefined {
  return Reflect.getMetadata(JSON_STRING, target, property) as ClassConstructor<object> | undefined;
}

function parsed<T extends object>(type: ClassConstructor<T>, value: unknown): unknown {
  if (typeof value !== 'string') return undefined;
  let document: unknown;
  try {
    document = JSON.parse(value);
  } catch {
    return undefined;
  }
  return document && typeof document === 'object' && !Array.isArray(document) ? plainToInstance(type, document) : undefined;
}
