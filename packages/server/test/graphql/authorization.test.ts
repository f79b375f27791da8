import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, makeUser, startDataApi, type DataApiHarness, type TestUser } from './data-api-harness.js';

const SESSION_FIELDS = 'id sessionId userId isActive';

describe.each(BACKENDS)('authorization on %s', (backend) => {
  let h: DataApiHarness;
  let admin: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let staff: TestUser;
  let clientA: TestUser;
  let clientB: TestUser;
  let aliceSession: string;
  let aliceConfig: string;

  beforeAll(async () => {
    h = await startDataApi(backend);
    admin = await makeUser(h, 'sub-admin', { userType: 'staff' }, ['Admins']);
    alice = await makeUser(h, 'sub-alice', { userType: 'user' });
    bob = await makeUser(h, 'sub-bob', { userType: 'user' });
    staff = await makeUser(h, 'sub-staff', { userType: 'staff' });
    clientA = await makeUser(h, 'sub-client-a', { userType: 'client', clientNumber: 'C-A' });
    clientB = await makeUser(h, 'sub-client-b', { userType: 'client', clientNumber: 'C-B' });
    const s = await h.gql<{ createSessionMdl: { id: string } }>(alice.token, 'mutation { createSessionMdl(input: { sessionId: "s1", userId: "sub-alice", isActive: true }) { id } }');
    aliceSession = String(s.body.data?.createSessionMdl.id);
    const c = await h.gql<{ createConfigMdl: { id: string; owner: string } }>(alice.token, 'mutation { createConfigMdl(input: { configName: "user_cfg_alice", config: "{}" }) { id owner } }');
    expect(c.body.data?.createConfigMdl.owner).toBe('sub-alice');
    aliceConfig = String(c.body.data?.createConfigMdl.id);
    for (const [i, client] of ['C-A', 'C-A', 'C-B'].entries()) {
      await h.gql(staff.token, `mutation { createAccountMdl(input: { id: "acct-${i}", clientNumber: "${client}" }) { id } }`);
    }
  });
  afterAll(async () => h.close());

  describe('requests without a valid access token', () => {
    // Threat: reading or changing data without signing in, or with a stolen, expired or forged token.
    const q = '{ listAccountMdls { items { id } nextToken } }';
    const expectUnauthorized = async (token: string | null, message?: string) => {
      const res = await h.gql(token, q);
      expect(res.status).toBe(401);
      expect(res.body.data).toBeNull();
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors?.[0]?.errorType).toBe('UnauthorizedException');
      if (message !== undefined) expect(res.body.errors?.[0]?.message).toBe(message);
    };
    it('refuses a request without Authorization header', () => expectUnauthorized(null, 'Valid authorization header not provided.'));
    it('refuses an empty Authorization header', () => expectUnauthorized('', 'Valid authorization header not provided.'));
    it('refuses an expired token', async () => expectUnauthorized(await h.tokens.issue('sub-staff', { expiresIn: -10 }), 'Token has expired.'));
    it('refuses a revoked token', async () => {
      const token = await h.tokens.issue('sub-staff');
      expect((await h.gql(token, q)).status).toBe(200);
      h.tokens.revoke(token);
      await expectUnauthorized(token, 'Token has been revoked.');
    });
    it('refuses a token whose payload was altered (claiming the Admins group)', async () => {
      const token = await h.tokens.issue('sub-alice');
      const [head, body, sig] = token.split('.');
      const claims = JSON.parse(Buffer.from(String(body), 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['Admins'] })).toString('base64url');
      await expectUnauthorized(`${head}.${forged}.${sig}`, 'Unable to verify the authorization token.');
    });
    it('refuses a token signed by another key', async () => {
      const { TestTokens } = await import('./test-tokens.js');
      const other = await TestTokens.create();
      await expectUnauthorized(await other.issue('sub-admin', { groups: ['Admins'] }));
    });
    it('refuses an id token in place of an access token', async () => expectUnauthorized(await h.tokens.issue('sub-alice', { tokenUse: 'id' })));
    it('accepts the token after "Bearer " as well as raw', async () => {
      const res = await h.post(JSON.stringify({ query: '{ getUserMdl(id: "x") { id } }' }), { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` });
      expect(res.status).toBe(200);
    });
  });

  describe('own records: sessions, configs, users', () => {
    // Threat: one user reading or hijacking another user's session, config or profile.
    it('lets the owner read their session by id', async () => {
      const res = await h.gql(alice.token, `{ getSessionMdl(id: "${aliceSession}") { ${SESSION_FIELDS} } }`);
      expect(res.body.data).toEqual({ getSessionMdl: { id: aliceSession, sessionId: 's1', userId: 'sub-alice', isActive: true } });
    });
    it("refuses B reading A's session by id", async () => {
      const res = await h.gql(bob.token, `{ getSessionMdl(id: "${aliceSession}") { id sessionData } }`);
      expect(res.body.data).toEqual({ getSessionMdl: null });
      expect(res.body.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: 'Not Authorized to access getSessionMdl on type Query' });
    });
    it("returns none of A's sessions to B listing by A's userId", async () => {
      const res = await h.gql(bob.token, '{ listSessionMdls(filter: { userId: { eq: "sub-alice" } }) { items { id } nextToken } }');
      expect(res.body.data).toEqual({ listSessionMdls: { items: [], nextToken: null } });
    });
    it("refuses B using A's nextToken", async () => {
      for (let i = 0; i < 3; i++) await h.gql(alice.token, `mutation { createSessionMdl(input: { sessionId: "old${i}", userId: "sub-alice", isActive: false }) { id } }`);
      const q = 'query ($t: String) { listSessionMdls(filter: { userId: { eq: "sub-alice" } }, limit: 1, nextToken: $t) { items { id userId } nextToken } }';
      const first = await h.gql<{ listSessionMdls: { nextToken: string } }>(alice.token, q, {});
      const token = first.body.data?.listSessionMdls.nextToken;
      expect(token).toEqual(expect.any(String));
      const res = await h.gql(bob.token, q, { t: token });
      expect(res.body.data).toEqual({ listSessionMdls: null });
      expect(res.body.errors?.[0]?.errorType).toBe('InvalidNextTokenException');
    });
    it("refuses B updating or deleting A's session and leaves it unchanged", async () => {
      const upd = await h.gql(bob.token, `mutation { updateSessionMdl(input: { id: "${aliceSession}", isActive: false }) { id } }`);
      expect(upd.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const del = await h.gql(bob.token, `mutation { deleteSessionMdl(input: { id: "${aliceSession}" }) { id } }`);
      expect(del.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const still = await h.gql(alice.token, `{ getSessionMdl(id: "${aliceSession}") { isActive } }`);
      expect(still.body.data).toEqual({ getSessionMdl: { isActive: true } });
    });
    it('refuses B creating a session in A\'s name, or moving their own session to A', async () => {
      const create = await h.gql(bob.token, 'mutation { createSessionMdl(input: { sessionId: "x", userId: "sub-alice", isActive: true }) { id } }');
      expect(create.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const own = await h.gql<{ createSessionMdl: { id: string } }>(bob.token, 'mutation { createSessionMdl(input: { sessionId: "b1", userId: "sub-bob", isActive: false }) { id } }');
      const move = await h.gql(bob.token, `mutation { updateSessionMdl(input: { id: "${String(own.body.data?.createSessionMdl.id)}", userId: "sub-alice" }) { id } }`);
      expect(move.body.errors?.[0]?.errorType).toBe('Unauthorized');
    });
    it("refuses B reading or changing A's config, by id or by name", async () => {
      expect((await h.gql(bob.token, `{ getConfigMdl(id: "${aliceConfig}") { config } }`)).body.errors?.[0]?.errorType).toBe('Unauthorized');
      const byName = await h.gql(bob.token, '{ listConfigMdls(filter: { configName: { eq: "user_cfg_alice" } }) { items { id } nextToken } }');
      expect(byName.body.data).toEqual({ listConfigMdls: { items: [], nextToken: null } });
      const upd = await h.gql(bob.token, `mutation { updateConfigMdl(input: { id: "${aliceConfig}", config: "{\\"hacked\\":true}" }) { id } }`);
      expect(upd.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const mine = await h.gql(alice.token, `{ getConfigMdl(id: "${aliceConfig}") { config } }`);
      expect(mine.body.data).toEqual({ getConfigMdl: { config: '{}' } });
    });
    it("lets a user read and edit their own UserMdl but not another's", async () => {
      const own = await h.gql(alice.token, `mutation { updateUserMdl(input: { id: "${String(alice.userMdlId)}", firstName: "Alicia", userConfig: "{\\"theme\\":\\"dark\\"}" }) { firstName } }`);
      expect(own.body.data).toEqual({ updateUserMdl: { firstName: 'Alicia' } });
      const other = await h.gql(bob.token, `{ getUserMdl(id: "${String(alice.userMdlId)}") { firstName } }`);
      expect(other.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const list = await h.gql(bob.token, '{ listUserMdls { items { userId } nextToken } }');
      expect(list.body.data).toEqual({ listUserMdls: { items: [{ userId: 'sub-bob' }], nextToken: null } });
    });
    it('refuses a user raising their own userType or changing their clientNumber', async () => {
      // Threat: a client user promoting themselves to staff to see every client's accounts.
      const res = await h.gql(clientA.token, `mutation { updateUserMdl(input: { id: "${String(clientA.userMdlId)}", userType: "staff" }) { userType } }`);
      expect(res.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const res2 = await h.gql(clientA.token, `mutation { updateUserMdl(input: { id: "${String(clientA.userMdlId)}", clientNumber: "C-B" }) { id } }`);
      expect(res2.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const accounts = await h.gql(clientA.token, '{ listAccountMdls { items { clientNumber } nextToken } }');
      expect(accounts.body.data).toEqual({ listAccountMdls: { items: [{ clientNumber: 'C-A' }, { clientNumber: 'C-A' }], nextToken: null } });
    });
    it('lets only Admins create and delete users, and change other users', async () => {
      const create = await h.gql(staff.token, 'mutation { createUserMdl(input: { userId: "sub-new" }) { id } }');
      expect(create.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const del = await h.gql(staff.token, `mutation { deleteUserMdl(input: { id: "${String(bob.userMdlId)}" }) { id } }`);
      expect(del.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const own = await h.gql(alice.token, `mutation { deleteUserMdl(input: { id: "${String(alice.userMdlId)}" }) { id } }`);
      expect(own.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const carol = await makeUser(h, 'sub-carol', { userType: 'user' });
      const byAdmin = await h.gql(admin.token, `mutation { updateUserMdl(input: { id: "${String(carol.userMdlId)}", userType: "staff", lastName: "B" }) { userType lastName } }`);
      expect(byAdmin.body.data).toEqual({ updateUserMdl: { userType: 'staff', lastName: 'B' } });
      const adminReadsSession = await h.gql(admin.token, `{ getSessionMdl(id: "${aliceSession}") { userId } }`);
      expect(adminReadsSession.body.data).toEqual({ getSessionMdl: { userId: 'sub-alice' } });
    });
  });

  describe('client isolation', () => {
    // Threat: a client organisation's user seeing another client's debtors.
    it("lists only the caller's client's accounts, whatever the filter says", async () => {
      const all = await h.gql(clientA.token, '{ listAccountMdls { items { id } nextToken } }');
      expect(all.body.data).toEqual({ listAccountMdls: { items: [{ id: 'acct-0' }, { id: 'acct-1' }], nextToken: null } });
      const other = await h.gql(clientA.token, '{ listAccountMdls(filter: { clientNumber: { eq: "C-B" } }) { items { id } nextToken } }');
      expect(other.body.data).toEqual({ listAccountMdls: { items: [], nextToken: null } });
      const orTrick = await h.gql(clientA.token, '{ listAccountMdls(filter: { or: [{ clientNumber: { eq: "C-B" } }, { clientNumber: { ne: "C-A" } }] }) { items { id } nextToken } }');
      expect(orTrick.body.data).toEqual({ listAccountMdls: { items: [], nextToken: null } });
    });
    it("refuses another client's account by id", async () => {
      const res = await h.gql(clientA.token, '{ getAccountMdl(id: "acct-2") { id } }');
      expect(res.body.errors?.[0]?.errorType).toBe('Unauthorized');
      expect((await h.gql(clientB.token, '{ getAccountMdl(id: "acct-2") { id } }')).body.data).toEqual({ getAccountMdl: { id: 'acct-2' } });
    });
    it('lets client users read but not write business records', async () => {
      const res = await h.gql(clientA.token, 'mutation { updateAccountMdl(input: { id: "acct-0", accountStatus: "CLOSED" }) { id } }');
      expect(res.body.errors?.[0]?.errorType).toBe('Unauthorized');
      const create = await h.gql(clientA.token, 'mutation { createAccountMdl(input: { clientNumber: "C-A" }) { id } }');
      expect(create.body.errors?.[0]?.errorType).toBe('Unauthorized');
    });
    it('keeps staff-only entities from client users and users without a profile', async () => {
      const res = await h.gql(clientA.token, '{ listTicketMdls { items { id } nextToken } }');
      expect(res.body.errors?.[0]).toMatchObject({ errorType: 'Unauthorized', message: 'Not Authorized to access listTicketMdls on type Query' });
      const nobody = await makeUser(h, 'sub-no-profile', null);
      expect((await h.gql(nobody.token, '{ listAccountMdls { items { id } nextToken } }')).body.errors?.[0]?.errorType).toBe('Unauthorized');
    });
    it('lets staff see every client', async () => {
      const res = await h.gql<{ listAccountMdls: { items: unknown[] } }>(staff.token, '{ listAccountMdls { items { id } nextToken } }');
      expect(res.body.data?.listAccountMdls.items).toHaveLength(3);
    });
    it("lets a user read their own notifications and mark them read, but not others'", async () => {
      await h.gql(staff.token, `mutation { createNotifications(input: { id: "n-a", usermdlID: "${String(alice.userMdlId)}", title: "hi", isRead: false }) { id } }`);
      const mine = await h.gql(alice.token, '{ listNotifications { items { id isRead } nextToken } }');
      expect(mine.body.data).toEqual({ listNotifications: { items: [{ id: 'n-a', isRead: false }], nextToken: null } });
      expect((await h.gql(alice.token, 'mutation { updateNotifications(input: { id: "n-a", isRead: true }) { isRead } }')).body.data).toEqual({ updateNotifications: { isRead: true } });
      expect((await h.gql(bob.token, '{ listNotifications { items { id } nextToken } }')).body.data).toEqual({ listNotifications: { items: [], nextToken: null } });
      expect((await h.gql(bob.token, 'mutation { updateNotifications(input: { id: "n-a", isRead: false }) { id } }')).body.errors?.[0]?.errorType).toBe('Unauthorized');
    });
    it("lets a user clear (delete) their own notifications, but not someone else's", async () => {
      await h.gql(staff.token, `mutation { createNotifications(input: { id: "n-clear", usermdlID: "${String(alice.userMdlId)}", title: "bye" }) { id } }`);
      expect((await h.gql(bob.token, 'mutation { deleteNotifications(input: { id: "n-clear" }) { id } }')).body.errors?.[0]?.errorType).toBe('Unauthorized');
      expect((await h.gql(alice.token, 'mutation { deleteNotifications(input: { id: "n-clear" }) { id } }')).body.data).toEqual({ deleteNotifications: { id: 'n-clear' } });
      expect((await h.gql(alice.token, '{ getNotifications(id: "n-clear") { id } }')).body.data).toEqual({ getNotifications: null });
    });
    it("lets staff save modification options for an account; a client user reads only their own client's and saves none", async () => {
      const saved = await h.gql<{ createModificationOptionMdl: { id: string; ratePercent: number; termMonths: number; monthlyPayment: number } }>(
        staff.token,
        'mutation { createModificationOptionMdl(input: { id: "opt-a", accountmdlID: "acct-0", clientNumber: "C-A", optionName: "Rate reduction", ratePercent: 4.5, termMonths: 300, balance: 150000, monthlyPayment: 833.75 }) { id ratePercent termMonths monthlyPayment } }',
      );
      expect(saved.body.data).toEqual({ createModificationOptionMdl: { id: 'opt-a', ratePercent: 4.5, termMonths: 300, monthlyPayment: 833.75 } });
      await h.gql(staff.token, 'mutation { createModificationOptionMdl(input: { id: "opt-b", accountmdlID: "acct-2", clientNumber: "C-B", optionName: "Term extension" }) { id } }');
      const byAccount = await h.gql(clientA.token, '{ listModificationOptionMdls(filter: { accountmdlID: { eq: "acct-0" } }) { items { id optionName } nextToken } }');
      expect(byAccount.body.data).toEqual({ listModificationOptionMdls: { items: [{ id: 'opt-a', optionName: 'Rate reduction' }], nextToken: null } });
      expect((await h.gql(clientA.token, '{ getModificationOptionMdl(id: "opt-b") { id } }')).body.errors?.[0]?.errorType).toBe('Unauthorized');
      const create = await h.gql(clientA.token, 'mutation { createModificationOptionMdl(input: { accountmdlID: "acct-0", clientNumber: "C-A" }) { id } }');
      expect(create.body.errors?.[0]?.errorType).toBe('Unauthorized');
    });
  });
});
