// Passkeys: registration (StartWebAuthnRegistration / CompleteWebAuthnRegistration), listing and
// deleting, and USER_AUTH's WEB_AUTHN first factor, with a software authenticator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';
import { advance, AUTH_TEST_ENV, createTestUser, expectError, params, respond, session, signInWithTotp, tokens, totpAt, type Reply, type TestUser } from './auth-fixtures.js';
import { SoftwarePasskey } from './software-authenticator.js';

describe('passkeys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: 'postgres', env: AUTH_TEST_ENV });
  });
  afterAll(async () => server.close());
  // The page's origin: browsers refuse an IP address as RP id, so the loopback server is used as localhost.
  const pageOrigin = (): string => server.url.replace('127.0.0.1', 'localhost');

  async function registerPasskey(accessToken: string, passkey: SoftwarePasskey, origin = pageOrigin()): Promise<Reply> {
    const started = await server.call('StartWebAuthnRegistration', { AccessToken: accessToken });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const options = started.body.CredentialCreationOptions as { challenge: string; rp: { id: string; name: string }; user: { name: string } };
    return server.call('CompleteWebAuthnRegistration', { AccessToken: accessToken, Credential: passkey.register(options, origin) });
  }

  async function userWithPasskey(): Promise<{ user: TestUser; passkey: SoftwarePasskey; accessToken: string }> {
    const user = await createTestUser(server);
    const { AccessToken } = await signInWithTotp(server, user);
    const passkey = new SoftwarePasskey();
    const completed = await registerPasskey(AccessToken, passkey);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    return { user, passkey, accessToken: AccessToken };
  }

  const webAuthnStart = (username: string): Promise<Reply> =>
    server.call('InitiateAuth', { AuthFlow: 'USER_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: username, PREFERRED_CHALLENGE: 'WEB_AUTHN' } });
  const requestOptions = (reply: Reply): { challenge: string; rpId: string; allowCredentials: { id: string }[] } =>
    JSON.parse(params(reply).CREDENTIAL_REQUEST_OPTIONS ?? '') as { challenge: string; rpId: string; allowCredentials: { id: string }[] };

  it('registers a passkey and lists it', async () => {
    const { user, passkey, accessToken } = await userWithPasskey();
    const listed = await server.call('ListWebAuthnCredentials', { AccessToken: accessToken });
    expect(listed.body.Credentials).toEqual([
      expect.objectContaining({ CredentialId: passkey.credentialId, RelyingPartyId: 'localhost', AuthenticatorAttachment: 'platform', AuthenticatorTransports: ['internal'] }),
    ]);
    const start = await server.call('InitiateAuth', { AuthFlow: 'USER_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username } });
    expect(start.body.AvailableChallenges).toEqual(['WEB_AUTHN', 'EMAIL_OTP', 'SMS_OTP', 'PASSWORD', 'PASSWORD_SRP']);
  });

  it('signs in with a user-verified passkey alone, which counts as two factors', async () => {
    const { user, passkey } = await userWithPasskey();
    const start = await webAuthnStart(user.username);
    expect(start.body.ChallengeName).toBe('WEB_AUTHN');
    const options = requestOptions(start);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([passkey.credentialId]);
    const done = await respond(server, 'WEB_AUTHN', session(start), { USERNAME: user.username, CREDENTIAL: passkey.assert(options, pageOrigin()) });
    expect(tokens(done).AccessToken).toBeTruthy();
  });

  it('asks MFA after a passkey that did not verify the user', async () => {
    const { user, passkey } = await userWithPasskey();
    const start = await webAuthnStart(user.username);
    const next = await respond(server, 'WEB_AUTHN', session(start), { USERNAME: user.username, CREDENTIAL: passkey.assert(requestOptions(start), pageOrigin(), { userVerified: false }) });
    expect(next.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    advance(server, 30);
    tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', session(next), { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') }));
  });

  // Threat: a look-alike site relaying the ceremony, a forged signature, or a replayed assertion.
  it('refuses assertions from another origin, with another key, or replayed', async () => {
    const { user, passkey } = await userWithPasskey();
    const start = await webAuthnStart(user.username);
    const options = requestOptions(start);
    expectError(await respond(server, 'WEB_AUTHN', session(start), { USERNAME: user.username, CREDENTIAL: passkey.assert(options, 'https://steward-login.example') }), 'WebAuthnOriginNotAllowedException');
    expectError(await respond(server, 'WEB_AUTHN', session(start), { USERNAME: user.username, CREDENTIAL: passkey.assert(options, pageOrigin(), { signWith: new SoftwarePasskey() }) }), 'NotAuthorizedException', 'The passkey could not be verified.');
    const good = passkey.assert(options, pageOrigin());
    tokens(await respond(server, 'WEB_AUTHN', session(start), { USERNAME: user.username, CREDENTIAL: good }));
    const again = await webAuthnStart(user.username);
    expectError(await respond(server, 'WEB_AUTHN', session(again), { USERNAME: user.username, CREDENTIAL: good }), 'NotAuthorizedException', 'The passkey could not be verified.');
  });

  it('uses a registration challenge once, and refuses a registration from another origin', async () => {
    const user = await createTestUser(server);
    const { AccessToken } = await signInWithTotp(server, user);
    const passkey = new SoftwarePasskey();
    const started = await server.call('StartWebAuthnRegistration', { AccessToken });
    const credential = passkey.register(started.body.CredentialCreationOptions as { challenge: string; rp: { id?: string } }, 'https://evil.example');
    expectError(await server.call('CompleteWebAuthnRegistration', { AccessToken, Credential: credential }), 'WebAuthnOriginNotAllowedException');
    const started2 = await server.call('StartWebAuthnRegistration', { AccessToken });
    const credential2 = passkey.register(started2.body.CredentialCreationOptions as { challenge: string; rp: { id?: string } }, pageOrigin());
    expect((await server.call('CompleteWebAuthnRegistration', { AccessToken, Credential: credential2 })).status).toBe(200);
    expectError(await server.call('CompleteWebAuthnRegistration', { AccessToken, Credential: credential2 }), 'WebAuthnChallengeNotFoundException');
  });

  it('deletes a passkey, after which WEB_AUTHN is no longer offered', async () => {
    const { user, passkey, accessToken } = await userWithPasskey();
    expectError(await server.call('DeleteWebAuthnCredential', { AccessToken: accessToken, CredentialId: 'not-mine' }), 'ResourceNotFoundException');
    expect((await server.call('DeleteWebAuthnCredential', { AccessToken: accessToken, CredentialId: passkey.credentialId })).status).toBe(200);
    const start = await server.call('InitiateAuth', { AuthFlow: 'USER_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username } });
    expect(start.body.AvailableChallenges).not.toContain('WEB_AUTHN');
  });
});
