// User sessions and session configuration through the AWS SDK v3 client, on PGlite and PostgreSQL:
// ListUserSessions, RevokeUserSession, AdminListUserSessions, AdminRevokeUserSession,
// Get/SetUserPoolSessionConfiguration, Get/SetUserPoolClientSessionConfiguration — end to end: a
// revoked session's tokens stop working while the user's other sessions go on, MaxPerUser evicts the
// least recently used session, and a client's SSO validity decides whether managed login reuses a session.
import {
  AdminListUserSessionsCommand,
  AdminRevokeUserSessionCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GetUserPoolClientSessionConfigurationCommand,
  GetUserPoolSessionConfigurationCommand,
  InitiateAuthCommand,
  ListUserSessionsCommand,
  RevokeUserSessionCommand,
  SetUserPoolClientSessionConfigurationCommand,
  SetUserPoolSessionConfigurationCommand,
  type SessionDescriptionType,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesOf } from '../audit/audit-fixtures.js';
import { advance, AUTH_TEST_ENV, createTestUser, type TestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { authorizeUrl, CALLBACK, createOAuthClient, getManual, pkcePair, postForm, signInForCallback } from '../oauth/oauth-fixtures.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

interface Tokens {
  readonly access: string;
  readonly refresh: string;
}

describe.each(BOTH_DATABASES)('user sessions on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
    // No MFA in these sign-ins: they are about what happens after them.
    await server.db.query(`UPDATE user_pools SET mfa_configuration = 'OFF' WHERE id = $1`, [poolId]);
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  const enableTracking = (maxPerUser = 20) =>
    sdk.admin.send(new SetUserPoolSessionConfigurationCommand({ UserPoolId: poolId, UserSessionTracking: 'ENABLED', TokenSession: { MaxPerUser: maxPerUser } }));

  /** A USER_PASSWORD_AUTH sign-in through the default client. */
  async function signIn(user: TestUser): Promise<Tokens> {
    const { AuthenticationResult } = await sdk.admin.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }),
    );
    return { access: AuthenticationResult?.AccessToken ?? '', refresh: AuthenticationResult?.RefreshToken ?? '' };
  }

  /** REFRESH_TOKEN_AUTH: 'no error' or the error's name. */
  async function refresh(tokens: Tokens): Promise<string> {
    const refreshed = sdk.admin.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: server.pool.clientId, AuthParameters: { REFRESH_TOKEN: tokens.refresh } }));
    return (await sdkError(refreshed)).name;
  }

  /** GetUser with the access token: 'no error' or the error's name. */
  async function useAccess(tokens: Tokens): Promise<string> {
    return (await sdkError(sdk.admin.send(new GetUserCommand({ AccessToken: tokens.access })))).name;
  }

  const listOwn = async (tokens: Tokens): Promise<SessionDescriptionType[]> => (await sdk.admin.send(new ListUserSessionsCommand({ AccessToken: tokens.access }))).Sessions ?? [];

  it('keeps Cognito’s defaults until configured, and the session operations need session tracking on', async () => {
    const defaults = await sdk.admin.send(new GetUserPoolSessionConfigurationCommand({ UserPoolId: poolId }));
    expect(defaults).toMatchObject({ UserPoolId: poolId, UserSessionTracking: 'DISABLED', TokenSession: { MaxPerUser: 20 } });
    const user = await createTestUser(server, { mfa: 'none' });
    const tokens = await signIn(user);
    expect((await sdkError(sdk.admin.send(new ListUserSessionsCommand({ AccessToken: tokens.access })))).name).toBe('OperationNotEnabledException');
    expect((await sdkError(sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: user.username })))).name).toBe('OperationNotEnabledException');
    const client = await createOAuthClient(server);
    const refused = sdk.admin.send(new SetUserPoolClientSessionConfigurationCommand({ UserPoolId: poolId, ClientId: client.clientId, SSOSession: { MaxValidityMinutes: 5 } }));
    expect((await sdkError(refused)).name).toBe('OperationNotEnabledException');

    const set = await enableTracking(7);
    expect(set).toMatchObject({ UserPoolId: poolId, UserSessionTracking: 'ENABLED', TokenSession: { MaxPerUser: 7 } });
    expect(await sdk.admin.send(new GetUserPoolSessionConfigurationCommand({ UserPoolId: poolId }))).toMatchObject({ UserSessionTracking: 'ENABLED', TokenSession: { MaxPerUser: 7 } });
    for (const MaxPerUser of [0, 101]) {
      const bad = sdk.admin.send(new SetUserPoolSessionConfigurationCommand({ UserPoolId: poolId, UserSessionTracking: 'ENABLED', TokenSession: { MaxPerUser } }));
      expect((await sdkError(bad)).name).toBe('InvalidParameterException');
    }
    expect((await listOwn(tokens)).length).toBe(1);
    await enableTracking();
  });

  it('revokes one session: its refresh and access tokens stop working, the user’s other session goes on', async () => {
    await enableTracking();
    const user = await createTestUser(server, { mfa: 'none' });
    const phone = await signIn(user);
    advance(server, 5);
    const laptop = await signIn(user);

    const sessions = await listOwn(laptop);
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.SessionType === 'TOKEN' && s.ClientId === server.pool.clientId && /^tkn[0-9a-f]{32}$/.test(s.SessionId ?? ''))).toBe(true);
    // Where each sign-in came from: the address and a device name made from the SDK's User-Agent.
    expect(sessions.every((s) => /127\.0\.0\.1|::1/.test(s.LastIPAddress ?? '') && (s.DeviceType ?? '').startsWith('AWS SDK for JavaScript'))).toBe(true);
    const current = sessions.filter((s) => s.IsCurrentSession === true);
    expect(current).toHaveLength(1);
    const phoneSession = sessions.find((s) => s.IsCurrentSession !== true);
    expect(phoneSession?.CreateDate?.getTime()).toBeLessThan(current[0]?.CreateDate?.getTime() ?? 0);

    // The session the calling token belongs to cannot be revoked this way.
    const own = sdk.admin.send(new RevokeUserSessionCommand({ AccessToken: laptop.access, SessionId: current[0]?.SessionId ?? '' }));
    expect((await sdkError(own)).name).toBe('InvalidParameterException');

    await sdk.admin.send(new RevokeUserSessionCommand({ AccessToken: laptop.access, SessionId: phoneSession?.SessionId ?? '', RevokeAssociatedSessions: 'NONE' }));
    expect(await refresh(phone)).toBe('NotAuthorizedException');
    expect(await useAccess(phone)).toBe('NotAuthorizedException');
    expect(await refresh(laptop)).toBe('no error');
    expect(await useAccess(laptop)).toBe('no error');
    expect((await listOwn(laptop)).map((s) => s.SessionId)).toEqual([current[0]?.SessionId]);

    // Revoked already, someone else's, or not a session id at all.
    const again = sdk.admin.send(new RevokeUserSessionCommand({ AccessToken: laptop.access, SessionId: phoneSession?.SessionId ?? '' }));
    expect((await sdkError(again)).name).toBe('ResourceNotFoundException');
    const other = await signIn(await createTestUser(server, { mfa: 'none' }));
    const otherSession = (await listOwn(other))[0]?.SessionId ?? '';
    expect((await sdkError(sdk.admin.send(new RevokeUserSessionCommand({ AccessToken: laptop.access, SessionId: otherSession })))).name).toBe('ResourceNotFoundException');
    expect(await useAccess(other)).toBe('no error');
    expect((await sdkError(sdk.admin.send(new RevokeUserSessionCommand({ AccessToken: laptop.access, SessionId: 'tkn-not-an-id' })))).name).toBe('ResourceNotFoundException');
    expect((await entriesOf(server, 'session.revoked')).filter((e) => e.subject?.sub === user.sub)).toMatchObject([{ actor: { kind: 'user' }, details: { sessionId: phoneSession?.SessionId } }]);
  });

  it('lets an administrator list and revoke a user’s sessions, with LastActiveDate following refreshes', async () => {
    await enableTracking();
    const user = await createTestUser(server, { mfa: 'none' });
    const first = await signIn(user);
    const second = await signIn(user);
    advance(server, 120);
    expect(await refresh(first)).toBe('no error');

    const { Sessions } = await sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: user.username }));
    expect(Sessions).toHaveLength(2);
    expect(Sessions?.every((s) => s.IsCurrentSession === false)).toBe(true);
    const refreshed = Sessions?.filter((s) => (s.LastActiveDate?.getTime() ?? 0) - (s.CreateDate?.getTime() ?? 0) === 120_000) ?? [];
    expect(refreshed).toHaveLength(1);

    // GetTokensFromRefreshToken counts as use too.
    advance(server, 60);
    await sdk.admin.send(new GetTokensFromRefreshTokenCommand({ ClientId: server.pool.clientId, RefreshToken: second.refresh }));
    const later = (await sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: user.username }))).Sessions ?? [];
    expect(later.map((s) => (s.LastActiveDate?.getTime() ?? 0) - (s.CreateDate?.getTime() ?? 0)).sort((a, b) => a - b)).toEqual([120_000, 180_000]);
    await sdk.admin.send(new AdminRevokeUserSessionCommand({ UserPoolId: poolId, Username: user.username, SessionId: refreshed[0]?.SessionId ?? '' }));
    expect(await refresh(first)).toBe('NotAuthorizedException');
    expect(await useAccess(first)).toBe('NotAuthorizedException');
    expect(await refresh(second)).toBe('no error');
    const events = (await entriesOf(server, 'admin.user.session_revoked')).filter((e) => e.subject?.sub === user.sub);
    expect(events).toMatchObject([{ actor: { kind: 'admin-credential' }, details: { sessionId: refreshed[0]?.SessionId, sessionType: 'TOKEN' } }]);
    expect((await sdkError(sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: 'nobody-here' })))).name).toBe('UserNotFoundException');
    expect((await sdkError(sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: user.username, NextToken: 'more' })))).name).toBe('InvalidParameterException');
  });

  it('applies MaxPerUser: a sign-in beyond it ends the least recently used session, not the others', async () => {
    await enableTracking(2);
    const user = await createTestUser(server, { mfa: 'none' });
    const oldest = await signIn(user);
    advance(server, 10);
    const idle = await signIn(user);
    advance(server, 10);
    // The oldest sign-in is used again: the idle one is now the least recently used.
    expect(await refresh(oldest)).toBe('no error');
    advance(server, 10);
    const newest = await signIn(user);

    expect(await refresh(idle)).toBe('NotAuthorizedException');
    expect(await useAccess(idle)).toBe('NotAuthorizedException');
    expect([await refresh(oldest), await refresh(newest)]).toEqual(['no error', 'no error']);
    expect(await listOwn(newest)).toHaveLength(2);
    expect((await entriesOf(server, 'session.evicted')).filter((e) => e.subject?.sub === user.sub)).toMatchObject([{ actor: { kind: 'system' }, details: { sessionsEnded: 1 } }]);

    // With tracking off, no limit applies.
    await sdk.admin.send(new SetUserPoolSessionConfigurationCommand({ UserPoolId: poolId, UserSessionTracking: 'DISABLED', TokenSession: { MaxPerUser: 2 } }));
    await signIn(user);
    expect([await refresh(oldest), await refresh(newest)]).toEqual(['no error', 'no error']);
    await enableTracking();
  });

  describe('managed-login (SSO) sessions', () => {
    /** /oauth2/authorize of `clientId` in the browser holding `cookie`: where it sends the browser. */
    async function authorizeWith(clientId: string, cookie: string): Promise<string> {
      const response = await getManual(
        authorizeUrl(server, { response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, scope: 'openid', state: 's', code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }),
        { cookie },
      );
      expect(response.status).toBe(302);
      return response.headers.get('location') ?? '';
    }
    const silent = (location: string) => location.startsWith(CALLBACK) && new URL(location).searchParams.has('code');

    /** Signs in on the hosted page through `clientId` and exchanges the code: the browser's cookie and the token session's refresh token. */
    async function hostedSignIn(user: TestUser, clientId: string): Promise<{ cookie: string; refreshToken: string }> {
      const pkce = pkcePair();
      const { callback, cookies } = await signInForCallback(server, user, {
        response_type: 'code', client_id: clientId, redirect_uri: CALLBACK, scope: 'openid', state: 's', code_challenge: pkce.challenge, code_challenge_method: 'S256',
      });
      const token = await postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'authorization_code', client_id: clientId, code: callback.searchParams.get('code') ?? '', redirect_uri: CALLBACK, code_verifier: pkce.verifier });
      expect(token.status).toBe(200);
      return { cookie: cookies.header(), refreshToken: String(token.body.refresh_token) };
    }
    const refreshAtTokenEndpoint = (clientId: string, refreshToken: string) => postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken });

    it('with LINKED, revoking a token session made through managed login ends its SSO session too, and the other way round', async () => {
      await enableTracking();
      const client = await createOAuthClient(server);
      const user = await createTestUser(server, { mfa: 'none' });
      const first = await hostedSignIn(user, client.clientId);
      const tokenSession = ((await sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: user.username }))).Sessions ?? []).find((s) => s.SessionType === 'TOKEN');
      await sdk.admin.send(new AdminRevokeUserSessionCommand({ UserPoolId: poolId, Username: user.username, SessionId: tokenSession?.SessionId ?? '', RevokeAssociatedSessions: 'LINKED' }));
      expect((await refreshAtTokenEndpoint(client.clientId, first.refreshToken)).status).toBe(400);
      expect(await authorizeWith(client.clientId, first.cookie)).toMatch(/^\/login\?/);

      const second = await hostedSignIn(user, client.clientId);
      const sso = ((await sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: user.username }))).Sessions ?? []).find((s) => s.SessionType === 'SSO');
      await sdk.admin.send(new AdminRevokeUserSessionCommand({ UserPoolId: poolId, Username: user.username, SessionId: sso?.SessionId ?? '', RevokeAssociatedSessions: 'LINKED' }));
      expect((await refreshAtTokenEndpoint(client.clientId, second.refreshToken)).status).toBe(400);
      expect((await sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: user.username }))).Sessions).toEqual([]);
      const events = (await entriesOf(server, 'admin.user.session_revoked')).filter((e) => e.subject?.sub === user.sub);
      expect(events.map((e) => e.details?.sessionsEnded)).toEqual([2, 2]);
    });

    it('reuses a managed-login session per client for its SSO MaxValidityMinutes, lists it as SSO, and ends it when revoked', async () => {
      await enableTracking();
      const [longer, never, byDefault] = [await createOAuthClient(server), await createOAuthClient(server), await createOAuthClient(server)];
      expect(await sdk.admin.send(new GetUserPoolClientSessionConfigurationCommand({ UserPoolId: poolId, ClientId: byDefault.clientId }))).toMatchObject({
        ClientId: byDefault.clientId,
        SSOSession: { MaxValidityMinutes: 60 },
      });
      const set = await sdk.admin.send(new SetUserPoolClientSessionConfigurationCommand({ UserPoolId: poolId, ClientId: longer.clientId, SSOSession: { MaxValidityMinutes: 120 } }));
      expect(set).toMatchObject({ UserPoolId: poolId, ClientId: longer.clientId, SSOSession: { MaxValidityMinutes: 120 } });
      await sdk.admin.send(new SetUserPoolClientSessionConfigurationCommand({ UserPoolId: poolId, ClientId: never.clientId, SSOSession: { MaxValidityMinutes: 0 } }));
      expect((await sdk.admin.send(new GetUserPoolClientSessionConfigurationCommand({ UserPoolId: poolId, ClientId: never.clientId }))).SSOSession?.MaxValidityMinutes).toBe(0);
      const tooLong = sdk.admin.send(new SetUserPoolClientSessionConfigurationCommand({ UserPoolId: poolId, ClientId: never.clientId, SSOSession: { MaxValidityMinutes: 129601 } }));
      expect((await sdkError(tooLong)).name).toBe('InvalidParameterException');

      const user = await createTestUser(server, { mfa: 'none' });
      const { cookie, refreshToken } = await hostedSignIn(user, longer.clientId);
      expect(silent(await authorizeWith(longer.clientId, cookie))).toBe(true);
      expect(silent(await authorizeWith(byDefault.clientId, cookie))).toBe(true);
      expect(await authorizeWith(never.clientId, cookie)).toMatch(/^\/login\?/);

      // 61 minutes on: past the default hour, within the two hours of the longer client.
      advance(server, 61 * 60);
      expect(await authorizeWith(byDefault.clientId, cookie)).toMatch(/^\/login\?/);
      expect(silent(await authorizeWith(longer.clientId, cookie))).toBe(true);

      const { Sessions } = await sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: user.username }));
      const sso = Sessions?.filter((s) => s.SessionType === 'SSO') ?? [];
      expect(sso).toHaveLength(1);
      expect(sso[0]?.SessionId).toMatch(/^sso[0-9a-f]{32}$/);
      // The code exchange made a token session through it.
      expect(Sessions?.filter((s) => s.SessionType === 'TOKEN').map((s) => [s.ClientId, s.OriginSessionId])).toEqual([[longer.clientId, sso[0]?.SessionId]]);
      await sdk.admin.send(new AdminRevokeUserSessionCommand({ UserPoolId: poolId, Username: user.username, SessionId: sso[0]?.SessionId ?? '' }));
      expect(await authorizeWith(longer.clientId, cookie)).toMatch(/^\/login\?/);
      // NONE: the token session made through it goes on.
      expect((await refreshAtTokenEndpoint(longer.clientId, refreshToken)).status).toBe(200);
      expect((await sdk.admin.send(new AdminListUserSessionsCommand({ UserPoolId: poolId, Username: user.username }))).Sessions?.filter((s) => s.SessionType === 'SSO')).toEqual([]);
      const configured = (await entriesOf(server, 'admin.session_configuration.set')).filter((e) => e.record?.id === longer.clientId);
      expect(configured[0]?.changes).toMatchObject({ ssoMaxValidityMinutes: { before: 60, after: 120 } });
    });
  });

  // Threat: anyone who can reach the server reading or ending a user's sessions, or changing how long they last.
  it('keeps the Admin* and configuration operations admin-only', async () => {
    const user = await createTestUser(server, { mfa: 'none' });
    await expectAdminOnly(server, sdk, 'AdminListUserSessions', { UserPoolId: poolId, Username: user.username });
    await expectAdminOnly(server, sdk, 'AdminRevokeUserSession', { UserPoolId: poolId, Username: user.username, SessionId: `tkn${'0'.repeat(32)}` });
    await expectAdminOnly(server, sdk, 'GetUserPoolSessionConfiguration', { UserPoolId: poolId });
    await expectAdminOnly(server, sdk, 'SetUserPoolSessionConfiguration', { UserPoolId: poolId, UserSessionTracking: 'DISABLED', TokenSession: { MaxPerUser: 1 } });
    await expectAdminOnly(server, sdk, 'GetUserPoolClientSessionConfiguration', { UserPoolId: poolId, ClientId: server.pool.clientId });
    await expectAdminOnly(server, sdk, 'SetUserPoolClientSessionConfiguration', { UserPoolId: poolId, ClientId: server.pool.clientId, SSOSession: { MaxValidityMinutes: 0 } });
    expect((await sdk.admin.send(new GetUserPoolSessionConfigurationCommand({ UserPoolId: poolId }))).TokenSession?.MaxPerUser).not.toBe(1);
  });

  // Threat: a forged or revoked access token used to list or end the user's sessions.
  it('refuses ListUserSessions and RevokeUserSession without a live access token', async () => {
    await enableTracking();
    const user = await createTestUser(server, { mfa: 'none' });
    const tokens = await signIn(user);
    const forged = `${tokens.access.slice(0, -4)}AAAA`;
    expect((await sdkError(sdk.admin.send(new ListUserSessionsCommand({ AccessToken: forged })))).name).toBe('NotAuthorizedException');
    const other = await signIn(user);
    const target = (await listOwn(other)).find((s) => s.IsCurrentSession !== true)?.SessionId ?? '';
    await sdk.admin.send(new RevokeUserSessionCommand({ AccessToken: other.access, SessionId: target }));
    expect((await sdkError(sdk.admin.send(new ListUserSessionsCommand({ AccessToken: tokens.access })))).name).toBe('NotAuthorizedException');
    expect((await sdkError(sdk.admin.send(new RevokeUserSessionCommand({ AccessToken: tokens.access, SessionId: target })))).name).toBe('NotAuthorizedException');
  });
});
