// The hosted page signs people in by running the pool's own public operations (InitiateAuth,
// RespondToAuthChallenge, AssociateSoftwareToken, SignUp, ForgotPassword…) in-process, through the
// registry, as the caller kind 'managed-login': lockout, user-enumeration defences, MFA rules,
// codes and messages are exactly the JSON API's. The same admission as the wire applies (unknown
// client refused, request rate counted per pool and address), so the page is no way around it.
import type { ClientRecord } from '../../user-pool/pools/pool-repository.js';
import { fromPino } from '../../user-pool/operations/logger.js';
import type { OperationContext } from '../../user-pool/operations/operation-context.js';
import { secretHash } from '../../user-pool/auth/sign-in/app-client-checks.js';
import { admitPublicRequest } from '../../user-pool/wire/known-clients.js';
import type { PageContext } from './page-route.js';

/** Runs a public user-pool operation for this page's browser; a ServiceError is thrown as the JSON API would answer it. */
export async function callOperation(page: PageContext, operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { steward, request } = page;
  const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
  const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined;
  const ctx: OperationContext = {
    ...steward,
    log: fromPino(request.log),
    caller: { kind: 'managed-login', origin: new URL(steward.managedLogin.publicUrl).origin },
    request: { requestId: request.id, ip: request.ip, ...(userAgent !== undefined ? { userAgent } : {}), ...(origin !== undefined ? { origin } : {}) },
  };
  return steward.registry.require('AWSCognitoIdentityProviderService', operation).invoke(ctx, input, admitPublicRequest(steward.limits, page.knownClients, request.ip));
}

/**
 * SECRET_HASH for a client with a secret (the page is the server: it holds the secret), as the
 * `name` parameter the operation expects; nothing for a public client.
 */
export function secretHashFor(client: ClientRecord, username: string, name: 'SECRET_HASH' | 'SecretHash'): Record<string, string> {
  return client.secret === null ? {} : { [name]: secretHash(client.secret, username, client.id) };
}
