// Error logs without request bodies: a real server whose database fails under a request (a table
// gone) logs the failure at error level with its request id, operation and step, and without the
// body that was sent or the failed statement's parameters (which PGlite attaches to its errors).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTokensFor, BOTH_DATABASES, startTestServer, TEST_PRODUCTION_SECRETS, type TestServer } from '../harness.js';

type LogLine = Record<string, unknown> & { level: number; msg?: string; reqId?: string; err?: Record<string, unknown> };

describe.each(BOTH_DATABASES)('error logs on %s', (database) => {
  const logs: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database, env: { LOG_LEVEL: 'trace', CLIENT_REQUEST_LIMIT: '0' }, logStream: { write: (line) => logs.push(line) } });
  });
  afterAll(async () => server.close());

  const linesOf = (reqId: string): LogLine[] => logs.map((line) => JSON.parse(line) as LogLine).filter((line) => line.reqId === reqId);

  it('logs a failed operation with its request id and step, never the body or the statement parameters', async () => {
    // Threat: an exception dumping the request (a password, a code) or the failed SQL's parameters into the error log.
    const username = `params-marker-${randomBytes(6).toString('hex')}`;
    const password = `Body-${randomBytes(8).toString('hex')}-Aa1!`;
    await server.db.query('ALTER TABLE users RENAME TO users_gone');
    let response: Response;
    try {
      response = await fetch(`${server.url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp', 'x-request-id': `broken-${username}` },
        body: JSON.stringify({ ClientId: server.pool.clientId, Username: username, Password: password, UserAttributes: [{ Name: 'email', Value: `${username}@example.com` }] }),
      });
    } finally {
      await server.db.query('ALTER TABLE users_gone RENAME TO users');
    }
    expect(response.status).toBe(500);
    expect(((await response.json()) as { __type: string }).__type).toBe('InternalErrorException');
    const lines = linesOf(`broken-${username}`);
    const failure = lines.find((line) => line.msg === 'operation failed unexpectedly');
    expect(failure?.level).toBe(50);
    expect(failure).toMatchObject({ operation: 'SignUp', err: { code: '42P01' } });
    expect(String(failure?.err?.message)).toContain('users');
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    // The request id carries the username (the caller chose it); the rest of every line must not.
    expect(text.replaceAll(`broken-${username}`, '')).not.toContain(username);
    expect(text).not.toContain(password);
    expect(text).not.toMatch(/"(params|query|detail|internalQuery)"/);
  });

  it('logs a data API failure with its request id, never the mutation variables', async () => {
    // Threat: business data and tokens from a failing GraphQL request copied into the error log.
    const { AccessToken } = await issueTokensFor(server, 'admin');
    const marker = `vars-marker-${randomBytes(6).toString('hex')}`;
    await server.db.query('ALTER TABLE "ClientMdl" RENAME TO "ClientMdl_gone"');
    let response: Response;
    try {
      response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: AccessToken, 'x-request-id': 'broken-graphql' },
        body: JSON.stringify({ query: 'mutation ($i: CreateClientMdlInput!) { createClientMdl(input: $i) { id } }', variables: { i: { clientNumber: marker, clientName: marker } } }),
      });
    } finally {
      await server.db.query('ALTER TABLE "ClientMdl_gone" RENAME TO "ClientMdl"');
    }
    const body = (await response.json()) as { errors?: { errorType: string }[] };
    expect(body.errors?.[0]?.errorType).toBe('InternalFailure');
    const lines = linesOf('broken-graphql');
    expect(lines.some((line) => line.msg === 'data API internal failure' && line.level === 50)).toBe(true);
    const text = lines.map((line) => JSON.stringify(line)).join('\n');
    expect(text).not.toContain(marker);
    expect(text).not.toContain(AccessToken.split('.')[2] ?? 'no-signature');
  });
});

describe('a service failing under a request', () => {
  const logs: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    // Production delivery to an SMTP server that is not there.
    server = await startTestServer({
      env: { ...TEST_PRODUCTION_SECRETS, STEWARD_MODE: 'production', LOG_LEVEL: 'info', CLIENT_REQUEST_LIMIT: '0', CODE_PEPPER: `pepper-${randomBytes(16).toString('hex')}`, SMTP_URL: 'smtp://127.0.0.1:1' },
      logStream: { write: (line) => logs.push(line) },
    });
  });
  afterAll(async () => server.close());

  it("logs through the request's logger: the delivery failure carries the request id", async () => {
    const username = `mailless-${randomBytes(4).toString('hex')}`;
    const response = await fetch(`${server.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp', 'x-request-id': `mail-${username}` },
      body: JSON.stringify({ ClientId: server.pool.clientId, Username: username, Password: 'Mailless-Passw0rd!', UserAttributes: [{ Name: 'email', Value: `${username}@example.com` }] }),
    });
    expect(((await response.json()) as { __type: string }).__type).toBe('CodeDeliveryFailureException');
    const failure = logs.map((line) => JSON.parse(line) as LogLine).find((line) => line.msg === 'email delivery failed');
    expect(failure).toMatchObject({ level: 50, reqId: `mail-${username}` });
    expect(logs.join('\n')).not.toContain('Mailless-Passw0rd!');
  });
});
