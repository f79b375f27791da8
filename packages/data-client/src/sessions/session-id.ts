import type { RandomSource } from '../client/ports.js';

/** The two session id formats of spec section 3; `userIdSuffix` is the default. */
export type SessionIdFormat = 'userIdSuffix' | 'sessionRandom';

/** The ISO timestamp of `now` with its separators (-, :, .) removed, e.g. 20240501T123456789Z. */
export function compactTimestamp(now: Date): string {
  return now.toISOString().replace(/[^0-9A-Za-z]/g, '');
}

/**
 * A new session id:
 * - `userIdSuffix`: the last 10 alphanumeric characters of the user id, `_`, the compact timestamp;
 * - `sessionRandom`: `session_`, the epoch milliseconds, `_`, a random integer below 10000.
 */
export function newSessionId(userId: string, now: Date, format: SessionIdFormat = 'userIdSuffix', random: RandomSource = Math.random): string {
  if (format === 'sessionRandom') return `session_${now.getTime()}_${Math.floor(random() * 10000)}`;
  const alnum = userId.replace(/[^0-9A-Za-z]/g, '');
  return `${alnum.slice(-10)}_${compactTimestamp(now)}`;
}
