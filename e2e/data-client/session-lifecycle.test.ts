// data-client over the real data API with tokens from real auth-core sign-ins (SRP + email MFA)
// against the same server: the session lifecycle of spec sections 3, 4 and 8, and the access rules
// as the demo users see them.
import { fetchAuthSessionWith, fetchUserAttributesWith, getCurrentUserWith, signOutWith, type AuthRuntime } from '@steward/auth-core';
import { SESSION_MESSAGES, createDataClient, type DataClient } from '@steward/data-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithEmailMfa } from '../support/email-mfa.js';
import { startE2eServer, type E2eServer } from '../support/server.js';

let e2e: E2eServer;
beforeAll(async () => {
  e2e = await startE2eServer();
});
afterAll(async () => e2e.close());

/** A demo user of the first start, by username. */
function demoUser(username: string): { username: string; password: string; email: string } {
  const user = e2e.server.seed?.demoUsers.find((u) => u.username === username);
  if (user === undefined) throw new Error(`no demo user ${username}`);
  return user;
}

/** The data client a signed-in browser profile builds, its tokens coming from that profile's auth-core. */
function dataClientOf(browser: AuthRuntime): DataClient {
  return createDataClient({
    graphqlEndpoint: String(e2e.runtimeConfig.graphqlEndpoint),
    auth: {
      fetchAuthSession: async () => fetchAuthSessionWith(browser),
      fetchUserAttributes: async () => fetchUserAttributesWith(browser),
      getCurrentUser: async () => getCurrentUserWith(browser),
    },
    logger: { warn: () => undefined },
  });
}

describe('data-client sessions with real auth-core sign-ins', () => {
  it('records a session on sign-in, ends it when the same user signs in elsewhere, and refuses a signed-out token', async () => {
    const staff = demoUser('staff');
    const laptop = e2e.newBrowser();
    await signInWithEmailMfa(e2e, laptop, staff);
    const laptopData = dataClientOf(laptop);
    const first = await laptopData.recordSignIn();
    expect(first.temporaryUser).toBe(false);
    expect(first.user).toMatchObject({ userType: 'staff', email: staff.email });
    expect(first.config).not.toBeNull();
    expect(first.session).toMatchObject({ isActive: true, userId: first.userId, usermdlID: first.user.id });
    expect(await laptopData.sessions.validateSession()).toMatchObject({ isValid: true, message: SESSION_MESSAGES.valid });

    const phone = e2e.newBrowser();
    await signInWithEmailMfa(e2e, phone, staff);
    const phoneData = dataClientOf(phone);
    const second = await phoneData.recordSignIn();
    expect(second.session?.id).not.toBe(first.session?.id);
    const active = await phoneData.sessions.getActiveSessions(first.userId);
    expect(active.map((s) => s.id)).toEqual([second.session?.id]);
    const ended = await laptopData.sessions.getSession(String(first.session?.id));
    expect(ended?.isActive).toBe(false);
    expect(ended?.sessionEnd).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

    // Threat: a token kept after a global sign-out still reading business data.
    const oldToken = (await fetchAuthSessionWith(phone)).tokens?.accessToken.toString() ?? '';
    await signOutWith(phone, { global: true });
    const res = await fetch(String(e2e.runtimeConfig.graphqlEndpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: oldToken },
      body: JSON.stringify({ query: '{ listClientMdls(limit: 5) { items { id } } }' }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: { errorType?: string }[] };
    expect(body.errors?.[0]?.errorType).toBe('UnauthorizedException');
  });

  it('shows a client user only the accounts of their own clientNumber, and staff all of them', async () => {
    const clientBrowser = e2e.newBrowser();
    await signInWithEmailMfa(e2e, clientBrowser, demoUser('client'));
    const clientData = dataClientOf(clientBrowser);
    const record = await clientData.recordSignIn();
    expect(record.user).toMatchObject({ userType: 'client', clientNumber: 'C-1001' });
    const own = await clientData.models.AccountMdl.list({ limit: 100 });
    expect(own.items.length).toBeGreaterThan(0);
    expect(new Set(own.items.map((a) => a.clientNumber))).toEqual(new Set(['C-1001']));
    const other = await clientData.models.AccountMdl.list({ filter: { clientNumber: { eq: 'C-2002' } }, limit: 100 });
    expect(other.items).toEqual([]);

    const staffBrowser = e2e.newBrowser();
    await signInWithEmailMfa(e2e, staffBrowser, demoUser('admin'));
    const staffAccounts = await dataClientOf(staffBrowser).models.AccountMdl.list({ limit: 100 });
    expect(new Set(staffAccounts.items.map((a) => a.clientNumber))).toEqual(new Set(['C-1001', 'C-2002']));
  });
});
