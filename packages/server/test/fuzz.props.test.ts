// Generated malformed bodies for every registered operation: never a 500, never a crash, and the
// pool still serves a full sign-up afterwards. Hostile strings (every C0 control character and DEL,
// lone surrogates, oversize values) go into every member of every operation and into every
// AuthParameters / ChallengeResponses key, as values and as map keys.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from './properties.js';
import { isServiceError } from '../src/errors/catalogue.js';
import type { Operation } from '../src/user-pool/operations/operation.js';
import type { OperationContext } from '../src/user-pool/operations/operation-context.js';
import { createTestUser, type TestUser } from './auth/auth-fixtures.js';
import { issueTokensFor, startTestServer, type TestServer } from './harness.js';

/**
 * Generated bodies per operation and property at CI's count (FC_NUM_RUNS replaces it). 10, not 25:
 * with some 130 operations that is still 1,300 bodies per property on every CI run, and fresh seeds
 * each run keep covering new ones; the hostile strings below are enumerated exhaustively anyway.
 */
const RUNS_PER_OPERATION = 10;

/** \u0000-\u001f and \u007f. */
const CONTROL_CHARACTERS = [...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f'];
/** Both ends of both surrogate ranges, unpaired. */
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
/** Just past Cognito's usual bounds (128, 2048), past the map values' (16 384), and past the body limit. */
const OVERSIZE = [129, 2049, 16_385, 70_000].map((length) => 'x'.repeat(length));

/** `base` with `character` inside, at its start, or as the whole value. */
function withCharacter(base: string, character: string, where: number): string {
  if (where % 3 === 0) return character;
  if (where % 3 === 1) return `${character}${base}`;
  const middle = Math.floor(base.length / 2);
  return `${base.slice(0, middle)}${character}${base.slice(middle)}`;
}

/** Every hostile variant of `base`: each control character and lone surrogate (placed as `withCharacter` cycles), then each oversize string. */
function hostileVariants(base: string): string[] {
  return [...[...CONTROL_CHARACTERS, ...LONE_SURROGATES].map((c, i) => withCharacter(base, c, i)), ...OVERSIZE];
}

/** Every AuthParameters / ChallengeResponses key some flow or challenge reads. */
const PARAMETER_KEYS = [
  'USERNAME',
  'PASSWORD',
  'NEW_PASSWORD',
  'SECRET_HASH',
  'SRP_A',
  'DEVICE_KEY',
  'REFRESH_TOKEN',
  'CHALLENGE_NAME',
  'PREFERRED_CHALLENGE',
  'PASSWORD_CLAIM_SIGNATURE',
  'PASSWORD_CLAIM_SECRET_BLOCK',
  'TIMESTAMP',
  'SMS_MFA_CODE',
  'SOFTWARE_TOKEN_MFA_CODE',
  'EMAIL_OTP_CODE',
  'SMS_OTP_CODE',
  'ANSWER',
  'EMAIL',
  'CREDENTIAL',
  'userAttributes.given_name',
] as const;

describe('fuzzing every operation with malformed bodies', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The request limit stays on (too high to be reached): counting a request is part of the path under test.
    server = await startTestServer({ env: { CLIENT_REQUEST_LIMIT: '10000000', CODE_SEND_LIMIT: '0' } });
  });
  afterAll(async () => {
    await server.close();
  });

  /** A string with a control character or lone surrogate somewhere, or an oversize one. */
  const hostileString = () =>
    fc.oneof(
      fc.tuple(fc.constantFrom(server.pool.clientId, 'admin', 'Passw0rd!!', '123456', 'x'.repeat(40)), fc.constantFrom(...CONTROL_CHARACTERS, ...LONE_SURROGATES), fc.nat(2)).map(([base, c, where]) => withCharacter(base, c, where)),
      fc.constantFrom(...OVERSIZE),
    );

  /** Values that are plausible, wrong, or hostile for any member. */
  const memberValue = () =>
    fc.oneof(
      hostileString(),
      fc.dictionary(fc.oneof(hostileString(), fc.constantFrom(...PARAMETER_KEYS)), fc.oneof(hostileString(), fc.string()), { maxKeys: 3 }),
      fc.array(fc.record({ Name: fc.oneof(hostileString(), fc.constant('email')), Value: hostileString() }), { maxLength: 2 }),
      fc.constant(server.pool.clientId),
      fc.constant(server.pool.userPoolId),
      fc.constantFrom('admin', 'staff', 'nobody', '', ' ', 'Admins', 'email', 'SMS_MFA'),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constant('x'.repeat(3000)),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.record({ Name: fc.string(), Value: fc.oneof(fc.string(), fc.integer()) })), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 10 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxKeys: 4 }),
      fc.jsonValue({ maxDepth: 3 }),
    );

  const bodyFor = (members: readonly string[]) =>
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 60 }),
      members.length === 0 ? fc.constant('{}') : fc.dictionary(fc.constantFrom(...members), memberValue(), { maxKeys: members.length }).map((v) => JSON.stringify(v)),
    );

  it('never answers 500 over HTTP, for any registered operation', async () => {
    const operations = server.app.steward.registry.list();
    expect(operations.length).toBeGreaterThanOrEqual(30);
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(bodyFor(op.inputMembers), async (payload) => {
          const response = await server.app.inject({
            method: 'POST',
            url: '/',
            headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${op.service}.${op.name}` },
            payload,
          });
          if (response.statusCode >= 500) throw new Error(`${op.name} answered ${response.statusCode} to ${payload.slice(0, 200)}: ${response.body}`);
          const body = JSON.parse(response.body) as Record<string, unknown>;
          if (response.statusCode >= 400 && typeof body.__type !== 'string') throw new Error(`${op.name}: error without __type`);
        }),
        propertyRuns(RUNS_PER_OPERATION),
      );
    }
  });

  it('never fails unexpectedly when admin operations run the fuzzed input directly (as the CLI does)', async () => {
    const ctx: OperationContext = { ...server.app.steward, caller: { kind: 'cli' }, request: { requestId: randomUUID(), ip: 'fuzz' } };
    await keepingDefaultClient(ctx, async () => {
      for (const op of server.app.steward.registry.list().filter((o) => o.access === 'admin')) {
        await fc.assert(
          // An operation without members (the AWS-only ones) still gets run, with an empty request.
          fc.asyncProperty(op.inputMembers.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...op.inputMembers), memberValue(), { maxKeys: op.inputMembers.length }), async (input) => {
            try {
              await op.invoke(ctx, input);
            } catch (error) {
              if (!isServiceError(error)) throw error;
            }
          }),
          propertyRuns(RUNS_PER_OPERATION),
        );
      }
    });
  });

  /**
   * Runs `fuzz` and then puts the default app client's and pool's settings back: a fuzzed
   * UpdateUserPoolClient or UpdateUserPool that happens to be valid resets them (Cognito's updates
   * replace every setting), and the later tests sign in through that client, in that pool.
   */
  async function keepingDefaultClient(ctx: OperationContext, fuzz: () => Promise<void>): Promise<void> {
    const ids = { UserPoolId: server.pool.userPoolId, ClientId: server.pool.clientId };
    const registry = server.app.steward.registry;
    const settings = (await registry.require('AWSCognitoIdentityProviderService', 'DescribeUserPoolClient').invoke(ctx, ids)).UserPoolClient as Record<string, unknown>;
    const columns = ['name', 'mfa_configuration', 'enabled_mfas', 'password_policy', 'alias_attributes', 'auto_verified_attributes', 'required_attributes', 'device_configuration', 'settings'];
    const [pool] = await server.db.query<Record<string, unknown>>(`SELECT ${columns.join(', ')} FROM user_pools WHERE id = $1`, [ids.UserPoolId]);
    try {
      await fuzz();
    } finally {
      await registry.require('AWSCognitoIdentityProviderService', 'UpdateUserPoolClient').invoke(ctx, { ...settings, ...ids });
      const values = columns.map((column) => (typeof pool?.[column] === 'string' ? pool[column] : JSON.stringify(pool?.[column])));
      await server.db.query(`UPDATE user_pools SET ${columns.map((column, n) => `${column} = $${n + 2}`).join(', ')} WHERE id = $1`, [ids.UserPoolId, ...values]);
    }
  }

  /** Plausible values by member name, so that a hostile member is the only thing wrong with a body. */
  function plausible(user: TestUser, accessToken: string): Record<string, unknown> {
    return {
      ClientId: server.pool.clientId,
      UserPoolId: server.pool.userPoolId,
      Username: user.username,
      Password: 'Fuzz-Passw0rd!!',
      PreviousPassword: user.password,
      ProposedPassword: 'Fuzz-Passw0rd!!',
      TemporaryPassword: 'Fuzz-Passw0rd!!',
      SecretHash: 'c2VjcmV0aGFzaA==',
      AccessToken: accessToken,
      Token: 'made-up-refresh-token',
      ClientSecret: 'secret',
      ConfirmationCode: '123456',
      Code: '123456',
      UserCode: '123456',
      Session: 'x'.repeat(40),
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.username, PASSWORD: user.password },
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: '123456' },
      ClientMetadata: { source: 'fuzz' },
      ValidationData: [{ Name: 'source', Value: 'fuzz' }],
      UserAttributes: [{ Name: 'given_name', Value: 'Fuzz' }],
      AttributeName: 'email',
      UserAttributeNames: ['given_name'],
      AttributesToGet: ['email'],
      GroupName: 'fuzzers',
      Description: 'fuzzed',
      Filter: 'username = "nobody"',
      DeviceKey: 'us-east-1_00000000-0000-0000-0000-000000000000',
      DeviceName: 'fuzz device',
      FriendlyDeviceName: 'fuzz device',
      DeviceRememberedStatus: 'remembered',
      CredentialId: 'credential',
      Credential: { id: 'credential', type: 'public-key' },
      IdentityPoolId: 'us-east-1:00000000-0000-0000-0000-000000000000',
      IdentityId: 'us-east-1:00000000-0000-0000-0000-000000000000',
      Logins: { [`cognito-idp.us-east-1.amazonaws.com/${server.pool.userPoolId}`]: 'token' },
      CustomRoleArn: 'arn:aws:iam::123456789012:role/fuzz',
      RoleArn: 'arn:aws:iam::123456789012:role/fuzz',
      NextToken: 'next',
      PaginationToken: 'next',
      AccountId: '123456789012',
    };
  }

  /** The bodies that put each hostile variant into `member`: as the value, inside a list or attribute, or as a map's key and value. */
  function hostileBodies(base: Record<string, unknown>, member: string): Record<string, unknown>[] {
    const original = base[member];
    const with_ = (value: unknown): Record<string, unknown> => ({ ...base, [member]: value });
    const bodies: Record<string, unknown>[] = [];
    for (const bad of hostileVariants(typeof original === 'string' ? original : 'value')) {
      if (Array.isArray(original) && typeof original[0] === 'object') bodies.push(with_([{ Name: 'given_name', Value: bad }]), with_([{ Name: bad, Value: 'x' }]));
      else if (Array.isArray(original)) bodies.push(with_([bad]));
      else if (typeof original === 'object' && original !== null) bodies.push(with_({ ...original, fuzzed: bad }), with_({ ...original, [bad]: 'x' }));
      else bodies.push(with_(bad));
    }
    return bodies;
  }

  async function expectNo5xx(op: Pick<Operation, 'service' | 'name'>, body: unknown): Promise<Record<string, unknown>> {
    const payload = JSON.stringify(body);
    const response = await server.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${op.service}.${op.name}` },
      payload,
    });
    if (response.statusCode >= 500) throw new Error(`${op.name} answered ${response.statusCode} to ${payload.slice(0, 300)}: ${response.body}`);
    const answer = JSON.parse(response.body) as Record<string, unknown>;
    if (response.statusCode >= 400 && typeof answer.__type !== 'string') throw new Error(`${op.name}: error without __type`);
    return answer;
  }

  it('never answers 5xx to a control character, lone surrogate or oversize string in any member of any public operation', async () => {
    const user = await createTestUser(server);
    const base = plausible(user, (await issueTokensFor(server, user.username)).AccessToken);
    let sent = 0;
    for (const op of server.app.steward.registry.list().filter((o) => o.access === 'public')) {
      const body = Object.fromEntries(op.inputMembers.filter((m) => m in base).map((m) => [m, base[m]]));
      for (const member of op.inputMembers) {
        for (const hostile of hostileBodies({ ...body, [member]: base[member] ?? 'value' }, member)) {
          await expectNo5xx(op, hostile);
          sent += 1;
        }
      }
    }
    expect(sent).toBeGreaterThan(3000);
  }, 300_000);

  it('never fails unexpectedly on a hostile string in any member of an admin operation run directly (as the CLI does)', async () => {
    const user = await createTestUser(server);
    const base = plausible(user, '');
    const ctx: OperationContext = { ...server.app.steward, caller: { kind: 'cli' }, request: { requestId: randomUUID(), ip: 'fuzz' } };
    await keepingDefaultClient(ctx, async () => {
      for (const op of server.app.steward.registry.list().filter((o) => o.access === 'admin')) {
        const body = Object.fromEntries(op.inputMembers.filter((m) => m in base).map((m) => [m, base[m]]));
        for (const member of op.inputMembers) {
          for (const hostile of hostileBodies({ ...body, [member]: base[member] ?? 'value' }, member)) {
            try {
              await op.invoke(ctx, hostile);
            } catch (error) {
              if (!isServiceError(error)) throw new Error(`${op.name} failed on ${JSON.stringify(hostile).slice(0, 300)}`, { cause: error });
            }
          }
        }
      }
    });
  }, 300_000);

  it('never answers 5xx to a hostile AuthParameters value or key, in any flow', async () => {
    const user = await createTestUser(server);
    // Each flow with the keys it reads; every key is validated whatever the flow, so the keys no
    // flow below reads go through the cheapest one (a made-up refresh token: no password hashing).
    const flows: readonly (readonly [flow: string, parameters: Record<string, string>, reads: readonly string[]])[] = [
      ['REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: 'made-up-refresh-token' }, PARAMETER_KEYS],
      ['USER_SRP_AUTH', { USERNAME: user.username, SRP_A: '02' }, ['USERNAME', 'SRP_A', 'SECRET_HASH', 'DEVICE_KEY']],
      ['USER_PASSWORD_AUTH', { USERNAME: user.username, PASSWORD: user.password }, ['USERNAME', 'PASSWORD', 'SECRET_HASH', 'DEVICE_KEY']],
      ['USER_AUTH', { USERNAME: user.username, PREFERRED_CHALLENGE: 'PASSWORD', PASSWORD: user.password }, ['USERNAME', 'PREFERRED_CHALLENGE', 'PASSWORD', 'SRP_A', 'DEVICE_KEY']],
      ['CUSTOM_AUTH', { USERNAME: user.username }, ['USERNAME', 'CHALLENGE_NAME', 'SRP_A', 'SECRET_HASH', 'DEVICE_KEY']],
    ];
    const initiateAuth = { service: 'AWSCognitoIdentityProviderService', name: 'InitiateAuth' } as const;
    for (const [flow, parameters, reads] of flows) {
      for (const key of reads) {
        for (const bad of hostileVariants(parameters[key] ?? 'value')) {
          await expectNo5xx(initiateAuth, { AuthFlow: flow, ClientId: server.pool.clientId, AuthParameters: { ...parameters, [key]: bad } });
        }
        for (const c of [...CONTROL_CHARACTERS, ...LONE_SURROGATES]) {
          await expectNo5xx(initiateAuth, { AuthFlow: flow, ClientId: server.pool.clientId, AuthParameters: { ...parameters, [`${key}${c}`]: 'x' } });
        }
      }
    }
  }, 300_000);

  it('never answers 5xx to a hostile ChallengeResponses value or key, answering a live challenge of each kind', async () => {
    const respond = { service: 'AWSCognitoIdentityProviderService', name: 'RespondToAuthChallenge' } as const;
    const initiate = { service: 'AWSCognitoIdentityProviderService', name: 'InitiateAuth' } as const;
    const starts: Record<string, (user: TestUser) => Record<string, unknown>> = {
      PASSWORD_VERIFIER: (user) => ({ AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, SRP_A: '02' } }),
      SOFTWARE_TOKEN_MFA: (user) => ({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }),
      SELECT_CHALLENGE: (user) => ({ AuthFlow: 'USER_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username } }),
    };
    for (const [expected, start] of Object.entries(starts)) {
      for (const key of PARAMETER_KEYS) {
        // A fresh user and sign-in per key: wrong answers that pass validation end sessions and lock users.
        const user = await createTestUser(server);
        const started = await expectNo5xx(initiate, start(user));
        expect(started.ChallengeName).toBe(expected);
        for (const bad of hostileVariants(key === 'USERNAME' ? user.username : '123456')) {
          await expectNo5xx(respond, { ClientId: server.pool.clientId, ChallengeName: expected, Session: started.Session, ChallengeResponses: { USERNAME: user.username, [key]: bad } });
        }
        await expectNo5xx(respond, { ClientId: server.pool.clientId, ChallengeName: expected, Session: started.Session, ChallengeResponses: { USERNAME: user.username, [`${key}\u0000`]: 'x' } });
      }
    }
  }, 300_000);

  it('still serves a full sign-up and confirmation afterwards', async () => {
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    const username = `afterfuzz${Date.now()}`;
    const email = `${username}@example.com`;
    const signUp = await server.call('SignUp', { ClientId: server.pool.clientId, Username: username, Password: 'Aft3r-Fuzz!!', UserAttributes: [{ Name: 'email', Value: email }] });
    expect(signUp.status).toBe(200);
    const code = await server.latestCode(email);
    const confirm = await server.call('ConfirmSignUp', { ClientId: server.pool.clientId, Username: username, ConfirmationCode: code });
    expect(confirm.status).toBe(200);
    const rows = await server.db.query<{ status: string }>('SELECT status FROM users WHERE username = $1', [username]);
    expect(rows[0]?.status).toBe('CONFIRMED');
  });
});
