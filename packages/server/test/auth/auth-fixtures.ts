// Shared fixtures of the authentication tests: users written straight into the pool, a raw SRP
// client (auth-core's client half) and the calls every sign-in test repeats.
import { randomBytes } from 'node:crypto';
import {
  computeClaimSignature,
  computePasswordAuthenticationKey,
  createClientEphemeral,
  formatCognitoTimestamp,
  poolNameFromUserPoolId,
} from '@steward/auth-core/srp';
import { expect } from 'vitest';
import { requirePool } from '../../src/user-pool/pools/pool-repository.js';
import { generateTotpSecret, totpCode } from '../../src/user-pool/auth/totp/totp.js';
import { sealTotpSecret } from '../../src/user-pool/auth/totp/totp-verification.js';
import { createUserWithPassword } from '../../src/user-pool/users/create-user.js';
import { updateUser, type UserPatch, type UserStatus } from '../../src/user-pool/users/user-repository.js';
import type { ManualClock } from '../../src/time/clock.js';
import type { TestServer } from '../harness.js';

/** Environment every auth suite uses: no per-client request limit (the manual clock never ends a window). */
export const AUTH_TEST_ENV = { CLIENT_REQUEST_LIMIT: '0' } as const;

/** A user created for a test, with everything needed to sign in as them. */
export interface TestUser {
  readonly username: string;
  readonly password: string;
  readonly sub: string;
  readonly email: string;
  readonly phone: string;
  readonly totpSecret?: string;
}

/** Which MFA the user has set up. */
export type TestMfa = 'none' | 'totp' | 'sms' | 'email' | 'sms+totp';

/** Creates a confirmed user (unless `status` says otherwise) with verified email and phone and the given MFA. */
export async function createTestUser(
  server: TestServer,
  options: { mfa?: TestMfa; status?: UserStatus; password?: string; attributes?: Record<string, string>; patch?: UserPatch } = {},
): Promise<TestUser> {
  const id = randomBytes(5).toString('hex');
  const username = `user-${id}`;
  const password = options.password ?? `Pw-${id}-Aa1!`;
  const email = `${username}@example.com`;
  const phone = `+1555${Number.parseInt(id.slice(0, 7), 16).toString().padStart(7, '0').slice(-7)}`;
  const pool = await requirePool(server.db, server.pool.userPoolId);
  const user = await createUserWithPassword(server.db, server.clock.now(), {
    pool,
    username,
    password,
    status: options.status ?? 'CONFIRMED',
    attributes: options.attributes ?? { email, email_verified: 'true', phone_number: phone, phone_number_verified: 'true', given_name: 'Test' },
  });
  const mfa = options.mfa ?? 'totp';
  const totpSecret = mfa === 'totp' || mfa === 'sms+totp' ? generateTotpSecret() : undefined;
  await updateUser(
    server.db,
    user.sub,
    {
      ...(totpSecret !== undefined ? { totpSecret: sealTotpSecret(server.app.steward.secrets, user.sub, totpSecret), softwareTokenMfaEnabled: true } : {}),
      smsMfaEnabled: mfa === 'sms' || mfa === 'sms+totp',
      emailMfaEnabled: mfa === 'email',
      preferredMfa: mfa === 'totp' ? 'SOFTWARE_TOKEN_MFA' : mfa === 'sms' ? 'SMS_MFA' : mfa === 'email' ? 'EMAIL_OTP' : null,
      ...options.patch,
    },
    server.clock.now(),
  );
  return { username, password, sub: user.sub, email, phone, ...(totpSecret !== undefined ? { totpSecret } : {}) };
}

/** The TOTP code of a secret at the server's time, `steps` time steps away. */
export function totpAt(server: TestServer, secret: string, steps = 0): string {
  return totpCode(secret, new Date(server.clock.now().getTime() + steps * 30_000));
}

/** Moves the server's manual clock (the harness's default clock). */
export function advance(server: TestServer, seconds: number): void {
  (server.clock as ManualClock).advance(seconds);
}

/** A JSON 1.1 response. */
export type Reply = { status: number; body: Record<string, unknown> };

