// Fixtures of the app-client and refresh-token tests: admin operations run as the CLI runs them,
// app clients with chosen settings, and sign-ins through a chosen client without a sign-in flow.
import { randomUUID } from 'node:crypto';
import type { AuthenticationResult } from '../../src/tokens/token-service.js';
import type { OperationContext } from '../../src/user-pool/operations/operation-context.js';
import { findClient, requirePool } from '../../src/user-pool/pools/pool-repository.js';
import { findUserByLogin } from '../../src/user-pool/users/user-repository.js';
import type { TestServer } from '../harness.js';

/** Runs a registered operation directly, as the CLI does (no SigV4), and returns its answer. */
export async function adminInvoke(server: TestServer, operation: string, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const ctx: OperationContext = { ...server.app.steward, caller: { kind: 'cli' }, request: { requestId: randomUUID(), ip: 'test' } };
  return server.app.steward.registry.require('AWSCognitoIdentityProviderService', operation).invoke(ctx, input);
}

/** The UserPoolClientType of a new app client of the test pool with these CreateUserPoolClient settings. */
export async function createAppClient(server: TestServer, settings: Record<string, unknown> = {}): Promise<{ ClientId: string; ClientSecret?: string } & Record<string, unknown>> {
  const created = await adminInvoke(server, 'CreateUserPoolClient', { UserPoolId: server.pool.userPoolId, ClientName: `client-${randomUUID().slice(0, 8)}`, ...settings });
  return created.UserPoolClient as { ClientId: string; ClientSecret?: string } & Record<string, unknown>;
}

/** A rotating app client (RefreshTokenRotation ENABLED with `grace` seconds), with USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH in its flows. */
export function createRotatingClient(server: TestServer, grace: number, settings: Record<string, unknown> = {}): Promise<{ ClientId: string; ClientSecret?: string }> {
  return createAppClient(server, {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: grace },
    ...settings,
  });
}

/** Tokens of a completed sign-in of `username` through the app client `clientId` (issued as a sign-in would). */
export async function signInThrough(server: TestServer, clientId: string, username: string, deviceKey?: string): Promise<Required<Pick<AuthenticationResult, 'AccessToken' | 'IdToken' | 'RefreshToken'>>> {
  const client = await findClient(server.app.steward, clientId);
  const pool = await requirePool(server.db, server.pool.userPoolId);
  const user = await findUserByLogin(server.db, pool, username);
  if (client === undefined || user === undefined) throw new Error(`no client ${clientId} or user ${username}`);
  const result = await server.app.steward.tokens.issueForSignIn({ client, user, authTime: server.clock.now(), ...(deviceKey !== undefined ? { deviceKey } : {}) });
  return { AccessToken: result.AccessToken, IdToken: result.IdToken, RefreshToken: result.RefreshToken ?? '' };
}

/** GetTokensFromRefreshToken over HTTP. */
export function refreshThrough(server: TestServer, clientId: string, refreshToken: string, extra: Record<string, unknown> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  return server.call('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: refreshToken, ...extra });
}
