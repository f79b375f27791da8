// Threat: refresh-token replay raced across server processes. A thief and the user refreshing one
// token at the same moment, through two processes on one PostgreSQL, must not both end up with a
// working token family: each rotation is one conditional UPDATE, so exactly one request rotates and
// the others find the token replaced (reuse with a grace period of 0: the sign-in is revoked).
// The default client rotates here through configuration (REFRESH_TOKEN_ROTATION), in both processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/tokens/token-service.js';
import { issueTokensFor } from '../harness.js';
import { callAt, startTwoProcesses, type TwoProcesses } from '../server-process.js';
import { createRotatingClient, signInThrough } from './app-client-fixtures.js';

const CONCURRENT = 20;

describe('refresh-token rotation across two server processes on one PostgreSQL', () => {
  let two: TwoProcesses;

  beforeAll(async () => {
    two = await startTwoProcesses({ REFRESH_TOKEN_ROTATION: 'enabled', REFRESH_TOKEN_ROTATION_GRACE_SECONDS: '0', CLIENT_REQUEST_LIMIT: '0', MANAGED_LOGIN: 'false' });
  }, 90_000);
  afterAll(async () => {
    await two?.close();
  });

  /** GetTokensFromRefreshToken through the harness's process (even i) or the other process (odd i). */
  const refreshVia = (i: number, clientId: string, refreshToken: string) =>
    i % 2 === 0
      ? two.server.call('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: refreshToken })
      : callAt(two.other.url, 'GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: refreshToken });

  it('with a grace period of 0: exactly one of 20 concurrent refreshes succeeds, the others are reuse, and the sign-in is revoked in both', async () => {
    const { server, other } = two;
    const signedIn = await issueTokensFor(server, 'staff');
    const replies = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => refreshVia(i, server.pool.clientId, signedIn.RefreshToken)));
    const succeeded = replies.filter((r) => r.status === 200);
    expect(succeeded, JSON.stringify(replies.map((r) => r.body.__type ?? r.status))).toHaveLength(1);
    expect(replies.filter((r) => r.body.__type === 'RefreshTokenReuseException')).toHaveLength(CONCURRENT - 1);
    const winner = succeeded[0]?.body.AuthenticationResult as { AccessToken: string; RefreshToken: string };
    for (const url of [server.url, other.url]) {
      expect((await callAt(url, 'GetUser', { AccessToken: winner.AccessToken })).body).toMatchObject({ __type: 'NotAuthorizedException', message: 'Access Token has been revoked' });
      expect((await callAt(url, 'GetTokensFromRefreshToken', { ClientId: server.pool.clientId, RefreshToken: winner.RefreshToken })).body.__type).toBe('NotAuthorizedException');
    }
  });

  it('inside a grace period: all 20 succeed with distinct tokens, exactly one current, every replaced one recorded', async () => {
    const { server } = two;
    const { ClientId } = await createRotatingClient(server, 30);
    const signedIn = await signInThrough(server, ClientId, 'staff');
    const replies = await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => refreshVia(i, ClientId, signedIn.RefreshToken)));
    expect(replies.map((r) => r.status)).toEqual(Array.from({ length: CONCURRENT }, () => 200));
    const tokens = replies.map((r) => (r.body.AuthenticationResult as { RefreshToken: string }).RefreshToken);
    expect(new Set(tokens).size).toBe(CONCURRENT);
    const rows = await server.db.query<{ token_hash: string; replaced: number }>(
      `SELECT r.token_hash, (SELECT count(*)::int FROM rotated_refresh_tokens g WHERE g.origin_jti = r.origin_jti) AS replaced
         FROM refresh_tokens r WHERE r.origin_jti = (SELECT origin_jti FROM rotated_refresh_tokens WHERE token_hash = $1)`,
      [hashToken(signedIn.RefreshToken)],
    );
    expect(tokens.filter((t) => hashToken(t) === rows[0]?.token_hash)).toHaveLength(1);
    expect(rows[0]?.replaced).toBe(CONCURRENT);
  });
});
