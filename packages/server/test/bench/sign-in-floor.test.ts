// The sign-in bench's floor servers set the bar the real server is judged against, so they must do the
// work they claim. Threat to the benchmark: a floor that skipped the password proof or the TOTP check
// would look cheaper than any honest server can be, and make the real one look slow.
import { randomBytes } from 'node:crypto';
import { poolNameFromUserPoolId } from '@steward/auth-core/srp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PASSWORD, signIn, startServer, UserRotation, type ServerHandle } from '../../bench/sign-in.bench.js';
import type { FloorServerRequest } from '../../bench/sign-in-floor-server.js';
import { TEST_POSTGRES_URL } from '../harness.js';

const stores: FloorServerRequest['store'][] = ['memory', 'postgres', 'sealed'];

async function call(url: string, target: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe.each(stores)('the %s floor of the sign-in bench', (store) => {
  let server: ServerHandle;
  let url: string;
  let poolName: string;

  beforeAll(async () => {
    server = await startServer({ store, postgresUrl: TEST_POSTGRES_URL, schema: `test_floor_${randomBytes(4).toString('hex')}`, users: 3, password: PASSWORD }, 'sign-in-floor-server.ts');
    url = `http://127.0.0.1:${server.ready.port}/`;
    poolName = poolNameFromUserPoolId(server.ready.userPoolId);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('completes an SRP + TOTP sign-in with the right password and code', async () => {
    await expect(signIn(url, server.ready.clientId, poolName, new UserRotation(server.ready.users))).resolves.toBeUndefined();
  });

  it('refuses a claim signed with a wrong password', async () => {
    await expect(signIn(url, server.ready.clientId, poolName, new UserRotation(server.ready.users), { password: 'Wrong-Passw0rd!' })).rejects.toThrow(/Incorrect username or password/);
  });

  it('refuses a wrong TOTP code', async () => {
    // One digit off: a different code for this step (and, but for a one-in-a-million chance, for the steps beside it).
    const oneDigitOff = (right: string): string => `${right.slice(0, 5)}${(Number(right[5]) + 1) % 10}`;
    await expect(signIn(url, server.ready.clientId, poolName, new UserRotation(server.ready.users), { code: oneDigitOff })).rejects.toThrow(/Invalid code/);
  });

  it('refuses a Session it never issued', async () => {
    const username = server.ready.users[0]?.username ?? '';
    const forged = await call(url, 'RespondToAuthChallenge', { ClientId: server.ready.clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: randomBytes(64).toString('base64url'), ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: '000000' } });
    expect(forged.status).toBe(400);
    expect(forged.json.__type).toBe('NotAuthorizedException');
  });
});
