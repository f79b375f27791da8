// A clock that stands still until moved (the server's ManualClock, for this package's tests).
import type { Clock } from '../src/dates/clock.js';

/** A clock that says `start` until advanced. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date(0)) {
    this.current = start.getTime();
  }
  /** The current (manual) instant. */
  now(): Date {
    return new Date(this.current);
  }
  /** Moves the clock forward by the given number of seconds. */
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}
