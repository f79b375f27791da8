// What the app client allows: its explicit auth flows and, for clients with a secret, SECRET_HASH.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { fail } from '../../../errors/catalogue.js';
import type { ClientRecord } from '../../pools/pool-repository.js';
import type { AuthFlow } from './sign-in-state.js';

const FLOW_SETTING: Record<AuthFlow, string> = {
  USER_SRP_AUTH: 'ALLOW_USER_SRP_AUTH',
  USER_PASSWORD_AUTH: 'ALLOW_USER_PASSWORD_AUTH',
  CUSTOM_AUTH: 'ALLOW_CUSTOM_AUTH',
  USER_AUTH: 'ALLOW_USER_AUTH',
  REFRESH_TOKEN_AUTH: 'ALLOW_REFRESH_TOKEN_AUTH',
  REFRESH_TOKEN: 'ALLOW_REFRESH_TOKEN_AUTH',
};

/** InvalidParameterException unless the client's ExplicitAuthFlows allow `flow` (Cognito's wording). */
export function assertFlowAllowed(client: ClientRecord, flow: AuthFlow): void {
  if (!client.explicitAuthFlows.includes(FLOW_SETTING[flow])) throw fail('InvalidParameterException', `${flow} flow not enabled for this client`);
}

/** SECRET_HASH = base64(HMAC-SHA256(client secret, username + client id)). */
export function secretHash(clientSecret: string, username: string, clientId: string): string {
  return createHmac('sha256', clientSecret).update(`${username}${clientId}`).digest('base64');
}

/**
 * For a client with a secret: NotAuthorizedException unless `given` is the SECRET_HASH of one of
 * `usernames` (the name the client sent, or the canonical username). Public clients pass.
 */
export function assertSecretHash(client: ClientRecord, usernames: readonly string[], given: string | undefined): void {
  if (client.secret === null) return;
  if (given === undefined || given === '') throw fail('NotAuthorizedException', `Client ${client.id} is configured for secret but secret was not received`);
  const received = Buffer.from(given);
  const matches = usernames.some((name) => {
    const expected = Buffer.from(secretHash(client.secret ?? '', name, client.id));
    return expected.length === received.length && timingSafeEqual(expected, received);
  });
  if (!matches) throw fail('NotAuthorizedException', `Unable to verify secret hash for client ${client.id}`);
}

/** A required AuthParameters / ChallengeResponses entry; InvalidParameterException 'Missing required parameter X' when absent or empty. */
export function requireParameter(parameters: Readonly<Record<string, string>>, name: string): string {
  const value = parameters[name];
  if (value === undefined || value === '') throw fail('InvalidParameterException', `Missing required parameter ${name}`);
  return value;
}
