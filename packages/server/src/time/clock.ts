import type { Clock } from '@steward/collections';

/** Source of the current time, injected so tests can move time forward (expiry of codes, tokens, sessions): the collections rules' Clock. */
export type { Clock };

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests of expiry. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date = new Date()) {
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

/** Whole seconds since the epoch, as in JWT claims and Cognito timestamps. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The instant `seconds` after `date`. */
export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
