// The JSON 1.1 transport: every answer to bad input is a Cognito-shaped 4xx, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../src/time/clock.js';
import { startTestServer, type TestServer } from './harness.js';

describe('JSON 1.1 wire protocol', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { BODY_LIMIT_BYTES: '4096' } });
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (body: string, headers: Record<string, string>) => fetch(`${server.url}/`, { method: 'POST', headers, body });
  const amz = (target: string) => ({ 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` });

  async function expectError(response: Response, status: number, type: string): Promise<string> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(response.headers.get('x-amzn-errortype')).toBe(type);
    const body = (await response.json()) as { __type: string; message: string };
    expect(body.__type).toBe(type);
    expect(typeof body.message).toBe('string');
    return body.message;
  }

  it('answers malformed JSON with SerializationException', async () => {
    await expectError(await post('{"ClientId": ', amz('SignUp')), 400, 'SerializationException');
  });

  it('answers an unknown target with UnknownOperationException', async () => {
    await expectError(await post('{}', amz('MakeCoffee')), 400, 'UnknownOperationException');
    await expectError(await post('{}', { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'Nope.SignUp' }), 400, 'UnknownOperationException');
  });

  it('answers a missing target with UnknownOperationException', async () => {
    await expectError(await post('{}', { 'content-type': 'application/x-amz-json-1.1' }), 400, 'UnknownOperationException');
  });

  it('answers missing members with InvalidParameterException in Cognito wording', async () => {
    const message = await expectError(await post(JSON.stringify({ ClientId: server.pool.clientId }), amz('SignUp')), 400, 'InvalidParameterException');
    expect(message).toBe("1 validation error detected: Value null at 'username' failed to satisfy constraint: Member must not be null");
  });

  it('answers wrongly typed members with InvalidParameterException listing each problem', async () => {
    const message = await expectError(await post(JSON.stringify({ ClientId: 5, Username: ['x'], Password: true }), amz('SignUp')), 400, 'InvalidParameterException');
    expect(message).toMatch(/^3 validation errors detected: /);
    expect(message).toContain("at 'clientId' failed to satisfy constraint: Member must be a string");
  });

  it('answers a non-object body with InvalidParameterException', async () => {
    await expectError(await post('[1,2,3]', amz('SignUp')), 400, 'InvalidParameterException');
    await expectError(await post('"text"', amz('GetUser')), 400, 'InvalidParameterException');
  });

  it('answers an oversized body with InvalidParameterException, not Fastify’s 413 shape', async () => {
    const big = JSON.stringify({ ClientId: server.pool.clientId, Username: 'x'.repeat(10_000), Password: 'y' });
    await expectError(await post(big, amz('SignUp')), 400, 'InvalidParameterException');
  });

  it('answers an unsupported content type with SerializationException', async () => {
    await expectError(await post('{}', { 'content-type': 'text/plain', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' }), 400, 'SerializationException');
  });

  it('accepts application/json as well and answers in application/x-amz-json-1.1', async () => {
    const response = await post(JSON.stringify({ ClientId: server.pool.clientId, Username: 'staff' }), { 'content-type': 'application/json', 'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-amz-json-1.1');
    expect(((await response.json()) as { CodeDeliveryDetails: { DeliveryMedium: string } }).CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
  });

  it('answers an unknown app client with ResourceNotFoundException', async () => {
    await expectError(await post(JSON.stringify({ ClientId: 'doesnotexist', Username: 'x', Password: 'Passw0rd!!' }), amz('SignUp')), 400, 'ResourceNotFoundException');
  });

  it('validates the whole input before looking the app client up', async () => {
    const message = await expectError(await post(JSON.stringify({ ClientId: 'doesnotexist', Password: 'Passw0rd!!' }), amz('SignUp')), 400, 'InvalidParameterException');
    expect(message).toBe("1 validation error detected: Value null at 'username' failed to satisfy constraint: Member must not be null");
  });

  it('requires a SigV4 signature for admin operations (MissingAuthenticationTokenException)', async () => {
    // Threat: anonymous callers using the admin operations of the public endpoint.
    await expectError(await post(JSON.stringify({ UserPoolId: server.pool.userPoolId, Username: 'admin' }), amz('AdminDeleteUser')), 403, 'MissingAuthenticationTokenException');
    const rows = await server.db.query('SELECT 1 FROM users WHERE username_key = $1', ['admin']);
    expect(rows).toHaveLength(1);
  });

  it('refuses a malformed signature header without a 500', async () => {
    const headers = { ...amz('AdminGetUser'), authorization: 'AWS4-HMAC-SHA256 Credential=garbage', 'x-amz-date': 'nope' };
    const response = await post(JSON.stringify({ UserPoolId: server.pool.userPoolId, Username: 'admin' }), headers);
    expect(response.status).toBeLessThan(500);
  });
});

describe('JSON 1.1 admin operations without an admin credential configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ADMIN_ACCESS_KEY_ID: '', ADMIN_SECRET_ACCESS_KEY: '' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses every admin operation with AccessDeniedException', async () => {
    const { status, body } = await server.call('AdminGetUser', { UserPoolId: server.pool.userPoolId, Username: 'admin' });
    expect(status).toBe(400);
    expect(body.__type).toBe('AccessDeniedException');
  });
});

describe('per-client request rate', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CLIENT_REQUEST_LIMIT: '3', CLIENT_REQUEST_WINDOW_SECONDS: '60' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers TooManyRequestsException past CLIENT_REQUEST_LIMIT and serves again in the next window', async () => {
    const call = () => server.call('ResendConfirmationCode', { ClientId: server.pool.clientId, Username: 'nobody' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call()).body.__type ?? 'ok');
    expect(statuses.slice(0, 3)).not.toContain('TooManyRequestsException');
    expect(statuses[3]).toBe('TooManyRequestsException');
    (server.clock as ManualClock).advance(61);
    expect((await call()).body.__type).not.toBe('TooManyRequestsException');
  });
});
