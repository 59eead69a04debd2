import { SPEACH_LANGUAGES } from '../../../events';
import { ValidationError } from '../../infrastructure/decider/decider';

export const INSTRUCTION_MAX = 5000;

export function instruction(value: string | undefined, name: string): string {
  if (value !== undefined && value.length > INSTRUCTION_MAX) throw new ValidationError(name, `${name} must be at most ${INSTRUCTION_MAX} characters`);
  return (value ?? '').trim();
}

export function language(value: string | undefined, name: string): string {
  if (!value) throw new ValidationError(name, `${name} is required`);
  if (!(SPEACH_LANGUAGES as readonly string[]).includes(value)) throw new ValidationError(name, `${name} must be one of ${SPEACH_LANGUAGES.join(', ')}`);
  return value;
}