/** Asserts a Cognito-shaped error. */
export function expectError(reply: Reply, type: string, message?: string | RegExp): void {
  expect(reply.body.__type, JSON.stringify(reply.body)).toBe(type);
  expect(reply.status).toBe(type === 'InternalErrorException' ? 500 : 400);
  if (typeof message === 'string') expect(reply.body.message).toBe(message);
  else if (message !== undefined) expect(String(reply.body.message)).toMatch(message);
}

/** The ChallengeParameters of a reply. */
export function params(reply: Reply): Record<string, string> {
  return (reply.body.ChallengeParameters ?? {}) as Record<string, string>;
}

/** The Session of a reply (fails the test when absent). */
export function session(reply: Reply): string {
  expect(typeof reply.body.Session, JSON.stringify(reply.body)).toBe('string');
  return reply.body.Session as string;
}

/** The tokens of a reply. */
export function tokens(reply: Reply): { AccessToken: string; IdToken: string; RefreshToken?: string; NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string } } {
  expect(reply.body.AuthenticationResult, JSON.stringify(reply.body)).toBeDefined();
  return reply.body.AuthenticationResult as { AccessToken: string; IdToken: string; RefreshToken?: string; NewDeviceMetadata?: { DeviceKey: string; DeviceGroupKey: string } };
}

/** USER_PASSWORD_AUTH. */
export function passwordAuth(server: TestServer, username: string, password: string, extra: Record<string, string> = {}): Promise<Reply> {
  return server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: username, PASSWORD: password, ...extra } });
}

/** RespondToAuthChallenge. */
export function respond(server: TestServer, challengeName: string, sessionString: string, responses: Record<string, string>): Promise<Reply> {
  return server.call('RespondToAuthChallenge', { ClientId: server.pool.clientId, ChallengeName: challengeName, Session: sessionString, ChallengeResponses: responses });
}

/** Answers PASSWORD_VERIFIER like a Cognito client would (auth-core's client SRP). */
export function answerPasswordVerifier(
  server: TestServer,
  start: Reply,
  ephemeral: { a: bigint; A: bigint },
  password: string,
  extra: Record<string, string> = {},
): Promise<Reply> {
  const p = params(start);
  const userIdForSrp = p.USER_ID_FOR_SRP ?? '';
  const poolName = poolNameFromUserPoolId(server.pool.userPoolId);
  const key = computePasswordAuthenticationKey({ poolName, username: userIdForSrp, password, saltHex: p.SALT ?? '', serverBHex: p.SRP_B ?? '', a: ephemeral.a, A: ephemeral.A });
  const timestamp = formatCognitoTimestamp(new Date());
  const signature = computeClaimSignature({ key, poolName, userIdForSrp, secretBlockB64: p.SECRET_BLOCK ?? '', timestamp });
  return respond(server, 'PASSWORD_VERIFIER', session(start), {
    USERNAME: userIdForSrp,
    PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK ?? '',
    TIMESTAMP: timestamp,
    PASSWORD_CLAIM_SIGNATURE: signature,
    ...extra,
  });
}

/** USER_SRP_AUTH then PASSWORD_VERIFIER; returns the answer to the verifier. */
export async function srpAuth(server: TestServer, username: string, password: string, extra: Record<string, string> = {}): Promise<Reply> {
  const ephemeral = createClientEphemeral();
  const start = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: username, SRP_A: ephemeral.srpAHex } });
  expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('PASSWORD_VERIFIER');
  return answerPasswordVerifier(server, start, ephemeral, password, extra);
}

/** A complete sign-in of a TOTP user over USER_PASSWORD_AUTH; returns the tokens. */
export async function signInWithTotp(server: TestServer, user: TestUser) {
  const first = await passwordAuth(server, user.username, user.password);
  expect(first.body.ChallengeName, JSON.stringify(first.body)).toBe('SOFTWARE_TOKEN_MFA');
  advance(server, 30);
  return tokens(await respond(server, 'SOFTWARE_TOKEN_MFA', session(first), { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') }));
}
