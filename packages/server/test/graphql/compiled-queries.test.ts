// An operation runs on graphql-js the first time and compiled by graphql-jit from then on. Every
// request here is sent three times: the answers (status and body) must be identical, for results
// of every field kind and for every kind of error the executor produces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, makeUser, startDataApi, type DataApiHarness, type GqlResponse, type TestUser } from './data-api-harness.js';

/** nextTokens carry their issue time in seconds: equal runs may straddle a second. */
function withoutTokenTimes(res: GqlResponse): unknown {
  return JSON.parse(JSON.stringify(res), (key, value: unknown) => (key === 'nextToken' && typeof value === 'string' ? '<token>' : value));
}

describe.each(BACKENDS)('compiled queries answer as graphql-js does on %s', (backend) => {
  let h: DataApiHarness;
  let staff: TestUser;
  let client: TestUser;
  const threeTimes = async (token: string, query: string, variables?: Record<string, unknown>): Promise<GqlResponse> => {
    const first = await h.gql(token, query, variables);
    for (let run = 2; run <= 3; run++) expect(withoutTokenTimes(await h.gql(token, query, variables))).toEqual(withoutTokenTimes(first));
    return first;
  };

  beforeAll(async () => {
    h = await startDataApi(backend);
    staff = await makeUser(h, 'sub-staff', { userType: 'staff' });
    client = await makeUser(h, 'sub-client', { userType: 'client', clientNumber: 'C-1' });
    for (let i = 0; i < 4; i++) {
      const res = await h.gql(staff.token, 'mutation ($i: CreateAccountMdlInput!) { createAccountMdl(input: $i) { id } }', {
        i: { id: `acc-${i}`, clientNumber: i < 3 ? 'C-1' : 'C-2', currentUpb: 1000.5 * i, tuScore: 600 + i, listedDate: `2024-0${i + 1}-15`, operator: i === 0 ? null : `op-${i}` },
      });
      expect(res.body.errors).toBeUndefined();
      await h.gql(staff.token, 'mutation ($i: CreateContactMdlInput!) { createContactMdl(input: $i) { id } }', {
        i: { id: `con-${i}`, accountmdlID: 'acc-0', clientNumber: 'C-1', completed: i % 2 === 0, dueDate: '2024-12-31' },
      });
    }
  });
  afterAll(async () => h.close());

  it('lists with variables, aliases, fragments, __typename and nested connections', async () => {
    const res = await threeTimes(
      staff.token,
      `query Accounts($c: String!, $n: Int) {
        page: listAccountMdls(filter: { clientNumber: { eq: $c } }, limit: $n) { __typename items { ...Account } nextToken }
      }
      fragment Account on AccountMdl {
        __typename id clientNumber currentUpb tuScore listedDate listedDay listedMonth listedYear operator createdAt
        Contacts(limit: 2) { items { id completed dueDate dueYear } nextToken }
      }`,
      { c: 'C-1', n: 2 },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data).toMatchObject({ page: { __typename: 'ModelAccountMdlConnection', items: [{ id: 'acc-0', currentUpb: 0, listedDay: 15 }, { id: 'acc-1' }] } });
  });

  it('gets a record, a missing record, and honours @skip and @include', async () => {
    const q = 'query ($id: ID!, $skip: Boolean!) { getAccountMdl(id: $id) { id operator @skip(if: $skip) tuScore @include(if: $skip) } }';
    expect((await threeTimes(staff.token, q, { id: 'acc-2', skip: true })).body.data).toEqual({ getAccountMdl: { id: 'acc-2', tuScore: 602 } });
    expect((await threeTimes(staff.token, q, { id: 'acc-2', skip: false })).body.data).toEqual({ getAccountMdl: { id: 'acc-2', operator: 'op-2' } });
    expect((await threeTimes(staff.token, q, { id: 'nope', skip: false })).body.data).toEqual({ getAccountMdl: null });
  });

  it('reports field errors in place: Unauthorized, a bad limit, a forged nextToken', async () => {
    const denied = await threeTimes(client.token, '{ a: getAccountMdl(id: "acc-3") { id } b: getAccountMdl(id: "acc-1") { id } }');
    expect(denied.body.data).toEqual({ a: null, b: { id: 'acc-1' } });
    expect(denied.body.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', path: ['a'] });
    const badLimit = await threeTimes(staff.token, '{ listAccountMdls(limit: 5000) { items { id } } }');
    expect(badLimit.body.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', path: ['listAccountMdls'] });
    const forged = await threeTimes(staff.token, '{ listAccountMdls(nextToken: "eyJ2IjoxfQ.AAAA") { items { id } } }');
    expect(forged.body.errors?.[0]).toMatchObject({ errorType: 'InvalidNextTokenException' });
  });

  it('refuses variables that do not fit the operation with the same 400', async () => {
    const q = 'query ($n: Int!) { listAccountMdls(limit: $n) { items { id } } }';
    expect((await threeTimes(staff.token, q, {})).status).toBe(400);
    expect((await threeTimes(staff.token, q, { n: 'ten' })).status).toBe(400);
    const badDate = await threeTimes(staff.token, 'query ($d: AWSDate) { listAccountMdls(filter: { listedDate: { eq: $d } }) { items { id } } }', { d: '2024-02-30' });
    expect(badDate.status).toBe(400);
  });

  it('answers filter variables (recursive input types, kept on graphql-js) the same way', async () => {
    const q = 'query ($f: ModelAccountMdlFilterInput) { listAccountMdls(filter: $f) { items { id } } }';
    const res = await threeTimes(staff.token, q, { f: { or: [{ tuScore: { ge: 602 } }, { not: { operator: { attributeExists: true } } }] } });
    expect(res.body.data).toEqual({ listAccountMdls: { items: [{ id: 'acc-0' }, { id: 'acc-2' }, { id: 'acc-3' }] } });
  });

  it('runs a mutation the same way', async () => {
    const res = await threeTimes(staff.token, 'mutation { updateAccountMdl(input: { id: "acc-1", accountStatus: "LEGAL" }) { id accountStatus clientNumber } }');
    expect(res.body.data).toEqual({ updateAccountMdl: { id: 'acc-1', accountStatus: 'LEGAL', clientNumber: 'C-1' } });
    const missing = await threeTimes(staff.token, 'mutation { updateAccountMdl(input: { id: "nope", accountStatus: "LEGAL" }) { id } }');
    expect(missing.body.errors?.[0]).toMatchObject({ errorType: 'ConditionalCheckFailedException' });
  });
});
