import type { DomainEvent } from '../../../events';
import { deepFreeze } from '../immutability/deep-freeze';
import type { Decider } from './decider';

/**
 * The command runner caches folded states between commands, so `evolve` and `decide` must never
 * change the state or the event they get. Specs fold frozen values: a mutation throws here.
 */
function frozenFold<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>, events: Event[]): State {
  return events.reduce((state, event) => deepFreeze(decider.evolve(state, deepFreeze(structuredClone(event)))), deepFreeze(decider.initialState()));
}

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
          const run = () => decider.decide(command, frozenFold(decider, events));
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
