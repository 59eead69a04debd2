import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full collection of the bench process's own heap, before the loads: the data generator's garbage and what it
 * returned would otherwise be collected (mark-compact, tens of ms at the full size) in the middle of a paced line,
 * where the load generator's held loop reads as the server's latency.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
