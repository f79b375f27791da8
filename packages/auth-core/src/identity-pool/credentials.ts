import { CognitoServiceError } from '../errors/auth-errors.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import type { JWT } from '../tokens/jwt.js';
import { guestIdentityIdKey } from '../tokens/storage-keys.js';
import { callIdentityPool } from './identity-pool-client.js';

/** Temporary AWS credentials, aws-amplify v6's AWSCredentials shape. */
export interface AWSCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  expiration?: Date;
}

/** Credentials with the identity they were issued to (aws-amplify v6's shape: a custom provider may leave the id out). */
export interface CredentialsAndIdentityId {
  credentials: AWSCredentials;
  identityId?: string;
}

/** Credentials from the identity pool, which always names the identity. */
export interface IdentityCredentials extends CredentialsAndIdentityId {
  identityId: string;
}

/** Spec section 9: credentials are fetched again after 50 minutes. */
export const CREDENTIALS_TTL_MS = 50 * 60 * 1000;

interface CachedCredentials extends IdentityCredentials {
  /** The id token they were issued for; undefined for guest credentials. */
  idToken: string | undefined;
  fetchedAt: number;
}

interface IdentityState {
  cached?: CachedCredentials;
  inflight?: { idToken: string | undefined; promise: Promise<IdentityCredentials> };
}

type CredentialsRuntime = Pick<AuthRuntime, 'config' | 'fetch' | 'storage' | 'clock'>;

const states = new WeakMap<object, IdentityState>();

function stateOf(runtime: object): IdentityState {
  let state = states.get(runtime);
  if (state === undefined) {
    state = {};
    states.set(runtime, state);
  }
  return state;
}

/**
 * The Logins key for a user-pool id token: its issuer without the scheme, which on AWS is
 * cognito-idp.{region}.amazonaws.com/{userPoolId} and also fits a self-hosted user pool.
 */
export function loginsProviderName(idToken: JWT, runtime: Pick<AuthRuntime, 'config'>): string {
  const iss = idToken.payload.iss;
  if (typeof iss === 'string' && iss !== '') return iss.replace(/^https?:\/\//, '');
  return `cognito-idp.${runtime.config.region}.amazonaws.com/${runtime.config.userPoolId}`;
}

function isFresh(entry: CachedCredentials, idToken: string | undefined, now: number): boolean {
  if (entry.idToken !== idToken) return false;
  if (now >= entry.fetchedAt + CREDENTIALS_TTL_MS) return false;
  return entry.credentials.expiration === undefined || now < entry.credentials.expiration.getTime();
}

function invalidResponse(operation: string): CognitoServiceError {
  return new CognitoServiceError({
    name: 'UnknownError',
    message: `${operation} answered without the expected fields.`,
    httpStatusCode: 200,
    service: 'identity-pool',
    operation,
  });
}

async function fetchCredentials(runtime: CredentialsRuntime, idToken: JWT | undefined): Promise<IdentityCredentials> {
  const identityPoolId = runtime.config.identityPoolId ?? '';
  const logins = idToken === undefined ? undefined : { [loginsProviderName(idToken, runtime)]: idToken.toString() };
  const guestKey = guestIdentityIdKey(identityPoolId);

  let identityId = idToken === undefined ? await runtime.storage.getItem(guestKey) : null;
  if (identityId === null) {
    const response = await callIdentityPool(runtime, 'GetId', { IdentityPoolId: identityPoolId, ...(logins ? { Logins: logins } : {}) });
    if (!response.IdentityId) throw invalidResponse('GetId');
    identityId = response.IdentityId;
    // A guest identity is kept across reloads; a signed-in user's identity comes from their token.
    if (idToken === undefined) await runtime.storage.setItem(guestKey, identityId);
    else await runtime.storage.removeItem(guestKey);
  }

  const response = await callIdentityPool(runtime, 'GetCredentialsForIdentity', {
    IdentityId: identityId,
    ...(logins ? { Logins: logins } : {}),
  });
  const raw = response.Credentials;
  if (!raw?.AccessKeyId || !raw.SecretKey) throw invalidResponse('GetCredentialsForIdentity');
  const credentials: AWSCredentials = { accessKeyId: raw.AccessKeyId, secretAccessKey: raw.SecretKey };
  if (raw.SessionToken) credentials.sessionToken = raw.SessionToken;
  if (typeof raw.Expiration === 'number') credentials.expiration = new Date(raw.Expiration * 1000);
  return { credentials, identityId: response.IdentityId ?? identityId };
}

/**
 * AWS credentials from the identity pool: for the signed-in user when `idToken` is given, else
 * guest credentials only when allowGuestAccess is configured (else undefined). Cached per runtime
 * and fetched again after 50 minutes, on expiry, when the user changes, or when forced.
 */
export async function getCredentialsAndIdentityId(
  runtime: CredentialsRuntime,
  options: { idToken?: JWT | undefined; forceRefresh?: boolean | undefined } = {},
): Promise<IdentityCredentials | undefined> {
  if (runtime.config.identityPoolId === undefined) return undefined;
  const { idToken } = options;
  if (idToken === undefined && !runtime.config.allowGuestAccess) return undefined;

  const state = stateOf(runtime);
  const tokenText = idToken?.toString();
  const now = runtime.clock.now();
  if (options.forceRefresh !== true && state.cached !== undefined && isFresh(state.cached, tokenText, now)) {
    const { credentials, identityId } = state.cached;
    return { credentials, identityId };
  }
  if (state.inflight !== undefined && state.inflight.idToken === tokenText) return state.inflight.promise;

  const promise = fetchCredentials(runtime, idToken).then((fresh) => {
    state.cached = { ...fresh, idToken: tokenText, fetchedAt: runtime.clock.now() };
    return fresh;
  });
  const inflight = { idToken: tokenText, promise };
  state.inflight = inflight;
  try {
    return await promise;
  } finally {
    if (state.inflight === inflight) delete state.inflight;
  }
}

/** Forgets cached credentials (on sign-out); the stored guest identity id stays. */
export function clearCredentials(runtime: object): void {
  states.delete(runtime);
}
