/**
 * Freezes a value and everything it holds. Used where the code relies on values never being
 * changed in place (cached decider states, documents the read store keeps without copying), so a
 * mutation throws under test instead of corrupting shared state.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}
