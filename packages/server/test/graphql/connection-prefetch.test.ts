// Connections (hasMany fields) of a get or of a list page are read in the same SQL statement as
// their parent records. These tests pin the statement count and that nothing else changes: the
// values, the access rules inside the connection, paging on from its nextToken, errors in place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { BACKENDS, makeUser, startDataApi, type DataApiHarness, type TestUser } from './data-api-harness.js';

interface Page<T = { id: string }> {
  items: T[];
  nextToken: string | null;
}

/** Wraps a database so a test sees every statement the data API runs (the callers' profile reads aside). */
function watched(statements: string[]): (db: Database) => Database {
  return (db) => ({
    kind: db.kind,
    query: (sql, params) => {
      if (!sql.includes('FROM "UserMdl" WHERE "userId" = $1 LIMIT 1')) statements.push(sql);
      return db.query(sql, params);
    },
    transaction: (fn) => db.transaction(fn),
    exec: (sql, tx) => db.exec(sql, tx),
    close: () => db.close(),
  });
}

describe.each(BACKENDS)('connections read with their parents on %s', (backend) => {
  let h: DataApiHarness;
  let staff: TestUser;
  let client: TestUser;
  let alice: TestUser;
  const statements: string[] = [];
  const counted = async <T>(token: string, query: string, variables?: Record<string, unknown>) => {
    statements.length = 0;
    const res = await h.gql<T>(token, query, variables);
    return { res, statements: [...statements] };
  };

  beforeAll(async () => {
    h = await startDataApi(backend, {}, watched(statements));
    staff = await makeUser(h, 'sub-staff', { userType: 'staff' });
    client = await makeUser(h, 'sub-client', { userType: 'client', clientNumber: 'C-1' });
    alice = await makeUser(h, 'sub-alice', { userType: 'user' });
    const write = async (mutation: string, input: Record<string, unknown>) => {
      const res = await h.gql(staff.token, `mutation ($i: ${mutation}Input!) { ${mutation[0]?.toLowerCase()}${mutation.slice(1)}(input: $i) { id } }`, { i: input });
      expect(res.body.errors).toBeUndefined();
    };
    for (const [id, clientNumber] of [['acc-1', 'C-1'], ['acc-2', 'C-1'], ['acc-3', 'C-2']] as const) await write('CreateAccountMdl', { id, clientNumber });
    // acc-1 holds a contact of another client: the client user must not see it through the connection.
    for (const [id, account, clientNumber] of [['con-1', 'acc-1', 'C-1'], ['con-2', 'acc-1', 'C-1'], ['con-3', 'acc-1', 'C-2'], ['con-4', 'acc-2', 'C-1']] as const) {
      await write('CreateContactMdl', { id, accountmdlID: account, clientNumber, completed: id !== 'con-2', dueDate: '2024-02-29', paymentAmount: 12.5 });
    }
    for (const [id, account] of [['trn-1', 'acc-1'], ['trn-2', 'acc-2']] as const) {
      await write('CreateTransactionMdl', { id, accountmdlID: account, clientNumber: 'C-1', transactionType: 'PAYMENT', paymentAmount: 99.99, paymentDate: '2024-03-01' });
    }
    const owner = String(alice.userMdlId);
    await write('CreateTrackers', { id: 'trk-1', usermdlID: owner, trackerName: 'calls', trackerData: '{"a":[1,2,{"b":"é\\n"}]}' });
    await write('CreateGoals', { id: 'goal-1', usermdlID: owner, goalName: 'June', targetValue: 1234567.89, achievedValue: 0.1, periodStart: '2024-06-01', periodEnd: '2024-06-30' });
    await write('CreateNotifications', { id: 'ntf-1', usermdlID: owner, title: 'Hello "you"', isRead: false });
    await write('CreateNotifications', { id: 'ntf-2', usermdlID: owner, title: 'Read', isRead: true, readAt: '2024-05-01T10:00:00.000Z' });
  });
  afterAll(async () => h.close());

  // Each is run twice: on graphql-js, then compiled (graphql-jit hands the connection its arguments its own way).
  it('reads getAccountMdl with two connections in one SQL statement', async () => {
    for (let run = 0; run < 2; run++) {
      const { res, statements: sql } = await counted<{ getAccountMdl: { Contacts: Page; Transactions: Page } }>(
        staff.token,
        'query ($id: ID!, $n: Int) { getAccountMdl(id: $id) { id Contacts(limit: $n) { items { id } nextToken } Transactions { items { id } nextToken } } }',
        { id: 'acc-1', n: 20 },
      );
      expect(res.body.data?.getAccountMdl.Contacts).toEqual({ items: [{ id: 'con-1' }, { id: 'con-2' }, { id: 'con-3' }], nextToken: null });
      expect(res.body.data?.getAccountMdl.Transactions).toEqual({ items: [{ id: 'trn-1' }], nextToken: null });
      expect(sql).toHaveLength(1);
    }
  });

  it('reads a list page with the connection of every record in one SQL statement', async () => {
    for (let run = 0; run < 2; run++) {
      const { res, statements: sql } = await counted<{ listAccountMdls: Page<{ id: string; Contacts: Page }> }>(
        staff.token,
        '{ listAccountMdls(filter: { clientNumber: { eq: "C-1" } }) { items { id Contacts(limit: 2, filter: { completed: { attributeExists: true } }) { items { id } nextToken } } } }',
      );
      const items = res.body.data?.listAccountMdls.items ?? [];
      expect(items.map((a) => [a.id, a.Contacts.items.map((c) => c.id), a.Contacts.nextToken === null])).toEqual([
        ['acc-1', ['con-1', 'con-2'], false],
        ['acc-2', ['con-4'], true],
      ]);
      expect(sql).toHaveLength(1);
    }
  });

  it('pages on from a prefetched nextToken with a separate query, to the same items', async () => {
    const q = 'query ($t: String) { getAccountMdl(id: "acc-1") { Contacts(limit: 1, nextToken: $t) { items { id } nextToken } } }';
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const variables: Record<string, unknown> = { t: token };
      const { res, statements: sql } = await counted<{ getAccountMdl: { Contacts: Page } }>(staff.token, q, variables);
      const page: Page | undefined = res.body.data?.getAccountMdl.Contacts;
      seen.push(...(page?.items ?? []).map((c) => c.id));
      token = page?.nextToken ?? null;
      expect(sql).toHaveLength(pages === 0 ? 1 : 2);
      pages += 1;
    } while (token !== null && pages < 10);
    expect(seen).toEqual(['con-1', 'con-2', 'con-3']);
  });

  it('applies the access rules inside a prefetched connection', async () => {
    // Threat: a client user reaching another client's records through a relation of their own record.
    const get = await h.gql<{ getAccountMdl: { Contacts: Page } }>(client.token, '{ getAccountMdl(id: "acc-1") { Contacts { items { id } } } }');
    expect(get.body.data?.getAccountMdl.Contacts.items).toEqual([{ id: 'con-1' }, { id: 'con-2' }]);
    const list = await h.gql<{ listAccountMdls: Page<{ id: string; Contacts: Page }> }>(client.token, '{ listAccountMdls { items { id Contacts { items { id } } } } }');
    expect(list.body.data?.listAccountMdls.items.map((a) => [a.id, a.Contacts.items.map((c) => c.id)])).toEqual([
      ['acc-1', ['con-1', 'con-2']],
      ['acc-2', ['con-4']],
    ]);
  });

  it('returns the same values as the child entity’s own list, for every kind of field', async () => {
    // UserMdl is readable by its owner and Admins only.
    const admin = await h.tokens.issue('sub-admin', { groups: ['Admins'] });
    const owner = String(alice.userMdlId);
    const fields = {
      Trackers: 'id trackerName trackerDescription trackerData usermdlID employeeId createdAt updatedAt __typename',
      Goals: 'id goalName targetValue achievedValue periodStart periodEnd status usermdlID createdAt updatedAt __typename',
      Notifications: 'id title message isRead readAt usermdlID createdAt updatedAt __typename',
    };
    const nested = await h.gql<{ getUserMdl: Record<string, Page<Record<string, unknown>>> }>(
      admin,
      `query ($id: ID!) { getUserMdl(id: $id) { ${Object.entries(fields)
        .map(([name, f]) => `${name} { items { ${f} } }`)
        .join(' ')} } }`,
      { id: owner },
    );
    expect(nested.body.errors).toBeUndefined();
    for (const [name, f] of Object.entries(fields)) {
      const own = await h.gql<Record<string, Page<Record<string, unknown>>>>(admin, `query ($id: ID!) { list${name}(filter: { usermdlID: { eq: $id } }) { items { ${f} } } }`, {
        id: owner,
      });
      expect(own.body.data?.[`list${name}`]?.items.length).toBeGreaterThan(0);
      expect(nested.body.data?.getUserMdl[name]?.items).toEqual(own.body.data?.[`list${name}`]?.items);
    }
    expect(nested.body.data?.getUserMdl.Trackers?.items[0]?.trackerData).toBe('{"a":[1,2,{"b":"é\\n"}]}');
    expect(nested.body.data?.getUserMdl.Goals?.items[0]).toMatchObject({ targetValue: 1234567.89, achievedValue: 0.1, periodStart: '2024-06-01' });
  });

  it('reports a connection the caller may not read, or with a bad limit, in place and still returns the record', async () => {
    const denied = await h.gql<{ getUserMdl: { id: string; Tickets: Page | null } }>(alice.token, `{ getUserMdl(id: "${String(alice.userMdlId)}") { id Tickets { items { id } } } }`);
    expect(denied.body.data?.getUserMdl).toEqual({ id: alice.userMdlId, Tickets: null });
    expect(denied.body.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', path: ['getUserMdl', 'Tickets'] });
    const badLimit = await h.gql<{ getAccountMdl: { id: string; Contacts: Page | null } }>(staff.token, '{ getAccountMdl(id: "acc-1") { id Contacts(limit: 0) { items { id } } } }');
    expect(badLimit.body.data?.getAccountMdl).toEqual({ id: 'acc-1', Contacts: null });
    expect(badLimit.body.errors?.[0]).toMatchObject({ errorType: 'BadRequestException', path: ['getAccountMdl', 'Contacts'] });
  });
});
