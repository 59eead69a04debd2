import type { DomainEvent } from '../../../events';
import { type Decider, fold } from './decider';

/**
 * Given/When/Then for deciders, without I/O:
 *   given([events]).when(command).then([events])
 *   given([events]).when(command).thenThrows(ErrorClass, /message/)
 */
export function deciderSpec<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, fold(decider, events));
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(errorType: new (...args: never[]) => Error, message?: RegExp | string) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught).toBeInstanceOf(errorType);
              if (message) expect((caught as Error).message).toMatch(message);
            },
            /** For assertions on events whose data holds generated values (hashes, ids). */
            thenEvents(assert: (events: Event[]) => void) {
              assert(run());
            },
          };
        },
      };
    },
  };
}
