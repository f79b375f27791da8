// The I/O the data client uses, injected so its rules can be tested without a network or real time.

/** Source of the current time. */
export interface Clock {
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/** Uniform random number in [0, 1). */
export type RandomSource = () => number;

/** Where store failures are reported: they are logged, never thrown into sign-in. */
export interface DataClientLogger {
  warn(message: string, error?: unknown): void;
}

/** Logs to the console. */
export const consoleLogger: DataClientLogger = {
  warn: (message, error) => console.warn(`[data-client] ${message}`, error ?? ''),
};

/** A JWT as auth-core hands it out (aws-amplify v6's JWT). */
export interface TokenLike {
  readonly payload?: Readonly<Record<string, unknown>>;
  toString(): string;
}

/** The access and id tokens of a signed-in user. */
export interface SessionTokens {
  readonly accessToken: TokenLike;
  readonly idToken?: TokenLike;
}

/** What the data client needs from auth-core (its Amplify-shaped functions). */
export interface AuthPort {
  fetchAuthSession(): Promise<{ tokens?: SessionTokens }>;
  fetchUserAttributes(): Promise<Readonly<Record<string, string | undefined>>>;
  getCurrentUser(): Promise<{ userId: string; username: string }>;
}

/** Epoch seconds of a date. */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
