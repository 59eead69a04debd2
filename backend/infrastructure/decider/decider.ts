import type { DomainEvent } from '../../../events';

/**
 * An aggregate as a pair of pure functions (Emmett / Chassaing style):
 * `decide` turns a command and the current state into new events, or throws a DomainError;
 * `evolve` folds one event into the state. No I/O, no clock: time comes in the command.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
}

/** A rule forbids the command. Mapped by the HTTP layer to the status it carries. */
export class DomainError extends Error {
  override readonly name: string = 'DomainError';
  constructor(
    message: string,
    /** 400 bad input, 401 not authenticated, 403 forbidden, 404 unknown, 409 state conflict, 410 a link spent or expired. */
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 = 409,
    readonly errors?: { field: string; reason: string }[],
  ) {
    super(message);
  }
}

export class IllegalStateError extends DomainError {
  override readonly name = 'IllegalStateError';
  constructor(message: string) {
    super(message, 409);
  }
}

export class ValidationError extends DomainError {
  override readonly name = 'ValidationError';
  constructor(field: string, reason: string) {
    super(reason, 400, [{ field, reason }]);
  }
}

export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
  constructor(message: string) {
    super(message, 404);
  }
}

export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
  constructor(message = 'You are not allowed to do this.') {
    super(message, 403);
  }
}

export function fold<State, Event extends DomainEvent>(decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>, events: Event[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}

/**
 * Several commands of one stream as one decision: each is decided on the state the previous ones
 * leave, and the events of all are appended together, or none when any is refused (one request,
 * one decision).
 */
const batches = new WeakMap<object, unknown>();

export function inOneDecision<State, Command, Event extends DomainEvent>(decider: Decider<State, Command, Event>): Decider<State, Command[], Event> {
  // One batch decider per decider: the command runner caches folded states per decider object.
  const known = batches.get(decider) as Decider<State, Command[], Event> | undefined;
  if (known) return known;
  const batch: Decider<State, Command[], Event> = {
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide: (commands, state) => {
      const events: Event[] = [];
      let current = state;
      for (const command of commands) {
        const decided = decider.decide(command, current);
        current = decided.reduce(decider.evolve, current);
        events.push(...decided);
      }
      return events;
    },
  };
  batches.set(decider, batch);
  return batch;
}
