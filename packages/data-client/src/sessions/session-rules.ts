import type { EntityRecord } from '../graphql/entity-fields.js';
import type { SessionTokens } from '../client/ports.js';

/** Session length when the user's config does not override it (spec section 9). */
export const DEFAULT_SESSION_LENGTH_SECONDS = 3600;

function parseJson(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function sessionLengthIn(config: unknown): number | undefined {
  // The config may be an object or an array whose first element holds the settings.
  const holder: unknown = Array.isArray(config) ? config[0] : config;
  if (holder === null || typeof holder !== 'object') return undefined;
  const raw = (holder as Record<string, unknown>).sessionLength;
  const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The session length in seconds: sessionLength of the first config JSON that has a valid one
 * (a positive whole number, possibly as text), else 3600.
 */
export function sessionLengthFrom(...configJsons: readonly (string | null | undefined)[]): number {
  for (const json of configJsons) {
    const found = sessionLengthIn(parseJson(json));
    if (found !== undefined) return found;
  }
  return DEFAULT_SESSION_LENGTH_SECONDS;
}

/** When a session ends (epoch seconds): sessionEnd, else start + length, else undefined. */
export function sessionEndOf(session: Pick<EntityRecord<'SessionMdl'>, 'sessionEnd' | 'sessionStart' | 'sessionLength'>): number | undefined {
  if (session.sessionEnd !== null) return session.sessionEnd;
  if (session.sessionStart !== null) return session.sessionStart + (session.sessionLength ?? DEFAULT_SESSION_LENGTH_SECONDS);
  return undefined;
}

/** Expired means now is not before the end time (a session without any end time is expired). */
export function isSessionExpired(session: Pick<EntityRecord<'SessionMdl'>, 'sessionEnd' | 'sessionStart' | 'sessionLength'>, nowSeconds: number): boolean {
  const end = sessionEndOf(session);
  return end === undefined || !(nowSeconds < end);
}

/** The newest of the sessions by start time (then creation time), or undefined. */
export function newestSession<S extends Pick<EntityRecord<'SessionMdl'>, 'sessionStart' | 'createdAt'>>(sessions: readonly S[]): S | undefined {
  let newest: S | undefined;
  for (const s of sessions) {
    if (newest === undefined) newest = s;
    else {
      const a = s.sessionStart ?? 0;
      const b = newest.sessionStart ?? 0;
      if (a > b || (a === b && s.createdAt > newest.createdAt)) newest = s;
    }
  }
  return newest;
}

/**
 * What sessionData holds: by default a summary of which tokens are present and when they expire
 * (tokens are credentials and do not belong in a table); the raw tokens only when opted in.
 */
export function sessionDataOf(tokens: SessionTokens | undefined, storeRawTokens: boolean): string {
  if (storeRawTokens && tokens !== undefined) {
    return JSON.stringify({ accessToken: tokens.accessToken.toString(), idToken: tokens.idToken?.toString() ?? null });
  }
  const exp = (t: SessionTokens['accessToken'] | undefined): number | null => {
    const value = t?.payload?.exp;
    return typeof value === 'number' ? value : null;
  };
  return JSON.stringify({
    hasAccessToken: tokens !== undefined,
    hasIdToken: tokens?.idToken !== undefined,
    accessTokenExpiresAt: exp(tokens?.accessToken),
    idTokenExpiresAt: exp(tokens?.idToken),
  });
}
