import type * as Mingo from 'mingo';

let loaded: typeof Mingo | null = null;

/**
 * mingo, loaded when a query first needs it: requiring it registers every operator it has, about a
 * tenth of a server start (profiled on a restart), for what most starts never use (the SQL compiler
 * answers the product's filters; mingo finishes only what SQL cannot take).
 */
export function mingo(): typeof Mingo {
  return (loaded ??= require('mingo') as typeof Mingo);
}
