import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataApi, type DataApiHarness, type GqlResponse } from './data-api-harness.js';

// Bad input must get a clear GraphQL error in AppSync's shape, never a 500 or a crash. The
// behaviour does not depend on the database, so these run on PGlite only.
describe('bad input', () => {
  let h: DataApiHarness;
  let admin: string;
  const firstError = (res: GqlResponse) => res.body.errors?.[0];

  beforeAll(async () => {
    h = await startDataApi('pglite');
    admin = await h.tokens.issue('admin-sub', { groups: ['Admins'] });
    for (let i = 0; i < 3; i++) await h.gql(admin, `mutation { createAccountMdl(input: { id: "a${i}", clientNumber: "C" }) { id } }`);
  });
  afterAll(async () => h.close());

  it('names an unknown filter field', async () => {
    const res = await h.gql(admin, '{ listAccountMdls(filter: { nope: { eq: "x" } }) { items { id } } }');
    expect(res.status).toBe(400);
    expect(res.body.data).toBeNull();
    expect(firstError(res)).toMatchObject({ errorType: 'ValidationError' });
    expect(firstError(res)?.message).toContain('nope');
  });

  it('names an unknown filter field given in variables', async () => {
    const res = await h.gql(admin, 'query ($f: ModelAccountMdlFilterInput) { listAccountMdls(filter: $f) { items { id } } }', { f: { nope: { eq: 1 } } });
    expect(res.status).toBe(400);
    expect(firstError(res)?.errorType).toBe('ValidationError');
    expect(firstError(res)?.message).toContain('nope');
  });

  it.each([0, -1, 1001])('refuses limit %i with the allowed range', async (limit) => {
    const res = await h.gql(admin, `{ listAccountMdls(limit: ${limit}) { items { id } } }`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ listAccountMdls: null });
    expect(firstError(res)).toMatchObject({ errorType: 'BadRequestException', path: ['listAccountMdls'] });
    expect(firstError(res)?.message).toContain('from 1 to 1000');
  });

  describe('forged nextTokens', () => {
    // Threat: a crafted cursor reaching rows of another query, filter or user.
    const q = 'query ($t: String, $f: ModelAccountMdlFilterInput) { listAccountMdls(filter: $f, limit: 1, nextToken: $t) { items { id } nextToken } }';
    const realToken = async (): Promise<string> => {
      const res = await h.gql<{ listAccountMdls: { nextToken: string } }>(admin, q, {});
      return String(res.body.data?.listAccountMdls.nextToken);
    };
    it('refuses random text', async () => {
      expect(firstError(await h.gql(admin, q, { t: 'not-a-token' }))?.errorType).toBe('InvalidNextTokenException');
    });
    it('refuses a token whose cursor was edited', async () => {
      const token = await realToken();
      const [body, mac] = token.split('.');
      const payload = JSON.parse(Buffer.from(String(body), 'base64url').toString()) as Record<string, unknown>;
      const edited = Buffer.from(JSON.stringify({ ...payload, k: '' })).toString('base64url');
      const res = await h.gql(admin, q, { t: `${edited}.${mac}` });
      expect(firstError(res)?.errorType).toBe('InvalidNextTokenException');
      expect(res.body.data).toEqual({ listAccountMdls: null });
    });
    it('refuses a token with another filter or on another list', async () => {
      const token = await realToken();
      expect(firstError(await h.gql(admin, q, { t: token, f: { clientNumber: { eq: 'C' } } }))?.errorType).toBe('InvalidNextTokenException');
      const other = await h.gql(admin, 'query ($t: String) { listContactMdls(nextToken: $t) { items { id } } }', { t: token });
      expect(firstError(other)?.errorType).toBe('InvalidNextTokenException');
    });
    it('accepts the token unchanged', async () => {
      const res = await h.gql(admin, q, { t: await realToken() });
      const page = (res.body.data as { listAccountMdls: { items: unknown[]; nextToken: unknown } }).listAccountMdls;
      expect(page.items).toEqual([{ id: 'a1' }]);
      expect(typeof page.nextToken).toBe('string');
    });
  });

  it('refuses a filter with a malformed date or a one-sided between', async () => {
    const date = await h.gql(admin, '{ listAccountMdls(filter: { listedDate: { eq: "2024-02-30" } }) { items { id } } }');
    expect(firstError(date)).toMatchObject({ errorType: 'BadRequestException' });
    expect(firstError(date)?.message).toContain('not a date');
    const between = await h.gql(admin, '{ listAccountMdls(filter: { tuScore: { between: [1] } }) { items { id } } }');
    expect(firstError(between)?.message).toContain('exactly two values');
  });

  it('refuses invalid JSON in an AWSJSON field and a malformed AWSDate', async () => {
    const json = await h.gql(admin, 'mutation ($i: CreateMappingMdlInput!) { createMappingMdl(input: $i) { id } }', { i: { mapData: '{oops' } });
    expect(json.status).toBe(400);
    expect(firstError(json)?.errorType).toBe('ValidationError');
    expect(firstError(json)?.message).toContain('AWSJSON');
    const date = await h.gql(admin, 'mutation { createAccountMdl(input: { listedDate: "15/03/2024" }) { id } }');
    expect(firstError(date)?.message).toContain('AWSDate');
  });

  it('refuses a query nested too deeply', async () => {
    const deep = '{ listUserMdls(limit: 1) { items { Tickets(limit: 1) { items { ticketMdl { Users(limit: 1) { items { userMdl { Tickets(limit: 1) { items { id } } } } } } } } } } }';
    const res = await h.gql(admin, deep);
    expect(res.status).toBe(400);
    expect(firstError(res)).toMatchObject({ errorType: 'QueryLimitExceededException' });
    expect(firstError(res)?.message).toContain('deeper than 10');
  });

  it('refuses a query that could return too many records', async () => {
    const res = await h.gql(admin, '{ listAccountMdls(limit: 1000) { items { Contacts(limit: 1000) { items { id } } } } }');
    expect(firstError(res)).toMatchObject({ errorType: 'QueryLimitExceededException' });
    expect(firstError(res)?.message).toContain('more than 20000 records');
  });

  it('measures an operation whose limits come from variables on every request, not only on its first', async () => {
    // Threat: the executor remembers operations that passed the record-cost check; an operation
    // that passes once with small variable limits must not then run with limits past the cost cap.
    const query = 'query ($a: Int, $b: Int) { listAccountMdls(limit: $a) { items { Contacts(limit: $b) { items { id } } } } }';
    for (let run = 0; run < 3; run++) expect(firstError(await h.gql(admin, query, { a: 2, b: 2 }))).toBeUndefined();
    const res = await h.gql(admin, query, { a: 1000, b: 1000 });
    expect(firstError(res)).toMatchObject({ errorType: 'QueryLimitExceededException' });
    expect(firstError(res)?.message).toContain('more than 20000 records');
  });

  it('refuses a query with literal limits past the cost cap on every request', async () => {
    const query = '{ listAccountMdls(limit: 1000) { items { Contacts(limit: 1000) { items { id } } } } }';
    for (let run = 0; run < 3; run++) expect(firstError(await h.gql(admin, query))?.errorType).toBe('QueryLimitExceededException');
  });

  it('refuses alias fan-out', async () => {
    const fragment = `fragment F on AccountMdl { ${Array.from({ length: 40 }, (_, i) => `f${i}: id`).join(' ')} }`;
    const gets = Array.from({ length: 30 }, (_, i) => `q${i}: getAccountMdl(id: "a0") { ...F }`).join(' ');
    const res = await h.gql(admin, `{ ${gets} } ${fragment}`);
    expect(firstError(res)?.message).toContain('more than 1000 fields');
    expect(firstError(res)?.errorType).toBe('QueryLimitExceededException');
  });

  it('refuses oversized query text and too many tokens', async () => {
    const long = await h.gql(admin, `{ getAccountMdl(id: "a0") { id } } # ${'x'.repeat(40_000)}`);
    expect(long.status).toBe(400);
    expect(firstError(long)?.message).toContain('longer than');
    const tokens = await h.gql(admin, `{ getAccountMdl(id: "a0") { ${'id '.repeat(5000)} } }`);
    expect(firstError(tokens)?.errorType).toBe('QueryLimitExceededException');
  });

  it('answers an oversized body with PayloadTooLargeException', async () => {
    const res = await h.post(JSON.stringify({ query: '{ x }', variables: { pad: 'y'.repeat(1_100_000) } }), { 'content-type': 'application/json', authorization: admin });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ data: null, errors: [{ errorType: 'PayloadTooLargeException' }] });
  });

  it('answers malformed requests with MalformedHttpRequestException', async () => {
    const headers = { 'content-type': 'application/json', authorization: admin };
    for (const body of ['{not json', '[]', '{"variables":{}}', '{"query":"{ x }","variables":"no"}']) {
      const res = await h.post(body, headers);
      expect(res.status, body).toBe(400);
      expect(res.body, body).toMatchObject({ data: null, errors: [{ errorType: 'MalformedHttpRequestException' }] });
    }
    const text = await h.post('{ listAccountMdls { items { id } } }', { 'content-type': 'text/plain', authorization: admin });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ errors: [{ errorType: 'MalformedHttpRequestException' }] });
  });

  it('answers syntax errors, wrong variable types, deep variables and ambiguous operations with a 400', async () => {
    expect(firstError(await h.gql(admin, '{ listAccountMdls { items { id }'))?.errorType).toBe('ValidationError');
    expect(firstError(await h.gql(admin, 'query ($l: Int) { listAccountMdls(limit: $l) { items { id } } }', { l: 'ten' }))?.errorType).toBe('ValidationError');
    let nested: unknown = { eq: 'x' };
    for (let i = 0; i < 40; i++) nested = { not: nested };
    expect(firstError(await h.gql(admin, 'query ($f: ModelAccountMdlFilterInput) { listAccountMdls(filter: $f) { items { id } } }', { f: nested }))?.errorType).toBe('QueryLimitExceededException');
    const two = await h.gql(admin, 'query A { listAccountMdls { items { id } } } query B { listContactMdls { items { id } } }');
    expect(two.status).toBe(400);
    expect(firstError(two)?.message).toContain('Name the operation');
  });

  it('does not offer subscriptions', async () => {
    const res = await h.gql(admin, 'subscription { onCreateAccountMdl { id } }');
    expect(res.status).toBe(400);
    expect(firstError(res)?.errorType).toBe('ValidationError');
  });

  it('answers introspection for signed-in callers (for code generators)', async () => {
    const res = await h.gql<{ __type: { fields: { name: string }[] } }>(admin, '{ __type(name: "Query") { fields { name } } }');
    expect(res.body.data?.__type.fields.map((f) => f.name)).toContain('listAccountMdls');
  });
});
