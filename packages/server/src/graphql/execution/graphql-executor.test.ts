import { describe, expect, it } from 'vitest';
import { defaultQueryLimits } from '../limits/query-limits.js';
import { dataModel } from '../model/data-model.js';
import { resolveModel } from '../model/resolved-model.js';
import type { DataApiContext } from '../resolvers/data-api-context.js';
import { buildDataApiSchema } from '../schema/build-schema.js';
import { GraphqlExecutor } from './graphql-executor.js';

const schema = buildDataApiSchema(resolveModel(dataModel));
// Queries below touch no resolver that needs the store or the caller.
const context = {} as DataApiContext;

describe('GraphqlExecutor', () => {
  it('compiles an operation on its second run and answers the same', async () => {
    const failures: unknown[] = [];
    const executor = new GraphqlExecutor(schema, defaultQueryLimits, (error) => failures.push(error));
    // Skipped, the record field needs no store; its types and arguments are still compiled.
    const request = {
      query: 'query Probe($id: ID!, $skip: Boolean!) { getAccountMdl(id: $id) @skip(if: $skip) { id Contacts(limit: 5) { items { id } } } kind: __typename }',
      variables: { id: 'a', skip: true },
      operationName: 'Probe',
    };
    const first = await executor.run(request, context);
    const second = await executor.run(request, context);
    expect(first).toEqual({ status: 200, body: { data: { kind: 'Query' } } });
    expect(second).toEqual(first);
    // A failed compilation is logged (and graphql-js answers); none may happen.
    expect(failures).toEqual([]);
  });

  it('keeps operations with variables of recursive input types (filters) on graphql-js', async () => {
    // Threat: graphql-jit compiling the parsing of a self-referencing input type forever (its issue
    // #81): one client repeating a filter query would exhaust the server's memory.
    const failures: unknown[] = [];
    const executor = new GraphqlExecutor(schema, defaultQueryLimits, (error) => failures.push(error));
    const request = {
      query: 'query ($f: ModelAccountMdlFilterInput, $skip: Boolean!) { listAccountMdls(filter: $f) @skip(if: $skip) { items { id } } kind: __typename }',
      variables: { f: { or: [{ clientNumber: { eq: 'C-1' } }, { not: { accountStatus: { eq: 'OPEN' } } }] }, skip: true },
      operationName: null,
    };
    for (let run = 0; run < 3; run++) expect(await executor.run(request, context)).toEqual({ status: 200, body: { data: { kind: 'Query' } } });
    expect(failures).toEqual([]);
  });

  it('answers introspection with graphql-js, also on later runs', async () => {
    const failures: unknown[] = [];
    const executor = new GraphqlExecutor(schema, defaultQueryLimits, (error) => failures.push(error));
    const request = { query: '{ __type(name: "AccountMdl") { fields { name } } }', variables: {}, operationName: null };
    for (let run = 0; run < 3; run++) {
      const res = await executor.run(request, context);
      expect((res.body.data as { __type: { fields: { name: string }[] } }).__type.fields.map((f) => f.name)).toContain('Contacts');
    }
    expect(failures).toEqual([]);
  });
});
