import { type MetadataStorage, getMetadataStorage } from 'class-validator';

type Lookup = MetadataStorage['getTargetValidationMetadatas'];

const MEMOIZED = Symbol.for('speach.validationMetadataMemoized');

/**
 * class-validator looks up a DTO's rules on every validation by walking every class it knows
 * (`prototype instanceof` each of them, for inherited rules): a few hundred DTOs here, on every
 * request, the pipe's largest cost. The rules only change when a decorator registers one, so the
 * answer is kept per class and options and dropped whenever a rule is added. Idempotent.
 */
export function memoizeValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const patched = storage as MetadataStorage & { [MEMOIZED]?: true };
  if (patched[MEMOIZED]) return;
  patched[MEMOIZED] = true;
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const addMetadata = storage.addValidationMetadata.bind(storage);
  // Per target class (or schema name): options key → the rules found.
  let cache = new Map<unknown, Map<string, ReturnType<Lookup>>>();
  storage.addValidationMetadata = (metadata) => {
    cache = new Map();
    addMetadata(metadata);
  };
  // addValidationSchema adds through addValidationMetadata: it drops the cache as well.
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    const key = `${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${groups ? groups.join('\u0001') : '-'}`;
    let byOptions = cache.get(targetConstructor);
    if (!byOptions) cache.set(targetConstructor, (byOptions = new Map()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookup(targetConstructor, targetSchema, always, strictGroups, groups)));
    // A copy: the caller owns its array, as with the unmemoized lookup.
    return found.slice();
  };
}
