import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityFields, entityNames, entityPlurals } from '../src/index.js';
import { startDataApi, type DataApiHarness } from './data-client-harness.js';

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

const typeName = (t: TypeRef): string => (t.kind === 'NON_NULL' && t.ofType !== null ? `${typeName(t.ofType)}!` : String(t.name));

// The client's field table must describe the server's schema exactly, or typed operations lie.
describe("the client's entity table", () => {
  let h: DataApiHarness;
  let token: string;
  beforeAll(async () => {
    h = await startDataApi('pglite');
    token = await h.tokens.issue('admin', { groups: ['Admins'] });
  });
  afterAll(async () => h.close());

  it.each(entityNames)('matches the server schema of %s', async (name) => {
    const res = await h.gql<{ __type: { fields: { name: string; type: TypeRef }[] } }>(
      token,
      'query ($n: String!) { __type(name: $n) { fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }',
      { n: name },
    );
    const server = (res.body.data?.__type.fields ?? []).filter((f) => f.type.kind !== 'OBJECT').map((f) => [f.name, typeName(f.type)] as const);
    const client = [['id', 'ID!'], ...Object.entries(entityFields[name]).map(([f, t]) => [f, t.replace('@derived', '')]), ['createdAt', 'AWSDateTime!'], ['updatedAt', 'AWSDateTime!'], ['_version', 'Int!']];
    expect(Object.fromEntries(server)).toEqual(Object.fromEntries(client));
    const query = await h.gql(token, `{ list${entityPlurals[name]}(limit: 1) { items { id } } }`);
    expect(query.body.errors).toBeUndefined();
  });
});
