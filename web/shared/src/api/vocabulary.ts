/**
 * The web's runtime lists of the server's unions (choosers, filters iterate them). The unions themselves are the
 * server's (view modules); `listOf<T>()` refuses a list that misses one of their members, so a value added on the
 * server fails the web's type check (naming the missing member) instead of going missing from a chooser.
 */
type Complete<T, L extends readonly T[]> = [Exclude<T, L[number]>] extends [never] ? unknown : { missingFromTheList: Exclude<T, L[number]> };

export const listOf =
  <T>() =>
  <const L extends readonly T[]>(list: L & Complete<T, L>): L =>
    list;
