import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/db/database.js';
import { BACKENDS, makeUser, startDataApi, type DataApiHarness, type TestUser } from './data-api-harness.js';

interface Session {
  id: string;
  isActive: boolean;
  sessionEnd: number | null;
}

const CREATE = 'mutation ($i: CreateSessionMdlInput!) { createSessionMdl(input: $i) { id isActive } }';

describe.each(BACKENDS)('one active session per user on %s', (backend) => {
  let h: DataApiHarness;
  let user: TestUser;
  const sessions = async (u: TestUser): Promise<Session[]> => {
    const res = await h.gql<{ listSessionMdls: { items: Session[] } }>(u.token, `{ listSessionMdls(filter: { userId: { eq: "${u.sub}" } }, limit: 1000) { items { id isActive sessionEnd } } }`);
    return res.body.data?.listSessionMdls.items ?? [];
  };

  beforeAll(async () => {
    h = await startDataApi(backend);
    user = await makeUser(h, 'sub-concurrent', { userType: 'user' });
  });
  afterAll(async () => h.close());

  it('leaves exactly one active session after 20 simultaneous sign-ins of one user', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.gql(user.token, CREATE, { i: { sessionId: `parallel-${i}`, userId: user.sub, isActive: true, sessionStart: 1_700_000_000 } })),
    );
    for (const r of results) expect(r.body.errors).toBeUndefined();
    const all = await sessions(user);
    expect(all).toHaveLength(20);
    expect(all.filter((s) => s.isActive)).toHaveLength(1);
    // Deactivation stamps the end time.
    for (const s of all.filter((x) => !x.isActive)) expect(s.sessionEnd).toEqual(expect.any(Number));
  });

  it("activating an older session deactivates the user's others, and no other user's", async () => {
    const other = await makeUser(h, 'sub-bystander', { userType: 'user' });
    await h.gql(other.token, CREATE, { i: { sessionId: 'bystander', userId: other.sub, isActive: true } });
    const old = (await sessions(user)).find((s) => !s.isActive);
    const res = await h.gql(user.token, `mutation { updateSessionMdl(input: { id: "${String(old?.id)}", isActive: true }) { isActive } }`);
    expect(res.body.data).toEqual({ updateSessionMdl: { isActive: true } });
    const active = (await sessions(user)).filter((s) => s.isActive);
    expect(active.map((s) => s.id)).toEqual([old?.id]);
    expect((await sessions(other)).filter((s) => s.isActive)).toHaveLength(1);
  });

  it('enforces the rule in the database itself, whoever writes', async () => {
    const now = new Date().toISOString();
    const insert = (id: string) =>
      h.db.query('INSERT INTO "SessionMdl" ("id", "sessionId", "userId", "isActive", "createdAt", "updatedAt") VALUES ($1, $1, $2, TRUE, $3, $3)', [id, 'sub-direct', now]);
    await insert('direct-1');
    const error = await insert('direct-2').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('deactivates with updateSessionMdl(id, isActive, sessionEnd)', async () => {
    const active = (await sessions(user)).find((s) => s.isActive);
    const res = await h.gql(user.token, `mutation { updateSessionMdl(input: { id: "${String(active?.id)}", isActive: false, sessionEnd: 1700003600 }) { isActive sessionEnd } }`);
    expect(res.body.data).toEqual({ updateSessionMdl: { isActive: false, sessionEnd: 1700003600 } });
    expect((await sessions(user)).filter((s) => s.isActive)).toHaveLength(0);
  });
});
