import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataClient, entityNames, isDataClientError, SESSION_MESSAGES, type DataClient } from '../src/index.js';
import { BACKENDS, clientFor, makeUser, memoryLogger, provision, startDataApi, type DataApiHarness } from './data-client-harness.js';

describe.each(BACKENDS)('data client against the real data API on %s', (backend) => {
  let h: DataApiHarness;
  let admin: DataClient;

  beforeAll(async () => {
    h = await startDataApi(backend);
    ({ client: admin } = await clientFor(h, 'sub-admin', {}, { groups: ['Admins'] }));
  });
  afterAll(async () => h.close());

  it('offers typed create, get, list, update and delete for every entity', async () => {
    expect(entityNames).toHaveLength(24);
    const c = await admin.models.ClientMdl.create({ clientName: 'Acme', clientNumber: 'C-9' });
    expect(c.__typename).toBe('ClientMdl');
    const a = await admin.models.AccountMdl.create({ clientNumber: 'C-9', clientmdlID: c.id, listedDate: '2024-06-30', currentUpb: 1500.5 });
    expect([a.listedDay, a.listedMonth, a.listedYear]).toEqual([30, 6, 2024]);
    expect(await admin.models.AccountMdl.get(a.id)).toEqual(a);
    const updated = await admin.models.AccountMdl.update({ id: a.id, accountStatus: 'PAID' }, { accountStatus: { attributeExists: false } });
    expect(updated.accountStatus).toBe('PAID');
    expect((await admin.models.AccountMdl.list({ filter: { clientNumber: { eq: 'C-9' } } })).items.map((x) => x.id)).toEqual([a.id]);
    await admin.models.AccountMdl.delete({ id: a.id });
    expect(await admin.models.AccountMdl.get(a.id)).toBeNull();
    for (const name of entityNames) {
      const page = await admin.models[name].list({ limit: 1 });
      expect(Array.isArray(page.items), name).toBe(true);
    }
  });

  it('saves a modification option for an account and lists the options of that account', async () => {
    const saved = await admin.models.ModificationOptionMdl.create({ accountmdlID: 'acct-opt', clientNumber: 'C-9', optionName: 'Rate reduction', ratePercent: 4.5, termMonths: 300, balance: 150000, monthlyPayment: 833.75 });
    expect(saved.__typename).toBe('ModificationOptionMdl');
    await admin.models.ModificationOptionMdl.create({ accountmdlID: 'acct-other', optionName: 'Term extension' });
    const page = await admin.models.ModificationOptionMdl.list({ filter: { accountmdlID: { eq: 'acct-opt' } } });
    expect(page.items.map((o) => [o.optionName, o.ratePercent, o.termMonths, o.monthlyPayment])).toEqual([['Rate reduction', 4.5, 300, 833.75]]);
  });

  it('iterates over every page with the async iterator', async () => {
    for (let i = 0; i < 7; i++) await admin.models.MappingMdl.create({ id: `map-${i}`, mapName: 'iter' });
    const pages: number[] = [];
    for await (const page of admin.models.MappingMdl.pages({ filter: { mapName: { eq: 'iter' } }, limit: 3 })) pages.push(page.items.length);
    expect(pages).toEqual([3, 3, 1]);
    const ids: string[] = [];
    for await (const m of admin.models.MappingMdl.items({ filter: { mapName: { eq: 'iter' } }, limit: 2 })) ids.push(m.id);
    expect(ids).toEqual(['map-0', 'map-1', 'map-2', 'map-3', 'map-4', 'map-5', 'map-6']);
  });

  it('surfaces API errors with their errorType', async () => {
    const error = await admin.models.AccountMdl.list({ limit: 5000 }).catch((e: unknown) => e);
    expect(isDataClientError(error, 'DataApiRequestError')).toBe(true);
    expect((error as { errorType?: string }).errorType).toBe('BadRequestException');
    const anonymous = createDataClient({ graphqlEndpoint: h.url, tokenSource: async () => undefined });
    const refused = await anonymous.models.AccountMdl.list().catch((e: unknown) => e);
    expect((refused as { errorType?: string }).errorType).toBe('UnauthorizedException');
  });

  describe('session lifecycle', () => {
    it('records a sign-in: loads the user and config, and creates an active session lasting the configured length', async () => {
      const userMdlId = await provision(h, 'sub-life-0001', { userType: 'user', email: 'life@example.com' });
      const { client } = await clientFor(h, 'sub-life-0001', { email: 'life@example.com' });
      const config = await client.models.ConfigMdl.create({ configName: 'user_cfg_e-0001', usermdlID: userMdlId, config: JSON.stringify([{ sessionLength: 1800 }]) });
      const record = await client.recordSignIn();
      expect(record.userId).toBe('sub-life-0001');
      expect(record.temporaryUser).toBe(false);
      expect(record.user.id).toBe(userMdlId);
      expect(record.config?.id).toBe(config.id);
      const s = record.session;
      expect(s).toMatchObject({ userId: 'sub-life-0001', isActive: true, sessionLength: 1800, usermdlID: userMdlId, configmdlID: config.id });
      expect(s?.sessionEnd).toBe((s?.sessionStart ?? 0) + 1800);
      expect(s?.sessionId).toMatch(/^ublife0001_\d{8}T\d{9}Z$/);
      expect(JSON.parse(String(s?.sessionData))).toMatchObject({ hasAccessToken: true, hasIdToken: true });
      expect(String(s?.sessionData)).not.toContain(String(record.tokens?.accessToken.toString()));
      expect(await client.sessions.validateSession()).toMatchObject({ isValid: true, message: SESSION_MESSAGES.valid });
    });

    it("ends the user's other active sessions on each sign-in, setting sessionEnd", async () => {
      await provision(h, 'sub-multi', { userType: 'user' });
      const { client } = await clientFor(h, 'sub-multi', {});
      const first = await client.recordSignIn();
      const second = await client.recordSignIn();
      const active = await client.sessions.getActiveSessions('sub-multi');
      expect(active.map((s) => s.id)).toEqual([second.session?.id]);
      const old = await client.sessions.getSession(String(first.session?.id));
      expect(old?.isActive).toBe(false);
      expect(old?.sessionEnd).toEqual(expect.any(Number));
    });

    it('validates against expiry: expired when now is not before sessionEnd, then deactivates it', async () => {
      await provision(h, 'sub-expiry', { userType: 'user' });
      // Near the server's own time: the data API refuses a session ending more than the policy's maximum after its now.
      let now = new Date(Math.floor(Date.now() / 1000) * 1000);
      const { client } = await clientFor(h, 'sub-expiry', {}, { clock: { now: () => now } });
      const { session } = await client.recordSignIn();
      now = new Date(now.getTime() + 3599_000);
      expect((await client.sessions.validateSession('sub-expiry')).message).toBe(SESSION_MESSAGES.valid);
      now = new Date(now.getTime() + 1000);
      const expired = await client.sessions.validateSession('sub-expiry');
      expect(expired).toMatchObject({ isValid: false, message: SESSION_MESSAGES.expired });
      expect((await client.sessions.getSession(String(session?.id)))?.isActive).toBe(false);
      expect((await client.sessions.validateSession('sub-expiry')).message).toBe(SESSION_MESSAGES.none);
    });

    it('reports no authenticated user, and errors, with the spec messages', async () => {
      const { client } = await clientFor(h, 'sub-nobody', {}, { auth: { getCurrentUser: () => Promise.reject(new Error('signed out')) } });
      expect(await client.sessions.validateSession()).toEqual({ isValid: false, message: SESSION_MESSAGES.noUserFound });
      const { client: blank } = await clientFor(h, 'sub-blank', {}, { auth: { getCurrentUser: async () => ({ userId: '', username: '' }) } });
      expect(await blank.sessions.validateSession()).toEqual({ isValid: false, message: SESSION_MESSAGES.noUser });
      const offline = createDataClient({ graphqlEndpoint: 'http://127.0.0.1:9/graphql', tokenSource: async () => 't', logger: memoryLogger() });
      expect(await offline.sessions.validateSession('x')).toEqual({ isValid: false, message: SESSION_MESSAGES.error });
    });

    it('never blocks sign-in on store failures: a failed creation still returns the user id and tokens', async () => {
      const logger = memoryLogger();
      const failing: typeof fetch = async () => {
        throw new TypeError('fetch failed');
      };
      const { client } = await clientFor(h, 'sub-offline', { given_name: 'Off', family_name: 'Line' }, { fetch: failing, logger });
      const record = await client.recordSignIn();
      expect(record.userId).toBe('sub-offline');
      expect(record.tokens?.accessToken.toString()).toEqual(expect.any(String));
      expect(record.session).toBeNull();
      expect(record.temporaryUser).toBe(true);
      expect(record.config).toBeNull();
      expect(await client.sessions.deactivateSessions('sub-offline')).toEqual([]);
      expect(await client.sessions.getSession('any')).toBeNull();
      expect(logger.warnings.length).toBeGreaterThan(0);
    });

    it('stores the raw tokens only when asked to', async () => {
      await provision(h, 'sub-raw', { userType: 'user' });
      const { client, accessToken } = await clientFor(h, 'sub-raw', {}, { storeRawTokens: true, sessionIdFormat: 'sessionRandom' });
      const { session } = await client.recordSignIn();
      expect(JSON.parse(String(session?.sessionData))).toMatchObject({ accessToken });
      expect(session?.sessionId).toMatch(/^session_\d+_\d{1,4}$/);
    });

    it('keeps exactly one active session after 20 parallel sign-ins of one user', async () => {
      await provision(h, 'sub-parallel', { userType: 'user' });
      const { client } = await clientFor(h, 'sub-parallel', {});
      const records = await Promise.all(Array.from({ length: 20 }, () => client.recordSignIn()));
      expect(records.every((r) => r.session !== null)).toBe(true);
      const active = await client.sessions.getActiveSessions('sub-parallel');
      expect(active).toHaveLength(1);
    });
  });

  describe('user and config loading', () => {
    it('finds the record by userId, then by userId containing the lowercased subject', async () => {
      await provision(h, 'sub-exact', { userType: 'user' });
      const { client } = await clientFor(h, 'sub-exact', {});
      expect((await client.users.loadCurrentUser()).loaded).toMatchObject({ kind: 'record', user: { userId: 'sub-exact' } });
      // An admin sees records by the fallbacks too (a user only sees their own record).
      await makeUser(h, 'legacy:sub-mixed', { userType: 'user', email: 'mixed@example.com' });
      const { client: adminAsUser } = await clientFor(h, 'SUB-MIXED', {}, { groups: ['Admins'] });
      expect((await adminAsUser.users.loadCurrentUser()).loaded).toMatchObject({ kind: 'record', user: { userId: 'legacy:sub-mixed' } });
    });

    it('falls back to the email equal to or containing the username or email', async () => {
      await makeUser(h, 'other-id', { userType: 'user', email: 'Dana.Doe@example.com' });
      const { client } = await clientFor(h, 'sub-dana', { email: 'Dana.Doe@example.com' }, { groups: ['Admins'] });
      expect((await client.users.loadCurrentUser()).loaded).toMatchObject({ kind: 'record', user: { email: 'Dana.Doe@example.com' } });
    });

    it('builds the temporary profile when no record exists', async () => {
      const { client } = await clientFor(h, 'sub-new-user', { name: 'Nia  Ward Lee', email: 'nia@example.com' });
      const { loaded } = await client.users.loadCurrentUser();
      expect(loaded.kind).toBe('temporary');
      expect(loaded.user).toMatchObject({ id: 'temp-sub-new-user', userType: 'user', title: '', clientNumber: '', firstName: 'Nia', lastName: 'Ward Lee', email: 'nia@example.com' });
      const record = await client.recordSignIn();
      expect(record.session?.usermdlID).toBeNull();
      expect(record.session?.isActive).toBe(true);
    });

    it('fails with the identity provider messages when attributes are missing or unavailable', async () => {
      const { client } = await clientFor(h, 'sub-x', {}, { auth: { fetchUserAttributes: () => Promise.reject(new Error('down')) } });
      await expect(client.recordSignIn()).rejects.toThrow('Failed to get authenticated user from the identity provider');
      const { client: noSub } = await clientFor(h, 'sub-y', {}, { auth: { fetchUserAttributes: async () => ({ email: 'a@b.c' }) } });
      await expect(noSub.users.loadCurrentUser()).rejects.toThrow('No userId found in user attributes');
      const offline = createDataClient({ graphqlEndpoint: 'http://127.0.0.1:9/graphql', tokenSource: async () => 't', logger: memoryLogger() });
      await expect(offline.users.fetchUserRecord('x')).rejects.toThrow('Failed to fetch user record');
    });

    it('loads the config by configmdlID, else usermdlID, else user_cfg_<last 10 of userId>', async () => {
      const id = await provision(h, 'sub-config-abcdefghij', { userType: 'user' });
      const { client } = await clientFor(h, 'sub-config-abcdefghij', {});
      const byName = await client.models.ConfigMdl.create({ configName: 'user_cfg_abcdefghij', config: '{}' });
      const user = { id, userId: 'sub-config-abcdefghij', configmdlID: null };
      expect((await client.configs.loadFor(user))?.id).toBe(byName.id);
      const byUser = await client.models.ConfigMdl.create({ configName: 'x', usermdlID: id, config: '{}' });
      expect((await client.configs.loadFor(user))?.id).toBe(byUser.id);
      const byId = await client.models.ConfigMdl.create({ configName: 'y', config: '{}' });
      expect((await client.configs.loadFor({ ...user, configmdlID: byId.id }))?.id).toBe(byId.id);
      expect(await client.configs.loadFor({ id: 'temp-none', userId: 'nobody-at-all' })).toBeNull();
    });
  });

  describe('settings', () => {
    it('merges a setting into both the user config and the linked config', async () => {
      const id = await provision(h, 'sub-settings', { userType: 'user' });
      const { client } = await clientFor(h, 'sub-settings', {});
      const user = await client.models.UserMdl.update({ id, userConfig: '{"theme":"light"}' });
      const config = await client.models.ConfigMdl.create({ configName: 'c', usermdlID: id, config: '[{"sessionLength":60}]' });
      const saved = await client.saveSetting({ user, config }, 'sessionLength', 7200);
      expect(JSON.parse(String('userConfig' in saved.user ? saved.user.userConfig : ''))).toEqual({ theme: 'light', sessionLength: 7200 });
      expect(JSON.parse(String(saved.config?.config))).toEqual([{ sessionLength: 7200 }]);
      expect(JSON.parse(String((await client.models.ConfigMdl.get(config.id))?.config))).toEqual([{ sessionLength: 7200 }]);
    });

    it('keeps a setting another tab saved meanwhile: each save merges its key onto the stored record', async () => {
      const id = await provision(h, 'sub-two-tabs', { userType: 'user' });
      const { client } = await clientFor(h, 'sub-two-tabs', {});
      const user = await client.models.UserMdl.update({ id, userConfig: '{"theme":"light"}' });
      // Two tabs hold the same record; each saves a different key from its stale copy.
      await client.saveSetting({ user, config: null }, 'theme', 'dark');
      const saved = await client.saveSetting({ user, config: null }, 'sessionLength', 1800);
      expect(JSON.parse(String('userConfig' in saved.user ? saved.user.userConfig : ''))).toEqual({ theme: 'dark', sessionLength: 1800 });
      // A copy without _version (as a page's store may hold) is read fresh first.
      const { _version: _dropped, ...unversioned } = user;
      await client.saveSetting({ user: unversioned as typeof user, config: null }, 'language', 'en');
      expect(JSON.parse(String((await client.models.UserMdl.get(id))?.userConfig))).toEqual({ theme: 'dark', sessionLength: 1800, language: 'en' });
    });

    it("fails with 'No user is logged in' without a user and 'Failed to update config' when the write is refused", async () => {
      const { client } = await clientFor(h, 'sub-intruder', {});
      await expect(client.saveSetting({ user: null, config: null }, 'k', 1)).rejects.toThrow('No user is logged in');
      const victim = await provision(h, 'sub-victim', { userType: 'user' });
      const fakeUser = { id: victim, userId: 'sub-victim', userConfig: '{}' } as Parameters<DataClient['saveSetting']>[0]['user'];
      await expect(client.saveSetting({ user: fakeUser, config: null }, 'k', 1)).rejects.toThrow('Failed to update config');
    });
  });
});

describe.each(BACKENDS)('sign-in under a lowered pool maximum on %s', (backend) => {
  let h: DataApiHarness;
  beforeAll(async () => {
    // An administrator lowered the pool's maximum session length to 1800 s (SetSessionPolicy).
    h = await startDataApi(backend, { sessionLengthMax: async () => 1800 });
  });
  afterAll(async () => h.close());

  it('still records a session for a user whose saved sessionLength is above it, lasting the maximum', async () => {
    const userMdlId = await provision(h, 'sub-capped-01', { userType: 'user' });
    await h.db.query(`UPDATE "UserMdl" SET "userConfig" = $2 WHERE "id" = $1`, [userMdlId, JSON.stringify({ sessionLength: 7200 })]);
    const { client } = await clientFor(h, 'sub-capped-01', {});
    const record = await client.recordSignIn();
    expect(record.session).toMatchObject({ isActive: true, sessionLength: 1800 });
    expect(record.session?.sessionEnd).toBe((record.session?.sessionStart ?? 0) + 1800);
    expect(await client.sessions.validateSession()).toMatchObject({ isValid: true });
  });
});

