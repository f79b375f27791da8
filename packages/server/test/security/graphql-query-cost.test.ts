// Threat: a small request that costs the server far more than its size because the query limits
// do not see part of it: thousands of aliased `__typename` (uncounted fields), or introspection
// nested past the depth limit (introspection was skipped by the depth check).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from '../../src/graphql/execution/graphql-js.js';
import { defaultQueryLimits } from '../../src/graphql/index.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';

interface Answer {
  readonly status: number;
  readonly body: { readonly data: Record<string, unknown> | null; readonly errors?: readonly { readonly errorType: string; readonly message: string }[] };
}

const { maxFields, maxIntrospectionDepth, maxTokens } = defaultQueryLimits;

/** `count` aliased `__typename` selections. */
const typenames = (count: number, prefix = 't'): string => Array.from({ length: count }, (_, i) => `${prefix}${i}: __typename`).join(' ');

/** An introspection query exactly `depth` levels deep: `__type`, then `ofType` links, then `name`. */
const introspectionOfDepth = (depth: number): string => `{ __type(name: "Query") { ${'ofType { '.repeat(depth - 2)}name${' }'.repeat(depth - 2)} } }`;

describe.each(BOTH_DATABASES)('query limits that cannot be side-stepped (%s)', (database) => {
  let server: TestServer;
  let token: string;
  const gql = async (query: string): Promise<Answer> => {
    const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query }) });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  const expectLimit = (res: Answer, message: string): void => {
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(res.body.errors?.[0]?.errorType).toBe('QueryLimitExceededException');
    expect(res.body.errors?.[0]?.message).toContain(message);
  };

  beforeAll(async () => {
    // Development mode: introspection is on, so its depth is what is checked.
    server = await startTestServer({ database });
    token = (await issueTokensFor(server, 'staff')).AccessToken;
  });
  afterAll(async () => server.close());

  it('counts aliased __typename as fields: 1200 of them are refused, 1000 answer', async () => {
    const over = `{ ${typenames(1200)} }`;
    // Under the token limit, so it is the field count that refuses it.
    expect(over.split(' ').length).toBeLessThan(maxTokens);
    expectLimit(await gql(over), `more than ${maxFields} fields`);
    const at = await gql(`{ ${typenames(maxFields)} }`);
    expect(at.status).toBe(200);
    expect(Object.keys(at.body.data ?? {})).toHaveLength(maxFields);
  });

  it('refuses thousands of aliased __typename reached through repeated fragment spreads', async () => {
    const spreads = Array.from({ length: 6 }, () => '... on Query { ...T }').join(' ');
    expectLimit(await gql(`{ ${spreads} } fragment T on Query { ${typenames(500)} }`), `more than ${maxFields} fields`);
  });

  it('counts aliased introspection fields and the fields under them', async () => {
    const types = Array.from({ length: 200 }, (_, i) => `q${i}: __type(name: "Query") { ...N }`).join(' ');
    expectLimit(await gql(`{ ${types} } fragment N on __Type { name ${typenames(5, 'n')} }`), `more than ${maxFields} fields`);
  });

  it(`refuses an introspection query nested deeper than ${maxIntrospectionDepth} levels, and answers one at the limit`, async () => {
    expectLimit(await gql(introspectionOfDepth(maxIntrospectionDepth + 1)), `introspection query is nested deeper than ${maxIntrospectionDepth} levels`);
    expectLimit(await gql(`{ __schema { types { fields { type { ${'ofType { '.repeat(40)}name${' }'.repeat(40)} } } } } }`), 'nested deeper than');
    const at = await gql(introspectionOfDepth(maxIntrospectionDepth));
    expect(at.status).toBe(200);
    expect(at.body.errors).toBeUndefined();
  });

  it('answers the standard introspection query of graphql-js (GraphiQL, code generators)', async () => {
    const res = await gql(getIntrospectionQuery());
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect((res.body.data?.__schema as { queryType: { name: string } }).queryType.name).toBe('Query');
  });
});
