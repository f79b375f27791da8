// A sign-in in progress on the hosted page, kept on the server between its forms
// (hosted_login_flows). The page carries only an opaque random id; the row is keyed by its SHA-256,
// bound to the browser that started it (SHA-256 of its CSRF cookie), and its state — above all the
// Cognito Session string, which must never reach the browser — is sealed with DATA_SEALING_SECRET
// under associated data naming the row.
import { createHash, randomBytes } from 'node:crypto';
import { SealedValueError } from '../../sealing/secret-box.js';
import { browserHash, type Browser } from './csrf.js';
import type { PageContext } from './page-route.js';

/** How long a sign-in may stay on one form (its challenge session ends sooner: AUTH_SESSION_TTL_SECONDS). */
export const PENDING_SIGN_IN_TTL_SECONDS = 900;

/** The hidden field that carries the id. */
export const FLOW_FIELD = 'flow';

/** Which form of the sign-in is showing (a challenge, or a part of MFA_SETUP). */
export type StepPageName =
  | 'SELECT_MFA_TYPE'
  | 'SOFTWARE_TOKEN_MFA'
  | 'SMS_MFA'
  | 'EMAIL_OTP'
  | 'SMS_OTP'
  | 'MFA_SETUP'
  | 'MFA_SETUP_TOTP'
  | 'MFA_SETUP_EMAIL'
  | 'NEW_PASSWORD_REQUIRED'
  | 'WEB_AUTHN'
  | 'SELECT_CHALLENGE';

/** What the server remembers of a sign-in between two forms. */
export interface PendingSignIn {
  /** The authorize query the sign-in finishes with. */
  readonly query: Readonly<Record<string, string>>;
  readonly clientId: string;
  /** The name as typed on the sign-in form (shown, and prefilled if the sign-in must restart). */
  readonly login: string;
  /** USERNAME of the challenge answers (USER_ID_FOR_SRP: the user's sub). */
  readonly userIdForSrp: string;
  readonly page: StepPageName;
  /** The challenge the Cognito session waits at, its Session string and parameters. */
  readonly challenge: string;
  readonly session: string;
  readonly parameters: Readonly<Record<string, string>>;
  readonly availableChallenges?: readonly string[];
  /** MFA_SETUP with an authenticator app: the secret AssociateSoftwareToken gave, shown again with an error. */
  readonly totpSecret?: string;
}

function idHash(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}

const boundTo = (hash: string): string => `hosted-login-flow:${hash}`;

/** Stores a new pending sign-in for this browser; returns the id its forms carry. */
export async function createPendingSignIn(page: PageContext, poolId: string, browser: Browser, state: PendingSignIn): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const hash = idHash(id);
  const now = page.steward.clock.now();
  await page.steward.db.query(
    'INSERT INTO hosted_login_flows (id_hash, pool_id, browser_hash, state, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [hash, poolId, browserHash(browser.id), page.steward.secrets.seal(boundTo(hash), JSON.stringify(state)), new Date(now.getTime() + PENDING_SIGN_IN_TTL_SECONDS * 1000), now],
  );
  return id;
}

/** The pending sign-in `id` names, if it is live and was started by this browser. */
export async function loadPendingSignIn(page: PageContext, id: string | undefined, browser: Browser): Promise<PendingSignIn | undefined> {
  if (id === undefined || !/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  const hash = idHash(id);
  const rows = await page.steward.db.query<{ state: string }>('SELECT state FROM hosted_login_flows WHERE id_hash = $1 AND browser_hash = $2 AND expires_at > $3', [
    hash,
    browserHash(browser.id),
    page.steward.clock.now(),
  ]);
  const row = rows[0];
  if (row === undefined) return undefined;
  try {
    return JSON.parse(page.steward.secrets.open(boundTo(hash), row.state)) as PendingSignIn;
  } catch (error) {
    // Sealed under a secret no longer configured: the sign-in starts again.
    if (error instanceof SealedValueError) return undefined;
    throw error;
  }
}

/** Replaces the state of a pending sign-in (the next form), restarting its time. */
export async function savePendingSignIn(page: PageContext, id: string, state: PendingSignIn): Promise<void> {
  const hash = idHash(id);
  const now = page.steward.clock.now();
  await page.steward.db.query('UPDATE hosted_login_flows SET state = $2, expires_at = $3 WHERE id_hash = $1', [
    hash,
    page.steward.secrets.seal(boundTo(hash), JSON.stringify(state)),
    new Date(now.getTime() + PENDING_SIGN_IN_TTL_SECONDS * 1000),
  ]);
}

/** Forgets a pending sign-in (finished, or over). */
export async function endPendingSignIn(page: PageContext, id: string): Promise<void> {
  await page.steward.db.query('DELETE FROM hosted_login_flows WHERE id_hash = $1', [idHash(id)]);
}
