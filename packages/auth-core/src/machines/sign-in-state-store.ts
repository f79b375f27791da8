// The sign-in state (spec section 3: username, challengeName, signInSession, plus what the waiting
// step needs) kept in the runtime's storage for 3 minutes (section 9), so confirmSignIn works after a
// page reload. Secrets (password, SRP values, the TOTP shared secret) are never written.
import type { ChallengeNameType } from '../cognito/user-pool-operations.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { CognitoAuthSignInDetails } from '../tokens/token-store.js';
import type { PendingChallenge } from './challenges/sign-in-steps.js';
import { signInStateKey } from './sign-in-state-key.js';

/** How long a pending sign-in can be continued: Cognito's session lifetime, 3 minutes. */
export const SIGN_IN_STATE_TTL_MS = 3 * 60 * 1000;

export { signInStateKey };

/** A pending sign-in as stored. */
export interface PersistedSignInState {
  /** The sign-in's username (USERNAME of the first answer, else the login; see activeUsername). */
  username: string;
  challengeName: ChallengeNameType;
  signInSession: string;
  /** Epoch ms at which the state stops being usable. */
  expiresAt: number;
  signInDetails?: CognitoAuthSignInDetails | undefined;
  /** The challenge parameters the waiting step shows (code destination, MFA lists, custom challenge data). */
  challengeParameters: Record<string, string>;
  availableChallenges?: ChallengeNameType[] | undefined;
}

/** Challenge parameters worth keeping; a custom challenge keeps all of its own (they are its additionalInfo). */
const KEPT_PARAMETERS = ['CODE_DELIVERY_DELIVERY_MEDIUM', 'CODE_DELIVERY_DESTINATION', 'MFAS_CAN_CHOOSE', 'MFAS_CAN_SETUP', 'requiredAttributes'];

function keptParameters(challenge: PendingChallenge): Record<string, string> {
  if (challenge.name === 'CUSTOM_CHALLENGE') return { ...challenge.parameters };
  const kept: Record<string, string> = {};
  for (const name of KEPT_PARAMETERS) {
    const value = challenge.parameters[name];
    if (value !== undefined) kept[name] = value;
  }
  return kept;
}

/** True when a state that expires at `expiresAt` can no longer be used at `now` (expiry is exclusive). */
export function isSignInStateExpired(expiresAt: number, now: number): boolean {
  return !(now < expiresAt);
}

/** What saveSignInState stores. */
export interface SignInStateToSave {
  username: string;
  challenge: PendingChallenge;
  signInDetails?: CognitoAuthSignInDetails | undefined;
}

type StoreRuntime = Pick<AuthRuntime, 'config' | 'storage' | 'clock'>;

/** Stores the pending sign-in, valid for SIGN_IN_STATE_TTL_MS from now; a challenge without a session is not stored. */
export async function saveSignInState(runtime: StoreRuntime, state: SignInStateToSave): Promise<void> {
  const session = state.challenge.session;
  if (session === undefined || session === '') {
    await clearSignInState(runtime);
    return;
  }
  const persisted: PersistedSignInState = {
    username: state.username,
    challengeName: state.challenge.name,
    signInSession: session,
    expiresAt: runtime.clock.now() + SIGN_IN_STATE_TTL_MS,
    challengeParameters: keptParameters(state.challenge),
  };
  if (state.signInDetails !== undefined) persisted.signInDetails = state.signInDetails;
  if (state.challenge.availableChallenges !== undefined) persisted.availableChallenges = [...state.challenge.availableChallenges];
  await runtime.storage.setItem(signInStateKey(runtime.config.userPoolClientId), JSON.stringify(persisted));
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string');
}

function parseState(text: string): PersistedSignInState | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const state = value as Partial<PersistedSignInState>;
  const valid =
    typeof state.username === 'string' &&
    state.username !== '' &&
    typeof state.challengeName === 'string' &&
    typeof state.signInSession === 'string' &&
    state.signInSession !== '' &&
    typeof state.expiresAt === 'number' &&
    Number.isFinite(state.expiresAt) &&
    isStringRecord(state.challengeParameters) &&
    (state.availableChallenges === undefined || (Array.isArray(state.availableChallenges) && state.availableChallenges.every((c) => typeof c === 'string')));
  return valid ? (state as PersistedSignInState) : undefined;
}

/**
 * The pending sign-in, or null when there is none, it is malformed, or it expired (those are
 * removed, so an expired session never lingers in storage).
 */
export async function loadSignInState(runtime: StoreRuntime): Promise<PersistedSignInState | null> {
  const text = await runtime.storage.getItem(signInStateKey(runtime.config.userPoolClientId));
  if (text === null) return null;
  const state = parseState(text);
  if (state === undefined || isSignInStateExpired(state.expiresAt, runtime.clock.now())) {
    await clearSignInState(runtime);
    return null;
  }
  return state;
}

/** Removes the pending sign-in. */
export async function clearSignInState(runtime: Pick<AuthRuntime, 'config' | 'storage'>): Promise<void> {
  await runtime.storage.removeItem(signInStateKey(runtime.config.userPoolClientId));
}

/** The pending challenge a stored state describes. */
export function challengeOfState(state: PersistedSignInState): PendingChallenge {
  const challenge: PendingChallenge = { name: state.challengeName, session: state.signInSession, parameters: { ...state.challengeParameters } };
  if (state.availableChallenges !== undefined) challenge.availableChallenges = [...state.availableChallenges];
  return challenge;
}
