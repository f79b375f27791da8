// The only thing the rules need of time: an instant to call now. Callers inject it (the server's
// Clock and ManualClock satisfy it), so nothing here reads the machine's clock behind a test's back.

/** Source of the current instant. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** A clock that always says `at`: for a pure call that must use one instant throughout. */
export function fixedClock(at: Date): Clock {
  const t = at.getTime();
  return { now: () => new Date(t) };
}
