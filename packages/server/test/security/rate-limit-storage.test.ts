// Threat: a caller dodging the request-rate limit, and filling rate_limit_counters without bound,
// by sending a made-up ClientId (or a fresh IPv6 address of its own /64) with every request: each
// new string used to be a new counter row, starting again from zero.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerAddressKey } from '../../src/abuse/abuse-limits.js';
import type { ManualClock } from '../../src/time/clock.js';
import { insertClient } from '../../src/user-pool/pools/pool-repository.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';

const LIMIT = 5;
const ENV = { CLIENT_REQUEST_LIMIT: String(LIMIT), CLIENT_REQUEST_WINDOW_SECONDS: '60' };
const FLOOD = 10_000;
const CONCURRENCY = 50;

/** Bodies of public operations that name an app client, valid but for the client. */
const BODIES: readonly (readonly [target: string, body: (clientId: string) => Record<string, unknown>])[] = [
  ['InitiateAuth', (ClientId) => ({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: 'admin', PASSWORD: 'Wrong-Passw0rd!' } })],
  ['SignUp', (ClientId) => ({ ClientId, Username: 'flooder', Password: 'Fl00d-Passw0rd!' })],
  ['ForgotPassword', (ClientId) => ({ ClientId, Username: 'admin' })],
  ['ResendConfirmationCode', (ClientId) => ({ ClientId, Username: 'admin' })],
  ['RespondToAuthChallenge', (ClientId) => ({ ClientId, ChallengeName: 'SMS_MFA', Session: 'x'.repeat(40), ChallengeResponses: { USERNAME: 'admin', SMS_MFA_CODE: '123456' } })],
];

/** Runs `send(0..count-1)` at most `width` at a time. */
async function inBatches(count: number, width: number, send: (i: number) => Promise<void>): Promise<void> {
  for (let start = 0; start < count; start += width) {
    await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, j) => send(start + j)));
  }
}

describe.each(BOTH_DATABASES)('request counters (%s)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database, env: ENV });
  });
  afterAll(async () => {
    await server.close();
  });

  const rows = async (): Promise<number> => (await server.db.query<{ count: number }>('SELECT count(*)::int AS count FROM rate_limit_counters'))[0]?.count ?? -1;

  /** One JSON 1.1 call through Fastify's inject, from `remoteAddress`; returns the error type, or "ok". */
  async function call(target: string, body: Record<string, unknown>, remoteAddress = '198.51.100.7', via: TestServer = server): Promise<string> {
    const response = await via.app.inject({
      method: 'POST',
      url: '/',
      remoteAddress,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      payload: JSON.stringify(body),
    });
    const type = response.headers['x-amzn-errortype'];
    return typeof type === 'string' ? type : 'ok';
  }
  // A refresh with a made-up token: refused (NotAuthorizedException) without writing anything but the request counter.
  const refresh = (clientId: string, remoteAddress?: string, via?: TestServer): Promise<string> =>
    call('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: 'made-up' } }, remoteAddress, via);

  it(`leaves the row count of rate_limit_counters unchanged through ${FLOOD} requests with random ClientIds, answering each ResourceNotFoundException`, async () => {
    const before = await rows();
    const answers = new Map<string, number>();
    await inBatches(FLOOD, CONCURRENCY, async (i) => {
      const [target, body] = BODIES[i % BODIES.length] ?? BODIES[0];
      const type = await call(target, body(randomBytes(13).toString('hex')));
      answers.set(type, (answers.get(type) ?? 0) + 1);
    });
    expect(Object.fromEntries(answers)).toEqual({ ResourceNotFoundException: FLOOD });
    expect(await rows()).toBe(before);
  }, 300_000);

  it('leaves the row count unchanged through emailed-link confirmations (GET /confirmUser) with made-up or NUL client ids', async () => {
    const before = await rows();
    for (let i = 0; i < 200; i++) {
      const clientId = i % 10 === 0 ? '%00' : randomBytes(13).toString('hex');
      const response = await server.app.inject({ method: 'GET', url: `/confirmUser?client_id=${clientId}&user_name=someone&confirmation_code=123456`, remoteAddress: '198.51.100.9' });
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await rows()).toBe(before);
  });

  it('still limits one address: the pool counts its requests across all its app clients', async () => {
    const second = `second${randomBytes(8).toString('hex')}`;
    await insertClient(server.db, { id: second, poolId: server.pool.userPoolId, name: 'second' }, server.clock.now());
    const answers: string[] = [];
    // Made-up ids in between change nothing: they are refused before they are counted.
    for (let i = 0; i <= LIMIT; i++) {
      answers.push(await refresh(i % 2 === 0 ? server.pool.clientId : second, '203.0.113.9'));
      expect(await refresh(randomBytes(13).toString('hex'), '203.0.113.9')).toBe('ResourceNotFoundException');
    }
    expect(answers.slice(0, LIMIT)).not.toContain('TooManyRequestsException');
    expect(answers[LIMIT]).toBe('TooManyRequestsException');
    // Another address has its own budget.
    expect(await refresh(server.pool.clientId, '203.0.113.10')).not.toBe('TooManyRequestsException');
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    const answers: string[] = [];
    for (let i = 1; i <= LIMIT + 1; i++) answers.push(await refresh(server.pool.clientId, `2001:db8:5:7::${i.toString(16)}`));
    expect(answers.slice(0, LIMIT)).not.toContain('TooManyRequestsException');
    expect(answers[LIMIT]).toBe('TooManyRequestsException');
    expect(await refresh(server.pool.clientId, '2001:db8:5:8::1')).not.toBe('TooManyRequestsException');
  });

  it('deletes expired counters in the course of requests, without the housekeeping interval of main.ts', async () => {
    expect(await rows()).toBeGreaterThan(1);
    (server.clock as ManualClock).advance(61);
    expect(await refresh(server.pool.clientId, '192.0.2.77')).toBe('NotAuthorizedException');
    const left = await server.db.query<{ key: string }>('SELECT key FROM rate_limit_counters');
    expect(left.map((r) => r.key)).toEqual([`req:${server.pool.userPoolId}|192.0.2.77`]);
  });

  it.runIf(database === 'postgres')('limits one address across two servers on one PostgreSQL (the counters live in the database)', async () => {
    const other = await startTestServer({ database, env: ENV, schema: server.schema, seed: false });
    try {
      const answers: string[] = [];
      for (let i = 0; i <= LIMIT; i++) answers.push(await refresh(server.pool.clientId, '198.51.100.200', i % 2 === 0 ? server : other));
      expect(answers.slice(0, LIMIT)).not.toContain('TooManyRequestsException');
      expect(answers[LIMIT]).toBe('TooManyRequestsException');
    } finally {
      await other.close();
    }
  });
});

describe('the address a request is counted under', () => {
  it('is the IPv4 address, with or without its IPv6 mapping', () => {
    expect(callerAddressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(callerAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('is the /64 prefix of an IPv6 address, however it is written', () => {
    expect(callerAddressKey('2001:db8:5:7::1')).toBe('2001:db8:5:7::/64');
    expect(callerAddressKey('2001:0db8:0005:0007:ffff:1:2:3')).toBe('2001:db8:5:7::/64');
    expect(callerAddressKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(callerAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(callerAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('is cut to a bounded length when it is not an address', () => {
    expect(callerAddressKey('x'.repeat(500))).toHaveLength(64);
  });
});
