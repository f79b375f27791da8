/** Refresh this long before expiry, so a token is not sent in its last seconds (aws-amplify uses 5 s too). */
export const REFRESH_TOLERANCE_MS = 5000;

/** Inputs of the refresh decision; expiries are JWT `exp` values (epoch seconds). */
export interface RefreshDecisionInput {
  /** The id token's exp; undefined when there is no id token (it then never forces a refresh). */
  idExp: number | undefined;
  /** The access token's exp; undefined (a token without exp) always refreshes. */
  accessExp: number | undefined;
  /** Local time, ms. */
  now: number;
  /** Server time minus local time, ms. */
  clockDrift: number;
  forceRefresh?: boolean | undefined;
  toleranceMs?: number | undefined;
}

function expired(exp: number, serverNow: number, tolerance: number): boolean {
  return serverNow + tolerance >= exp * 1000;
}

/**
 * The pure refresh decision: refresh when forced, or when the id or access token has expired by
 * the server's clock (local time plus drift), within the tolerance.
 */
export function shouldRefresh(input: RefreshDecisionInput): boolean {
  if (input.forceRefresh === true) return true;
  const serverNow = input.now + input.clockDrift;
  const tolerance = input.toleranceMs ?? REFRESH_TOLERANCE_MS;
  if (input.accessExp === undefined || expired(input.accessExp, serverNow, tolerance)) return true;
  return input.idExp !== undefined && expired(input.idExp, serverNow, tolerance);
}
