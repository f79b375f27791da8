// What the app client allows: its explicit auth flows and, for clients with a secret, SECRET_HASH.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { fail } from '../../../errors/catalogue.js';
import type { Caller } from '../../operations/operation-context.js';
import type { ClientRecord } from '../../pools/pool-repository.js';
import type { AuthFlow } from './sign-in-state.js';

const FLOW_SETTING: Record<AuthFlow, string> = {
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  USER_PASSWORD_AUTH: 'ALLOW_USER_PASSWORD_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_AUTH: 'ALLOW_USER_AUTH',
  REFRESH_TOKEN_AUTH: 'ALLOW_REFRESH_TOKEN_AUTH',
  REFRESH_TOKEN: 'ALLOW_REFRESH_TOKEN_AUTH',
  // ADMIN_NO_SRP_AUTH is the older name of the same flow; Cognito allows both with one setting.
  ADMIN_USER_PASSWORD_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
  ADMIN_NO_SRP_AUTH: 'ALLOW_ADMIN_USER_PASSWORD_AUTH',
};

/**
 * InvalidParameterException unless the client's ExplicitAuthFlows allow `flow` (Cognito's wording).
 * A client that rotates refresh tokens refreshes only through GetTokensFromRefreshToken: REFRESH_TOKEN_AUTH
 * would hand out tokens without moving the family on, so Cognito refuses it there whatever the flows say.
 */
export function assertFlowAllowed(client: ClientRecord, flow: AuthFlow): void {
  if (!client.explicitAuthFlows.includes(FLOW_SETTING[flow])) throw fail('InvalidParameterException', `${flow} flow not enabled for this client`);
  if ((flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') && client.refreshTokenRotation.enabled) {
    throw fail('InvalidParameterException', `${flow} flow not enabled for this client: it rotates refresh tokens, refresh with GetTokensFromRefreshToken`);
  }
}

/**
 * For a client with a secret: NotAuthorizedException unless `given` is that secret (GetTokensFromRefreshToken,
 * RevokeToken). Compared as SHA-256 digests in constant time, so neither content nor length shows. Public clients pass.
 */
export function assertClientSecret(client: ClientRecord, given: string | undefined): void {
  if (client.secret === null) return;
  if (given === undefined || given === '') throw fail('NotAuthorizedException', `Client ${client.id} is configured for secret but secret was not received`);
  if (!isActiveSecret(client, given)) throw fail('NotAuthorizedException', `Unable to verify secret for client ${client.id}`);
}

/** Every secret the client accepts now: its secret and, during a rotation, the other active one (none for a public client). */
export function activeSecrets(client: ClientRecord): readonly string[] {
  return client.secret === null ? [] : [client.secret, ...(client.otherSecrets ?? [])];
}

/**
 * Whether `given` is one of the client's active secrets. Compared as SHA-256 digests in constant
 * time, and against every secret without stopping at a match, so neither content, length nor which
 * secret matched shows in the timing.
 */
export function isActiveSecret(client: ClientRecord, given: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  const received = digest(given);
  let matched = false;
  for (const secret of activeSecrets(client)) matched = timingSafeEqual(digest(secret), received) || matched;
  return matched;
}

/**
 * Flows the hosted login page runs for an app client whatever its ExplicitAuthFlows say, as Cognito's
 * hosted UI signs in through any managed-login client: SRP for the password, USER_AUTH for passkeys.
 */
const MANAGED_LOGIN_FLOWS: ReadonlySet<AuthFlow> = new Set<AuthFlow>(['USER_SRP_AUTH', 'USER_AUTH']);

/** InitiateAuth's flow check: assertFlowAllowed, except for the flows the hosted login page (caller kind 'managed-login') runs itself. */
export function assertCallerMayUseFlow(caller: Caller, client: ClientRecord, flow: AuthFlow): void {
  if (caller.kind === 'managed-login' && MANAGED_LOGIN_FLOWS.has(flow)) return;
  assertFlowAllowed(client, flow);
}

/** SECRET_HASH = base64(HMAC-SHA256(client secret, username + client id)). */
export function secretHash(clientSecret: string, username: string, clientId: string): string {
  return createHmac('sha256', clientSecret).update(`${username}${clientId}`).digest('base64');
}

/**
 * For a client with a secret: NotAuthorizedException unless `given` is the SECRET_HASH, under one of
 * its active secrets, of one of `usernames` (the name the client sent, or the canonical username).
 * Public clients pass.
 */
export function assertSecretHash(client: ClientRecord, usernames: readonly string[], given: string | undefined): void {
  if (client.secret === null) return;
  if (given === undefined || given === '') throw fail('NotAuthorizedException', `Client ${client.id} is configured for secret but secret was not received`);
  // Every active secret (a rotation has two) and every name, without stopping at a match.
  const received = createHash('sha256').update(given).digest();
  let matches = false;
  for (const secret of activeSecrets(client)) {
    for (const name of usernames) {
      const expected = createHash('sha256').update(secretHash(secret, name, client.id)).digest();
      matches = timingSafeEqual(expected, received) || matches;
    }
  }
  if (!matches) throw fail('NotAuthorizedException', `Unable to verify secret hash for client ${client.id}`);
}

/** A required AuthParameters / ChallengeResponses entry; InvalidParameterException 'Missing required parameter X' when absent or empty. */
export function requireParameter(parameters: Readonly<Record<string, string>>, name: string): string {
  const value = parameters[name];
  if (value === undefined || value === '') throw fail('InvalidParameterException', `Missing required parameter ${name}`);
  return value;
}
