// Threat: a production /graphql handing any signed-in caller a map of the whole schema (every type,
// field and argument, admin-only ones included) through introspection or through the "Did you mean
// …?" hints of error messages, which let a caller guess names one typo at a time.
import { randomUUID } from 'node:crypto';
import { AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, issueTokensFor, startTestServer, TEST_ADMIN_CREDENTIALS, TEST_PRODUCTION_SECRETS, type TestServer } from '../harness.js';

interface Answer {
  readonly status: number;
  readonly body: { readonly data: Record<string, unknown> | null; readonly errors?: readonly { readonly errorType: string; readonly message: string }[] };
}

const SCHEMA = '{ __schema { types { name } } }';
const TYPE = '{ __type(name: "UserMdl") { fields { name } } }';
/** Misspellings graphql-js would answer with a hint: a query field, a record field, an argument, a filter field in variables. */
const TYPOS: readonly [string, Record<string, unknown> | undefined][] = [
  ['{ listAccountMdl { items { id } } }', undefined],
  ['{ listAccountMdls { items { clientNumbe } } }', undefined],
  ['{ listAccountMdls(limt: 1) { items { id } } }', undefined],
  ['query ($f: ModelAccountMdlFilterInput) { listAccountMdls(filter: $f) { items { id } } }', { f: { clientNumbr: { eq: 'C' } } }],
];

/** A server in `env`'s mode (kept in `started` for closing) and an access token of a fresh, ordinary user of it. */
async function serverWithUser(database: (typeof BOTH_DATABASES)[number], env: Record<string, string>, started: TestServer[]): Promise<{ server: TestServer; token: string }> {
  const server = await startTestServer({ database, env });
  started.push(server);
  const admin = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
  const username = `disclosure-${randomUUID()}`;
  try {
    await admin.send(new AdminCreateUserCommand({ UserPoolId: server.pool.userPoolId, Username: username, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: `${username}@example.com` }] }));
  } finally {
    admin.destroy();
  }
  return { server, token: (await issueTokensFor(server, username)).AccessToken };
}

async function gql(server: TestServer, token: string, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

describe.each(BOTH_DATABASES)('schema disclosure on /graphql (%s)', (database) => {
  const servers: TestServer[] = [];
  let production: { server: TestServer; token: string };
  let development: { server: TestServer; token: string };
  let configuredOn: { server: TestServer; token: string };
  beforeAll(async () => {
    production = await serverWithUser(database, { ...TEST_PRODUCTION_SECRETS, STEWARD_MODE: 'production', MANAGED_LOGIN_TLS: 'false' }, servers);
    development = await serverWithUser(database, { STEWARD_MODE: 'development' }, servers);
    configuredOn = await serverWithUser(database, { ...TEST_PRODUCTION_SECRETS, STEWARD_MODE: 'production', MANAGED_LOGIN_TLS: 'false', GRAPHQL_INTROSPECTION: 'true', GRAPHQL_FIELD_SUGGESTIONS: 'true' }, servers);
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it.each([SCHEMA, TYPE])('refuses introspection in production mode with ValidationError: %s', async (query) => {
    const res = await gql(production.server, production.token, query);
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]?.errorType).toBe('ValidationError');
    expect(res.body.errors?.[0]?.message).toContain('introspection has been disabled');
  });

  it('still answers __typename in production mode (Amplify clients select it)', async () => {
    expect((await gql(production.server, production.token, '{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  });

  it('gives no "Did you mean" hint in production mode, and still names the wrong name', async () => {
    for (const [query, variables] of TYPOS) {
      const res = await gql(production.server, production.token, query, variables);
      expect(res.status, query).toBe(400);
      const messages = (res.body.errors ?? []).map((e) => e.message);
      expect(messages.length, query).toBeGreaterThan(0);
      for (const message of messages) expect(message, query).not.toMatch(/did you mean/i);
      expect(messages.join(' '), query).toMatch(/listAccountMdl\b|clientNumbe\b|limt|clientNumbr/);
    }
  });

  it('answers introspection and hints in development mode', async () => {
    const res = await gql(development.server, development.token, TYPE);
    expect((res.body.data?.__type as { fields: { name: string }[] }).fields.map((f) => f.name)).toContain('clientNumber');
    const [query, variables] = TYPOS[0] ?? ['', undefined];
    expect((await gql(development.server, development.token, query, variables)).body.errors?.[0]?.message).toMatch(/Did you mean .*"listAccountMdls"/);
  });

  it('answers introspection and hints in production mode when GRAPHQL_INTROSPECTION and GRAPHQL_FIELD_SUGGESTIONS are on', async () => {
    const res = await gql(configuredOn.server, configuredOn.token, SCHEMA);
    expect((res.body.data?.__schema as { types: { name: string }[] }).types.map((t) => t.name)).toContain('UserMdl');
    for (const [query, variables] of TYPOS) {
      expect((await gql(configuredOn.server, configuredOn.token, query, variables)).body.errors?.[0]?.message, query).toMatch(/Did you mean/);
    }
  });
});
