import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { memoizeValidationMetadata } from './validation-metadata-cache';

/** Flattens class-validator's tree into `{ field: 'a.b[0].c', reason }` entries. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): { field: string; reason: string }[] {
  const flat: { field: string; reason: string }[] = [];
  for (const error of errors) {
    const field = parent ? (/^\d+$/.test(error.property) ? `${parent}[${error.property}]` : `${parent}.${error.property}`) : error.property;
    for (const reason of Object.values(error.constraints ?? {})) flat.push({ field, reason });
    if (error.children?.length) flat.push(...flattenValidationErrors(error.children, field));
  }
  return flat;
}

export class InputValidationException extends BadRequestException {
  constructor(readonly fieldErrors: { field: string; reason: string }[]) {
    super({ message: 'Invalid input', errors: fieldErrors });
  }
}

/** Unknown fields are refused (not silently dropped) so a client's typo is a 400, not a no-op. */
export function createValidationPipe(): ValidationPipe {
  memoizeValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new InputValidationException(flattenValidationErrors(errors)),
  });
}
