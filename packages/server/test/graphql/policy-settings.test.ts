// Threat: a user of any role bypassing the session-length policy — writing sessionLength = 99999999
// into their own config JSON (the System page's "Other settings", or straight at the API), or a
// session record lasting longer than the policy allows — and so staying signed in for years.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOTH_DATABASES, issueTokensFor, startTestServer, type TestServer } from '../harness.js';

interface GqlBody {
  data: Record<string, { id: string } | null> | null;
  errors?: { errorType: string; message: string; errorInfo?: Record<string, unknown> }[];
}

describe.each(BOTH_DATABASES)('policy settings on %s', (database) => {
  let server: TestServer;
  let staff: { token: string; sub: string; userMdlId: string; configId: string };

  const gql = async (token: string, query: string, variables?: Record<string, unknown>): Promise<GqlBody> => {
    const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    return (await response.json()) as GqlBody;
  };
  const updateUser = (token: string, id: string, userConfig: string) => gql(token, 'mutation ($i: UpdateUserMdlInput!) { updateUserMdl(input: $i) { id userConfig } }', { i: { id, userConfig } });
  const updateConfig = (token: string, input: Record<string, unknown>) => gql(token, 'mutation ($i: UpdateConfigMdlInput!) { updateConfigMdl(input: $i) { id } }', { i: input });
  const createSession = (token: string, input: Record<string, unknown>) => gql(token, 'mutation ($i: CreateSessionMdlInput!) { createSessionMdl(input: $i) { id } }', { i: input });
  const adminRest = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/admin${path}`, { method, headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const nowSeconds = () => Math.floor(server.clock.now().getTime() / 1000);

  beforeAll(async () => {
    server = await startTestServer({ database });
    const tokens = await issueTokensFor(server, 'staff');
    const sub = (JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;
    const rows = await server.db.query<{ id: string; configmdlID: string }>('SELECT "id", "configmdlID" FROM "UserMdl" WHERE "userId" = $1', [sub]);
    staff = { token: tokens.AccessToken, sub, userMdlId: rows[0]?.id ?? '', configId: rows[0]?.configmdlID ?? '' };
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses sessionLength = 99999999 in a user\'s own userConfig with SettingOutOfBoundsException naming the setting and bounds', async () => {
    const refused = await updateUser(staff.token, staff.userMdlId, JSON.stringify({ theme: 'dark', sessionLength: 99999999 }));
    expect(refused.errors?.[0]).toMatchObject({
      errorType: 'SettingOutOfBoundsException',
      message: 'sessionLength must be a whole number of seconds from 60 to 86400; got 99999999.',
      errorInfo: { setting: 'sessionLength', min: 60, max: 86400, field: 'userConfig' },
    });
    const stored = await server.db.query<{ userConfig: string | null }>('SELECT "userConfig" FROM "UserMdl" WHERE "id" = $1', [staff.userMdlId]);
    expect(stored[0]?.userConfig ?? '').not.toContain('99999999');
  });

  it('refuses an out-of-bounds sessionLength in a config record, in config and in configJson, as a number, as text or in an array', async () => {
    for (const input of [
      { config: JSON.stringify({ sessionLength: 99999999 }) },
      { configJson: JSON.stringify({ sessionLength: '99999999' }) },
      { config: JSON.stringify([{ sessionLength: 30 }]) },
      { config: JSON.stringify({ sessionLength: 'forever' }) },
    ]) {
      const refused = await updateConfig(staff.token, { id: staff.configId, ...input });
      expect(refused.errors?.[0]?.errorType, JSON.stringify(input)).toBe('SettingOutOfBoundsException');
    }
    const created = await gql(staff.token, 'mutation ($i: CreateConfigMdlInput!) { createConfigMdl(input: $i) { id } }', { i: { configName: 'x', config: JSON.stringify({ sessionLength: 86401 }) } });
    expect(created.errors?.[0]?.errorType).toBe('SettingOutOfBoundsException');
  });

  it('still saves a sessionLength within bounds and settings that are not policy', async () => {
    const saved = await updateUser(staff.token, staff.userMdlId, JSON.stringify({ sessionLength: 7200, theme: 'dark', anything: 99999999 }));
    expect(saved.errors).toBeUndefined();
    expect((await updateConfig(staff.token, { id: staff.configId, config: JSON.stringify({ sessionLength: 60 }) })).errors).toBeUndefined();
  });

  it('refuses a session record longer than the policy allows, by its length or by its end', async () => {
    const start = nowSeconds();
    const base = { sessionId: `s-${start}`, userId: staff.sub, sessionStart: start, isActive: false };
    expect((await createSession(staff.token, { ...base, sessionLength: 99999999, sessionEnd: start + 3600 })).errors?.[0]?.errorType).toBe('SettingOutOfBoundsException');
    expect((await createSession(staff.token, { ...base, sessionLength: 3600, sessionEnd: start + 99999999 })).errors?.[0]?.errorType).toBe('SettingOutOfBoundsException');
    const ok = await createSession(staff.token, { ...base, sessionLength: 3600, sessionEnd: start + 3600 });
    expect(ok.errors).toBeUndefined();
    const id = ok.data?.createSessionMdl?.id ?? '';
    const extended = await gql(staff.token, 'mutation ($i: UpdateSessionMdlInput!) { updateSessionMdl(input: $i) { id } }', { i: { id, sessionEnd: start + 99999999 } });
    expect(extended.errors?.[0]?.errorType).toBe('SettingOutOfBoundsException');
  });

  it('applies the pool-wide maximum an administrator sets, and refuses setting it outside the hard bounds', async () => {
    const adminToken = (await issueTokensFor(server, 'admin')).AccessToken;
    expect((await adminRest(adminToken, 'POST', '/setSessionPolicy', { maxSessionLength: 86401 })).body.__type).toBe('InvalidParameterException');
    expect((await adminRest(adminToken, 'POST', '/setSessionPolicy', { maxSessionLength: 1800 })).status).toBe(200);
    expect((await adminRest(adminToken, 'GET', '/getSessionPolicy')).body).toEqual({ SessionLength: { MinSeconds: 60, MaxSeconds: 1800, HardMaxSeconds: 86400 } });
    const refused = await updateUser(staff.token, staff.userMdlId, JSON.stringify({ sessionLength: 3600 }));
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'SettingOutOfBoundsException', errorInfo: { setting: 'sessionLength', min: 60, max: 1800 } });
    expect((await updateUser(staff.token, staff.userMdlId, JSON.stringify({ sessionLength: 1800 }))).errors).toBeUndefined();
    expect((await adminRest(adminToken, 'POST', '/setSessionPolicy', { maxSessionLength: 86400 })).status).toBe(200);
    expect((await updateUser(staff.token, staff.userMdlId, JSON.stringify({ sessionLength: 3600 }))).errors).toBeUndefined();
  });

  it('lets only Admins set the pool-wide maximum', async () => {
    expect((await adminRest(staff.token, 'POST', '/setSessionPolicy', { maxSessionLength: 86400 })).status).toBe(403);
    // Unsigned JSON 1.1 calls of the operation are refused like every Admin* operation.
    expect((await server.call('SetSessionPolicy', { UserPoolId: server.pool.userPoolId, MaxSessionLengthSeconds: 3600 })).status).toBe(403);
  });
});
