// Logs without secrets: a full scenario against a real server (both HTTP origins) with every log
// line captured at the most verbose level (trace), in production mode (codes over SMTP and the SMS
// webhook) and in development mode (the dev outbox). Then every line is searched for every secret
// the scenario saw, and checked for its shape and its request id.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { computeClaimSignature, computePasswordAuthenticationKey, createClientEphemeral, formatCognitoTimestamp, poolNameFromUserPoolId } from '@steward/auth-core/srp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advance, AUTH_TEST_ENV, params, session, totpAt, type Reply } from '../auth/auth-fixtures.js';
import { startSmtp, startWebhook } from '../delivery-servers.js';
import { startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';
import { signInThroughHostedPage } from '../oauth/hosted-login-driver.js';
import { authorizeUrl, basicAuthorization, CALLBACK, pkcePair, postForm } from '../oauth/oauth-fixtures.js';

/** One parsed log line. */
type LogLine = Record<string, unknown> & { level: number; time: number; msg?: string; reqId?: string };

/** Every secret value the scenario saw, and how to find it in a line. */
class Secrets {
  readonly values = new Map<string, string>();

  /** Remembers `value` (under `label`, for the failure message); short values would match by chance and are refused. */
  add(label: string, value: unknown): void {
    if (typeof value !== 'string') throw new Error(`secret ${label} is not a string: ${String(value)}`);
    if (value.length < 6) throw new Error(`secret ${label} is too short to search for: ${value}`);
    this.values.set(value, label);
  }

  /** A JWT, its payload and its signature (a refresh token of five parts: each long part). */
  addToken(label: string, token: unknown): void {
    this.add(label, token);
    const parts = String(token).split('.');
    parts.forEach((part, index) => {
      // The first part of a JWT is its header: the same for every token of a key, and not secret.
      if (part.length >= 16 && !(parts.length === 3 && index === 0)) this.add(`${label} part ${index}`, part);
    });
  }

  /** The labels of the secrets found in `line`; digit-only codes count only as whole numbers (not inside a timestamp). */
  foundIn(line: string): string[] {
    const found: string[] = [];
    for (const [value, label] of this.values) {
      const hit = /^\d+$/.test(value) ? new RegExp(`(?<![\\d.])${value}(?![\\d.])`).test(line) : line.includes(value);
      if (hit) found.push(label);
    }
    return found;
  }
}

/** Where the scenario reads the codes the server sends. */
interface CodeSource {
  email(destination: string): Promise<string>;
  sms(destination: string): Promise<string>;
}

const CODE = /code is ([0-9A-Za-z]+)/;

describe.each(['production', 'development'] as const)('logs of a full scenario in %s mode at level trace', (mode) => {
  const logs: string[] = [];
  let server: TestServer;
  let codes: CodeSource;
  let admin: CognitoIdentityProviderClient;
  const closers: (() => unknown)[] = [];
  const secrets = new Secrets();
  const echoed: { sent: string; received: string | null }[] = [];
  const run = randomBytes(4).toString('hex');

  beforeAll(async () => {
    const productionEnv: Record<string, string> = {};
    if (mode === 'production') {
      const smtp = await startSmtp();
      const hook = await startWebhook(() => 200);
      closers.push(() => smtp.server.close(), () => hook.server.close());
      productionEnv.SMTP_URL = smtp.url;
      productionEnv.SMS_WEBHOOK_URL = hook.url;
      productionEnv.CODE_PEPPER = `pepper-${randomBytes(16).toString('hex')}`;
      productionEnv.SIGNING_KEY_SECRET = `signing-${randomBytes(16).toString('hex')}`;
      productionEnv.DATA_SEALING_SECRET = `sealing-${randomBytes(16).toString('hex')}`;
      for (const value of Object.values(productionEnv).slice(2)) secrets.add('server secret', value);
      codes = {
        async email(destination) {
          const message = [...smtp.messages].reverse().find((m) => m.includes(`To: ${destination}`));
          const code = CODE.exec(message ?? '')?.[1];
          if (code === undefined) throw new Error(`no code emailed to ${destination}`);
          return code;
        },
        async sms(destination) {
          const sent = [...hook.received].reverse().map((r) => JSON.parse(r.body) as { to: string; body: string }).find((m) => m.to === destination);
          const code = CODE.exec(sent?.body ?? '')?.[1];
          if (code === undefined) throw new Error(`no code texted to ${destination}`);
          return code;
        },
      };
    }
    server = await startTestServer({
      env: { ...AUTH_TEST_ENV, STEWARD_MODE: mode, LOG_LEVEL: 'trace', SEED_DEMO: 'false', ...productionEnv },
      logStream: { write: (line) => logs.push(line) },
    });
    if (mode === 'development') codes = { email: (d) => server.latestCode(d), sms: (d) => server.latestCode(d) };
    admin = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
    secrets.add('admin secret access key', TEST_ADMIN_CREDENTIALS.secretAccessKey);
  });
  afterAll(async () => {
    admin.destroy();
    await server.close();
    for (const close of closers) await close();
  });

  /** A JSON 1.1 call; every Session in the answer is remembered as a secret. */
  async function call(target: string, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Reply> {
    const reply = await server.call(target, body, headers);
    if (typeof reply.body.Session === 'string') secrets.add(`${target} Session`, reply.body.Session);
    const result = reply.body.AuthenticationResult as Record<string, unknown> | undefined;
    if (result !== undefined) {
      secrets.addToken(`${target} AccessToken`, result.AccessToken);
      secrets.addToken(`${target} IdToken`, result.IdToken);
      if (result.RefreshToken !== undefined) secrets.addToken(`${target} RefreshToken`, result.RefreshToken);
    }
    return reply;
  }

  /** USER_SRP_AUTH and PASSWORD_VERIFIER, remembering every SRP value. */
  async function srpSignIn(clientId: string, username: string, password: string): Promise<Reply> {
    const ephemeral = createClientEphemeral();
    secrets.add('SRP a', ephemeral.a.toString(16));
    secrets.add('SRP A', ephemeral.srpAHex);
    const start = await call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, SRP_A: ephemeral.srpAHex } });
    expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('PASSWORD_VERIFIER');
    const p = params(start);
    secrets.add('SRP B', p.SRP_B);
    secrets.add('SRP salt', p.SALT);
    secrets.add('SRP secret block', p.SECRET_BLOCK);
    const poolName = poolNameFromUserPoolId(server.pool.userPoolId);
    const key = computePasswordAuthenticationKey({ poolName, username: p.USER_ID_FOR_SRP ?? '', password, saltHex: p.SALT ?? '', serverBHex: p.SRP_B ?? '', a: ephemeral.a, A: ephemeral.A });
    secrets.add('SRP key', Buffer.from(key).toString('hex'));
    const timestamp = formatCognitoTimestamp(new Date());
    const signature = computeClaimSignature({ key, poolName, userIdForSrp: p.USER_ID_FOR_SRP ?? '', secretBlockB64: p.SECRET_BLOCK ?? '', timestamp });
    secrets.add('SRP claim signature', signature);
    return call('RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: session(start),
      ChallengeResponses: { USERNAME: p.USER_ID_FOR_SRP, PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK, TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature },
    });
  }

  /** A GraphQL call with the access token; the response must carry no errors. */
  async function gql(accessToken: string, query: string, variables: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: accessToken }, body: JSON.stringify({ query, variables }) });
    const body = (await response.json()) as { data: Record<string, unknown> | null; errors?: unknown[] };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data ?? {};
  }

  it('runs sign-up, SRP and MFA sign-ins, a reset, refreshes, managed login with PKCE, an import and data calls', async () => {
    // --- App clients, made over the admin JSON API (SigV4). ---
    const app = await admin.send(
      new CreateUserPoolClientCommand({
        UserPoolId: server.pool.userPoolId,
        ClientName: `scenario-app-${run}`,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        RefreshTokenRotation: { Feature: 'ENABLED', RetryGracePeriodSeconds: 0 },
      }),
    );
    const appClientId = app.UserPoolClient?.ClientId ?? '';
    const web = await admin.send(
      new CreateUserPoolClientCommand({
        UserPoolId: server.pool.userPoolId,
        ClientName: `scenario-web-${run}`,
        GenerateSecret: true,
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthFlows: ['code'],
        AllowedOAuthScopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
        SupportedIdentityProviders: ['COGNITO'],
        CallbackURLs: [CALLBACK],
        ExplicitAuthFlows: ['ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const webClientId = web.UserPoolClient?.ClientId ?? '';
    secrets.add('client secret', web.UserPoolClient?.ClientSecret);

    // --- Sign-up with a confirmation code (a wrong one first). ---
    const username = `erin-${run}`;
    const email = `${username}@example.com`;
    const firstPassword = `First-${randomBytes(6).toString('hex')}-Aa1!`;
    secrets.add('first password', firstPassword);
    expect((await call('SignUp', { ClientId: appClientId, Username: username, Password: firstPassword, UserAttributes: [{ Name: 'email', Value: email }] })).status).toBe(200);
    const signUpCode = await codes.email(email);
    secrets.add('sign-up code', signUpCode);
    const wrongCode = signUpCode === '000000' ? '111111' : '000000';
    expect((await call('ConfirmSignUp', { ClientId: appClientId, Username: username, ConfirmationCode: wrongCode })).body.__type).toBe('CodeMismatchException');
    expect((await call('ConfirmSignUp', { ClientId: appClientId, Username: username, ConfirmationCode: signUpCode })).status).toBe(200);

    // --- SRP sign-in: a wrong password, then TOTP set up during sign-in (MFA is required). ---
    const wrongPassword = `Wrong-${randomBytes(6).toString('hex')}-Aa1!`;
    secrets.add('wrong password', wrongPassword);
    expect((await srpSignIn(appClientId, username, wrongPassword)).body.__type).toBe('NotAuthorizedException');
    const setup = await srpSignIn(appClientId, username, firstPassword);
    expect(setup.body.ChallengeName).toBe('MFA_SETUP');
    const associated = await call('AssociateSoftwareToken', { Session: session(setup) });
    const totpSecret = String(associated.body.SecretCode);
    secrets.add('TOTP secret', totpSecret);
    const verified = await call('VerifySoftwareToken', { Session: session(associated), UserCode: totpAt(server, totpSecret), FriendlyDeviceName: 'phone' });
    expect(verified.body.Status).toBe('SUCCESS');
    const afterSetup = await call('RespondToAuthChallenge', { ClientId: appClientId, ChallengeName: 'MFA_SETUP', Session: session(verified), ChallengeResponses: { USERNAME: username } });
    expect(afterSetup.status).toBe(200);

    // --- SRP + TOTP sign-in (a wrong code first), with a request id of the caller's own. ---
    advance(server, 30);
    const mfa = await srpSignIn(appClientId, username, firstPassword);
    expect(mfa.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const totp = totpAt(server, totpSecret);
    secrets.add('TOTP code', totp);
    const wrongTotp = await call('RespondToAuthChallenge', { ClientId: appClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session(mfa), ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totp === '000000' ? '111111' : '000000' } });
    expect(wrongTotp.body.__type).toBe('CodeMismatchException');
    const mfaAgain = await srpSignIn(appClientId, username, firstPassword);
    const traced = `scenario-${run}-totp`;
    const signedIn = await call('RespondToAuthChallenge', { ClientId: appClientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session(mfaAgain), ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totp } }, { 'x-request-id': traced });
    const tokens = signedIn.body.AuthenticationResult as { AccessToken: string; RefreshToken: string };
    expect(tokens.AccessToken).toBeTruthy();

    // --- Token refresh with rotation: the new refresh token replaces the old one. ---
    const refreshed = await call('GetTokensFromRefreshToken', { ClientId: appClientId, RefreshToken: tokens.RefreshToken });
    const rotated = refreshed.body.AuthenticationResult as { AccessToken: string; RefreshToken: string };
    expect(rotated.RefreshToken).not.toBe(tokens.RefreshToken);

    // --- Password reset with a code (a wrong one first). ---
    expect((await call('ForgotPassword', { ClientId: appClientId, Username: username })).status).toBe(200);
    const resetCode = await codes.email(email);
    secrets.add('reset code', resetCode);
    const password = `Reset-${randomBytes(6).toString('hex')}-Aa1!`;
    secrets.add('new password', password);
    expect((await call('ConfirmForgotPassword', { ClientId: appClientId, Username: username, ConfirmationCode: resetCode === '000000' ? '111111' : '000000', Password: password })).body.__type).toBe('CodeMismatchException');
    expect((await call('ConfirmForgotPassword', { ClientId: appClientId, Username: username, ConfirmationCode: resetCode, Password: password })).status).toBe(200);

    // --- SMS and email MFA for a user an administrator made (temporary and permanent passwords). ---
    const sam = `sam-${run}`;
    const samEmail = `${sam}@example.com`;
    const samPhone = `+1555${String(Number.parseInt(run, 16) % 10_000_000).padStart(7, '0')}`;
    const temporary = `Temp-${randomBytes(6).toString('hex')}-Aa1!`;
    const samPassword = `Sam-${randomBytes(6).toString('hex')}-Aa1!`;
    secrets.add('temporary password', temporary);
    secrets.add('sam password', samPassword);
    await admin.send(
      new AdminCreateUserCommand({
        UserPoolId: server.pool.userPoolId,
        Username: sam,
        TemporaryPassword: temporary,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: samEmail },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'phone_number', Value: samPhone },
          { Name: 'phone_number_verified', Value: 'true' },
        ],
      }),
    );
    await admin.send(new AdminSetUserPasswordCommand({ UserPoolId: server.pool.userPoolId, Username: sam, Password: samPassword, Permanent: true }));
    await admin.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: server.pool.userPoolId, Username: sam, SMSMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const sms = await srpSignIn(appClientId, sam, samPassword);
    expect(sms.body.ChallengeName).toBe('SMS_MFA');
    const smsCode = await codes.sms(samPhone);
    secrets.add('SMS code', smsCode);
    expect((await call('RespondToAuthChallenge', { ClientId: appClientId, ChallengeName: 'SMS_MFA', Session: session(sms), ChallengeResponses: { USERNAME: sam, SMS_MFA_CODE: smsCode === '000000' ? '111111' : '000000' } })).body.__type).toBe('CodeMismatchException');
    expect((await call('RespondToAuthChallenge', { ClientId: appClientId, ChallengeName: 'SMS_MFA', Session: session(sms), ChallengeResponses: { USERNAME: sam, SMS_MFA_CODE: smsCode } })).status).toBe(200);
    await admin.send(new AdminSetUserMFAPreferenceCommand({ UserPoolId: server.pool.userPoolId, Username: sam, SMSMfaSettings: { Enabled: false }, EmailMfaSettings: { Enabled: true, PreferredMfa: true } }));
    const emailMfa = await srpSignIn(appClientId, sam, samPassword);
    expect(emailMfa.body.ChallengeName).toBe('EMAIL_OTP');
    const emailCode = await codes.email(samEmail);
    secrets.add('email MFA code', emailCode);
    expect((await call('RespondToAuthChallenge', { ClientId: appClientId, ChallengeName: 'EMAIL_OTP', Session: session(emailMfa), ChallengeResponses: { USERNAME: sam, EMAIL_OTP_CODE: emailCode } })).status).toBe(200);

    // --- Managed login: authorization code with PKCE on the hosted page, exchange and refresh at /oauth2/token. ---
    const pkce = pkcePair();
    secrets.add('PKCE verifier', pkce.verifier);
    const state = `state-${randomBytes(8).toString('hex')}`;
    const nonce = `nonce-${randomBytes(8).toString('hex')}`;
    secrets.add('OAuth state', state);
    secrets.add('OAuth nonce', nonce);
    advance(server, 30);
    const hosted = await signInThroughHostedPage({
      authorizeUrl: authorizeUrl(server, { response_type: 'code', client_id: webClientId, redirect_uri: CALLBACK, state, nonce, scope: 'openid email', code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
      username,
      password,
      totp: () => totpAt(server, totpSecret),
    });
    const code = new URL(hosted.location).searchParams.get('code') ?? '';
    secrets.add('authorization code', code);
    const sessionCookie = hosted.cookies.get('steward-session');
    secrets.add('managed-login session cookie', sessionCookie);
    const clientSecret = web.UserPoolClient?.ClientSecret ?? '';
    const basic = basicAuthorization(webClientId, clientSecret);
    secrets.add('Authorization: Basic', basic.slice('Basic '.length));
    const wrongBasic = basicAuthorization(webClientId, `${clientSecret.slice(0, -4)}abcd`);
    expect((await postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: pkce.verifier }, { authorization: wrongBasic })).status).toBe(401);
    const exchanged = await postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: pkce.verifier }, { authorization: basic });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    secrets.addToken('OAuth access token', exchanged.body.access_token);
    secrets.addToken('OAuth id token', exchanged.body.id_token);
    secrets.addToken('OAuth refresh token', exchanged.body.refresh_token);
    const oauthRefreshed = await postForm(`${server.managedLoginUrl}/oauth2/token`, { grant_type: 'refresh_token', refresh_token: String(exchanged.body.refresh_token) }, { authorization: basic });
    expect(oauthRefreshed.status).toBe(200);
    secrets.addToken('OAuth refreshed access token', oauthRefreshed.body.access_token);
    const userInfo = await fetch(`${server.managedLoginUrl}/oauth2/userInfo`, { headers: { authorization: `Bearer ${String(oauthRefreshed.body.access_token)}` } });
    expect(userInfo.status).toBe(200);
    // A body the JSON parser cannot read, holding a secret: refused, and the error line does not quote it.
    const garbledSecret = `garbled-${randomBytes(12).toString('hex')}`;
    secrets.add('unreadable body', garbledSecret);
    const garbled = `{"refresh_token": "${garbledSecret}"`;
    expect((await fetch(`${server.managedLoginUrl}/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: garbled })).status).toBe(400);
    expect((await postForm(`${server.managedLoginUrl}/oauth2/revoke`, { token: String(exchanged.body.refresh_token) }, { authorization: basic })).status).toBe(200);

    // --- A CSV import as the web page runs it (import record, batch upserts, record update), then reads and a write. ---
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: server.pool.userPoolId, Username: username, GroupName: 'Admins' }));
    const access = rotated.AccessToken;
    const clientNumber = `C-${run}`;
    await gql(access, 'mutation ($i: CreateClientMdlInput!) { createClientMdl(input: $i) { id } }', { i: { clientNumber, clientName: 'Scenario Client' } });
    const importId = String(
      ((await gql(access, 'mutation ($i: CreateImportMdlInput!) { createImportMdl(input: $i) { id } }', { i: { fileName: 'accounts.csv', fileSize: 120, entityName: 'AccountMdl', status: 'running', totalRows: 2 } })).createImportMdl as { id: string }).id,
    );
    // Business data is not a credential, but no body is ever logged: this marker proves it for data too.
    const bodyMarker = `FILE-${randomBytes(8).toString('hex')}`;
    secrets.add('imported file number (a request body)', bodyMarker);
    const upserted = await gql(access, 'mutation ($input: [CreateAccountMdlInput!]!) { batchUpsertAccountMdls(input: $input) { created updated unchanged } }', {
      input: [
        { clientNumber, fileNumber: bodyMarker, accountStatus: 'ACTIVE', currentUpb: 1200.5 },
        { clientNumber, fileNumber: `${bodyMarker}-2`, accountStatus: 'ACTIVE', currentUpb: 80 },
      ],
    });
    expect(upserted.batchUpsertAccountMdls).toEqual({ created: 2, updated: 0, unchanged: 0 });
    await gql(access, 'mutation ($i: UpdateImportMdlInput!) { updateImportMdl(input: $i) { id } }', { i: { id: importId, status: 'done', createdCount: 2, rowsDone: 2 } });
    const listed = await gql(access, 'query ($f: ModelAccountMdlFilterInput) { listAccountMdls(filter: $f) { items { id fileNumber } } }', { f: { clientNumber: { eq: clientNumber } } });
    const accounts = (listed.listAccountMdls as { items: { id: string; fileNumber: string }[] }).items;
    expect(accounts.map((a) => a.fileNumber).sort()).toEqual([bodyMarker, `${bodyMarker}-2`]);
    await gql(access, 'mutation ($i: UpdateAccountMdlInput!) { updateAccountMdl(input: $i) { id } }', { i: { id: accounts[0]?.id, accountStatus: 'CLOSED' } });

    // --- A request the HTTP parser refuses (logged at trace with the parser's error): its raw bytes hold a bearer token. ---
    const rawSecret = `raw-${randomBytes(12).toString('hex')}`;
    secrets.add('bearer token of an unparseable request', rawSecret);
    const port = Number(new URL(server.url).port);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`POST /graphql HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${rawSecret}\r\nBad Header: x\r\n\r\n`));
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);

    // --- Request ids: a well-formed one is kept, an ill-formed one replaced; both echoed. ---
    for (const sent of [`scenario-${run}-health`, 'bad id\twith a tab']) {
      const response = await fetch(`${server.url}/health`, { headers: { 'x-request-id': sent } });
      echoed.push({ sent, received: response.headers.get('x-request-id') });
    }
    echoed.push({ sent: traced, received: traced });
  });

  it('writes no secret the scenario saw into any log line', () => {
    // Threat: whoever reads the logs (operators, a log service, a leaked archive) taking over accounts
    // with tokens, codes, passwords, TOTP secrets, SRP values, client secrets or session cookies.
    expect(secrets.values.size).toBeGreaterThan(40);
    expect(logs.length).toBeGreaterThan(80);
    const leaks = logs.flatMap((line, index) => secrets.foundIn(line).map((label) => `line ${index}: ${label}: ${line.slice(0, 300)}`));
    expect(leaks).toEqual([]);
  });

  it('writes one JSON object per line, each line about a request with its request id', () => {
    const lines = logs.map((line) => JSON.parse(line) as LogLine);
    for (const line of lines) {
      expect(typeof line.level).toBe('number');
      expect(typeof line.time).toBe('number');
      expect(['app', 'managed-login']).toContain(line.name);
    }
    // The only lines about no request: each server saying where it listens, and a connection whose bytes never made a request.
    const withoutId = lines.filter((line) => line.reqId === undefined).map((line) => line.msg ?? '');
    expect(withoutId.filter((msg) => !/^Server listening at /.test(msg))).toEqual(['client error']);
    // The parser's error would carry the raw request bytes (as a Buffer's numbers, which no text search finds).
    const clientError = lines.find((line) => line.msg === 'client error');
    expect(clientError?.err).toMatchObject({ code: expect.stringMatching(/^HPE_/) as unknown, message: '[withheld: it may quote the input]' });
    expect(Object.keys(clientError?.err ?? {})).not.toContain('rawPacket');
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines.length).toBeGreaterThan(80);
    // Both origins' requests, Fastify's own lines and the JSON parser's refusal are there.
    expect(requestLines.some((line) => line.name === 'managed-login' && line.msg === 'request completed')).toBe(true);
    const refused = requestLines.find((line) => line.msg === 'request refused');
    expect(refused?.err).toMatchObject({ code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: '[withheld: it may quote the input]' });
  });

  it("echoes a well-formed X-Request-Id and logs the request under it; replaces an ill-formed one", () => {
    const lines = logs.map((line) => JSON.parse(line) as LogLine);
    const [health, bad, totp] = [echoed[0], echoed[1], echoed[2]];
    expect(health?.received).toBe(health?.sent);
    expect(bad?.received).toMatch(/^[0-9a-f-]{36}$/);
    for (const id of [health?.sent, totp?.sent]) {
      const mine = lines.filter((line) => line.reqId === id).map((line) => line.msg);
      expect(mine).toContain('incoming request');
      expect(mine).toContain('request completed');
    }
    expect(lines.some((line) => line.reqId === bad?.sent)).toBe(false);
  });
});
