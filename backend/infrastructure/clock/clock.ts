/** Time comes from here, never from `new Date()` in domain code, so tests can move it. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock the tests (and the demo seed, to spread activity over time) set by hand. */
export class ManualClock extends Clock {
  constructor(private current: Date = new Date()) {
    super();
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(at: Date): void {
    this.current = new Date(at.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
