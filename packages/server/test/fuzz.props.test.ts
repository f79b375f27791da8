// Generated malformed bodies for every registered operation: never a 500, never a crash, and the
// pool still serves a full sign-up afterwards.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServiceError } from '../src/errors/catalogue.js';
import type { OperationContext } from '../src/user-pool/operations/operation-context.js';
import { startTestServer, type TestServer } from './harness.js';

const RUNS_PER_OPERATION = 25;

describe('fuzzing every operation with malformed bodies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CLIENT_REQUEST_LIMIT: '0', CODE_SEND_LIMIT: '0' } });
  });
  afterAll(async () => {
    await server.close();
  });

  /** Values that are plausible, wrong, or hostile for any member. */
  const memberValue = () =>
    fc.oneof(
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
        { numRuns: RUNS_PER_OPERATION },
      );
    }
  });

  it('never fails unexpectedly when admin operations run the fuzzed input directly (as the CLI does)', async () => {
    const ctx: OperationContext = { ...server.app.steward, caller: { kind: 'cli' }, request: { requestId: randomUUID(), ip: 'fuzz' } };
    for (const op of server.app.steward.registry.list().filter((o) => o.access === 'admin')) {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.constantFrom(...op.inputMembers), memberValue(), { maxKeys: op.inputMembers.length }), async (input) => {
          try {
            await op.invoke(ctx, input);
          } catch (error) {
            if (!isServiceError(error)) throw error;
          }
        }),
        { numRuns: RUNS_PER_OPERATION },
      );
    }
  });

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
