// Threat: an oversize or unstorable input value (thousands of characters in an indexed field, a NUL
// byte, a lone surrogate, a decimal beyond its column) reaching the database through /graphql and
// failing there as InternalFailure, or being stored altered, instead of a clear validation error.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultQueryLimits } from '../../src/graphql/index.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';

interface GqlError {
  readonly errorType: string;
  readonly message: string;
  readonly path?: readonly (string | number)[];
}
interface Gql {
  readonly status: number;
  readonly body: { readonly data: Record<string, unknown> | null; readonly errors?: readonly GqlError[] };
}

const { maxKeyLength, maxTextLength, maxJsonLength } = defaultQueryLimits;

/** Text that does not compress (CJK, 3 UTF-8 bytes each): PostgreSQL would shrink repeated characters below its index limit. */
function incompressible(length: number): string {
  return Array.from({ length }, () => String.fromCodePoint(0x4e00 + randomInt(20_000))).join('');
}

describe.each(BOTH_DATABASES)('input limits of the data API (%s)', (database) => {
  let server: TestServer;
  let token: string;
  const gql = async (query: string, variables?: Record<string, unknown>): Promise<Gql> => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as Gql['body'] };
  };
  const createConfig = (input: Record<string, unknown>) => gql('mutation ($i: CreateConfigMdlInput!) { createConfigMdl(input: $i) { id } }', { i: input });
  const expectRefused = (res: Gql, field: string, message: string | RegExp): void => {
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ [field]: null });
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', path: [field] });
    expect(res.body.errors?.[0]?.message).toMatch(message);
  };

  beforeAll(async () => {
    server = await startTestServer({ database });
    token = (await issueTokensFor(server, 'admin')).AccessToken;
  });
  afterAll(async () => server.close());

  it.each([3000, 10_000])('refuses a %i-character indexed value with BadRequestException naming the field and limit, and stores nothing', async (length) => {
    const configName = incompressible(length);
    const res = await createConfig({ configName });
    expectRefused(res, 'createConfigMdl', `ConfigMdl.configName may hold at most ${maxKeyLength} characters; got ${length}.`);
    const stored = await server.db.query('SELECT 1 FROM "ConfigMdl" WHERE "configName" = $1', [configName]);
    expect(stored).toEqual([]);
  });

  it('stores key-limit values in every column of the widest index (two fields and the id)', async () => {
    const [id, clientNumber, accountStatus] = [incompressible(maxKeyLength), incompressible(maxKeyLength), incompressible(maxKeyLength)];
    const res = await gql('mutation ($i: CreateAccountMdlInput!) { createAccountMdl(input: $i) { id clientNumber accountStatus } }', { i: { id, clientNumber, accountStatus } });
    expect(res.body).toEqual({ data: { createAccountMdl: { id, clientNumber, accountStatus } } });
  });

  it('refuses an over-long id in create, get, update and delete', async () => {
    const id = 'i'.repeat(maxKeyLength + 1);
    expectRefused(await createConfig({ id }), 'createConfigMdl', 'ConfigMdl.id may hold at most');
    expectRefused(await gql('query ($id: ID!) { getConfigMdl(id: $id) { id } }', { id }), 'getConfigMdl', 'id may hold at most');
    expectRefused(await gql('mutation ($id: ID!) { updateConfigMdl(input: { id: $id, configName: "x" }) { id } }', { id }), 'updateConfigMdl', 'ConfigMdl.id may hold at most');
    expectRefused(await gql('mutation ($id: ID!) { deleteConfigMdl(input: { id: $id }) { id } }', { id }), 'deleteConfigMdl', 'ConfigMdl.id may hold at most');
  });

  it('takes free text up to its limit and refuses one character more, on create and update', async () => {
    const create = 'mutation ($i: CreateTicketMdlInput!) { createTicketMdl(input: $i) { id } }';
    const ok = await gql(create, { i: { description: incompressible(maxTextLength) } });
    expect(ok.body.errors).toBeUndefined();
    expectRefused(await gql(create, { i: { description: 'd'.repeat(maxTextLength + 1) } }), 'createTicketMdl', `TicketMdl.description may hold at most ${maxTextLength} characters`);
    const id = String((ok.body.data?.createTicketMdl as { id: string }).id);
    const update = await gql('mutation ($i: UpdateTicketMdlInput!) { updateTicketMdl(input: $i) { id } }', { i: { id, subject: 's'.repeat(maxTextLength + 1) } });
    expectRefused(update, 'updateTicketMdl', 'TicketMdl.subject may hold at most');
  });

  it('takes JSON up to its larger limit and refuses it beyond', async () => {
    const json = (length: number) => JSON.stringify('j'.repeat(length - 2));
    expect((await createConfig({ config: json(maxJsonLength) })).body.errors).toBeUndefined();
    expectRefused(await createConfig({ config: json(maxJsonLength + 1) }), 'createConfigMdl', `ConfigMdl.config may hold at most ${maxJsonLength} characters`);
  });

  it('refuses a NUL character in an input value, a filter operand and an id before it reaches the database', async () => {
    const sent: unknown[] = [];
    const query = server.db.query.bind(server.db);
    const spy = vi.spyOn(server.db, 'query').mockImplementation(async (sql, params) => {
      sent.push(...(params ?? []));
      return query(sql, params);
    });
    try {
      expectRefused(await createConfig({ configName: 'a\u0000b' }), 'createConfigMdl', 'ConfigMdl.configName contains a NUL character');
      const list = await gql('query ($f: ModelConfigMdlFilterInput) { listConfigMdls(filter: $f) { items { id } } }', { f: { or: [{ owner: { contains: '\u0000' } }] } });
      expectRefused(list, 'listConfigMdls', 'Filter owner.contains contains a NUL character');
      expectRefused(await gql('query ($id: ID!) { getConfigMdl(id: $id) { id } }', { id: '\u0000' }), 'getConfigMdl', 'id contains a NUL character');
    } finally {
      spy.mockRestore();
    }
    expect(sent.filter((v) => typeof v === 'string' && v.includes('\u0000'))).toEqual([]);
  });

  it('refuses a lone surrogate instead of storing it altered, and keeps a proper pair', async () => {
    expectRefused(await createConfig({ configName: 'a\ud800b' }), 'createConfigMdl', 'ConfigMdl.configName is not valid Unicode');
    const pair = await gql('mutation ($i: CreateConfigMdlInput!) { createConfigMdl(input: $i) { configName } }', { i: { configName: 'a\u{1F600}b' } });
    expect(pair.body).toEqual({ data: { createConfigMdl: { configName: 'a\u{1F600}b' } } });
  });

  it('refuses a filter operand longer than its field may hold, also in a connection and a condition', async () => {
    const list = await gql('query ($v: String) { listAccountMdls(filter: { clientNumber: { beginsWith: $v } }) { items { id } } }', { v: 'c'.repeat(maxKeyLength + 1) });
    expectRefused(list, 'listAccountMdls', `Filter clientNumber.beginsWith may hold at most ${maxKeyLength} characters`);
    const created = await gql('mutation { createClientMdl(input: { clientName: "c" }) { id } }');
    const id = String((created.body.data?.createClientMdl as { id: string }).id);
    const connection = await gql('query ($id: ID!, $v: String) { getClientMdl(id: $id) { id Accounts(filter: { fileNumber: { eq: $v } }) { items { id } } } }', {
      id,
      v: 'f'.repeat(maxKeyLength + 1),
    });
    expect(connection.body.data).toEqual({ getClientMdl: { id, Accounts: null } });
    expect(connection.body.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', path: ['getClientMdl', 'Accounts'] });
    const condition = await gql('mutation ($id: ID!, $v: String) { updateClientMdl(input: { id: $id }, condition: { clientName: { eq: $v } }) { id } }', { id, v: 'n'.repeat(maxTextLength + 1) });
    expectRefused(condition, 'updateClientMdl', 'Filter clientName.eq may hold at most');
  });

  it('refuses a money value beyond numeric(18,2) with a message naming the field', async () => {
    expectRefused(await gql('mutation { createAccountMdl(input: { amountPaid: 1e16 }) { id } }'), 'createAccountMdl', 'AccountMdl.amountPaid must be less than');
    const ok = await gql('mutation { createAccountMdl(input: { amountPaid: 9999999999999998 }) { amountPaid } }');
    expect(ok.body.data).toEqual({ createAccountMdl: { amountPaid: 9999999999999998 } });
  });
});
