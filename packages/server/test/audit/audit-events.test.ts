// What the audit trail records, through the real server on both databases: security events with
// the source address and user agent, admin actions by whichever path (admin API, SigV4 admin
// credential), business data changes with their fields before and after (the generated API, the
// batch upsert and the collector's desk) — and never a secret.
import { CALLBACK, createOAuthClient, pkcePair, signInForCallback } from '../oauth/oauth-fixtures.js';
import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserAttributesCommand,
  AdminSetUserPasswordCommand,
  AdminSetUserSettingsCommand,
  AdminUpdateUserAttributesCommand,
  CreateGroupCommand,
  DeleteGroupCommand,
  SetUserPoolMfaConfigCommand,
  UpdateGroupCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/time/clock.js';
import { AUTH_TEST_ENV, advance, createTestUser, session, tokens, totpAt, type TestUser } from '../auth/auth-fixtures.js';
import { addStaffUser, gql, ok, subOf } from '../collections/desk-fixtures.js';
import { makeAccount, POST_PAYMENT, REVERSE_PAYMENT, TAKE_PROMISE } from '../collections/money-harness.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, TEST_ADMIN_CREDENTIALS, type TestServer } from '../harness.js';
import { auditRows, entriesOf, withToken } from './audit-fixtures.js';

const AGENT = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe.each(BOTH_DATABASES)('what the audit trail records (%s)', (database) => {
  let server: TestServer;
  let adminSdk: CognitoIdentityProviderClient;
  /** Every secret the scenarios handle: none may appear in the trail. */
  const secrets = new Set<string>();
  const keep = (...values: (string | undefined)[]) => values.forEach((v) => v !== undefined && v !== '' && secrets.add(v));

  /** JSON 1.1 calls from a browser-like client. */
  const call = (target: string, body: unknown) => server.call(target, body, { 'user-agent': AGENT });

  /** USER_PASSWORD_AUTH then the TOTP step, from the browser-like client. */
  const signIn = async (user: TestUser) => {
    const first = await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } });
    advance(server, 30);
    const code = totpAt(server, user.totpSecret ?? '');
    keep(session(first), code);
    const result = tokens(await call('RespondToAuthChallenge', { ClientId: server.pool.clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session(first), ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code } }));
    keep(result.AccessToken, result.IdToken, result.RefreshToken);
    return result;
  };

  beforeAll(async () => {
    // A weekday afternoon in New York: the contact rules let the desk call.
    server = await startTestServer({ database, env: { ...AUTH_TEST_ENV, LOCKOUT_FREE_ATTEMPTS: '3' }, clock: new ManualClock(new Date('2026-03-03T16:00:00Z')) });
    adminSdk = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
  });
  afterAll(async () => {
    adminSdk.destroy();
    await server.close();
  });

  it('records a sign-in with its user, address, user agent, flow and factors', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    keep(user.password, user.totpSecret);
    await signIn(user);
    const [entry] = await entriesOf(server, 'sign_in');
    expect(entry).toMatchObject({
      action: 'sign_in',
      category: 'security',
      outcome: 'success',
      actor: { kind: 'user', sub: user.sub, name: user.username },
      subject: { sub: user.sub, name: user.username },
      source: { ip: '127.0.0.1', userAgent: AGENT },
      details: { flow: 'USER_PASSWORD_AUTH', firstFactor: 'password', mfa: 'SOFTWARE_TOKEN_MFA', clientId: server.pool.clientId },
    });
  });

  it('records a sign-in through the hosted page, and its end at /logout', async () => {
    const client = await createOAuthClient(server);
    const user = await createTestUser(server, { mfa: 'totp' });
    keep(user.password, user.totpSecret);
    const { cookies } = await signInForCallback(server, user, { response_type: 'code', client_id: client.clientId, redirect_uri: CALLBACK, state: 'st', code_challenge: pkcePair().challenge, code_challenge_method: 'S256', scope: 'openid' });
    keep(cookies.get('steward-session'));
    const signIns = (await entriesOf(server, 'sign_in')).filter((e) => e.subject?.sub === user.sub);
    expect(signIns.map((e) => e.outcome)).toEqual(['success']);
    expect(signIns[0]?.details).toMatchObject({ via: 'managed-login', clientId: client.clientId, firstFactor: 'password', mfa: 'SOFTWARE_TOKEN_MFA' });
    const out = await fetch(`${server.managedLoginUrl}/logout?client_id=${client.clientId}&logout_uri=${encodeURIComponent('http://localhost:5173/')}`, { redirect: 'manual', headers: { cookie: cookies.header(), 'user-agent': AGENT } });
    expect(out.status).toBe(302);
    expect((await entriesOf(server, 'sign_out.hosted')).filter((e) => e.subject?.sub === user.sub)).toMatchObject([{ actor: { sub: user.sub }, source: { userAgent: AGENT } }]);
  });

  it('records refused sign-ins with the reason, the lockout they start, and never the name typed for no user', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    keep(user.password, user.totpSecret);
    for (let i = 0; i < 3; i++) await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: `Wrong-${i}-Passw0rd!` } });
    const failures = (await entriesOf(server, 'sign_in')).filter((e) => e.outcome === 'failure' && e.subject?.sub === user.sub);
    expect(failures.map((e) => e.details?.message)).toEqual(['Incorrect username or password.', 'Incorrect username or password.', 'Password attempts exceeded']);
    expect(failures[0]).toMatchObject({ actor: { kind: 'anonymous' }, source: { ip: '127.0.0.1', userAgent: AGENT }, details: { reason: 'NotAuthorizedException', flow: 'USER_PASSWORD_AUTH' } });
    const lockouts = await entriesOf(server, 'user.locked_out');
    expect(lockouts).toHaveLength(1);
    expect(lockouts[0]).toMatchObject({ subject: { sub: user.sub }, details: { counter: 'password' } });
    // Refused while locked: a failure, not a second lockout.
    await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } });
    expect(await entriesOf(server, 'user.locked_out')).toHaveLength(1);
    // A name no user has may be a password typed into the wrong field: not kept.
    const typo = 'Typed-My-Passw0rd-Here!';
    keep(typo);
    await call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: typo, PASSWORD: 'whatever-Passw0rd1' } });
    const unknown = (await entriesOf(server, 'sign_in')).at(-1);
    expect(unknown).toMatchObject({ outcome: 'failure', details: { unknownUser: true } });
    expect(unknown?.subject).toBeUndefined();
  });

  it('records MFA set up and removed, password changes and resets, revocations and sign-outs', async () => {
    const user = await createTestUser(server, { mfa: 'sms' });
    keep(user.password);
    const access = (await issueTokensFor(server, user.username)).AccessToken;
    keep(access);
    const associated = await call('AssociateSoftwareToken', { AccessToken: access });
    const secret = String(associated.body.SecretCode);
    keep(secret);
    const code = totpAt(server, secret);
    keep(code);
    expect((await call('VerifySoftwareToken', { AccessToken: access, UserCode: code })).body.Status).toBe('SUCCESS');
    expect((await entriesOf(server, 'mfa.totp_set_up'))[0]).toMatchObject({ subject: { sub: user.sub }, changes: { softwareTokenMfaEnabled: { before: false, after: true } }, source: { userAgent: AGENT } });
    expect((await call('SetUserMFAPreference', { AccessToken: access, SoftwareTokenMfaSettings: { Enabled: false } })).status).toBe(200);
    expect((await entriesOf(server, 'mfa.preferences_changed'))[0]?.changes).toMatchObject({ softwareTokenMfaEnabled: { before: true, after: false } });

    const changed = `${user.password}-2`;
    keep(changed);
    expect((await call('ChangePassword', { AccessToken: access, PreviousPassword: user.password, ProposedPassword: changed })).status).toBe(200);
    expect((await entriesOf(server, 'password.changed'))[0]).toMatchObject({ actor: { sub: user.sub }, subject: { sub: user.sub } });

    expect((await call('ForgotPassword', { ClientId: server.pool.clientId, Username: user.username })).status).toBe(200);
    const resetCode = await server.latestCode(user.email);
    const reset = `${user.password}-3`;
    keep(resetCode, reset);
    expect((await call('ConfirmForgotPassword', { ClientId: server.pool.clientId, Username: user.username, ConfirmationCode: resetCode, Password: reset })).status).toBe(200);
    expect((await entriesOf(server, 'password.reset_requested')).map((e) => e.subject?.sub)).toEqual([user.sub]);
    expect((await entriesOf(server, 'password.reset')).map((e) => e.subject?.sub)).toEqual([user.sub]);

    const signedIn = await issueTokensFor(server, user.username);
    keep(signedIn.AccessToken, signedIn.RefreshToken);
    expect((await call('RevokeToken', { ClientId: server.pool.clientId, Token: signedIn.RefreshToken })).status).toBe(200);
    expect((await entriesOf(server, 'token.revoked'))[0]).toMatchObject({ subject: { sub: user.sub, name: user.username }, source: { userAgent: AGENT } });
    const other = await issueTokensFor(server, user.username);
    keep(other.AccessToken, other.RefreshToken);
    expect((await call('GlobalSignOut', { AccessToken: other.AccessToken })).status).toBe(200);
    expect((await entriesOf(server, 'sign_out.global'))[0]).toMatchObject({ subject: { sub: user.sub }, details: { signInsRevoked: expect.any(Number) as unknown } });
  });

  it('records admin actions through the admin API and the admin credential, without the passwords they set', async () => {
    const admin = (await issueTokensFor(server, 'admin')).AccessToken;
    const adminSub = await subOf(server, 'admin');
    keep(admin);
    const temporary = 'Temp-Passw0rd-Of-Eve!';
    keep(temporary);
    expect((await withToken(server, admin, 'POST', '/admin/createUser', { username: 'eve', temporaryPassword: temporary, attributes: { email: 'eve@example.com', email_verified: 'true' }, suppressInvitation: true })).status).toBe(200);
    const [created] = await entriesOf(server, 'admin.user.created');
    expect(created).toMatchObject({ category: 'admin', actor: { kind: 'admin', sub: adminSub, name: 'admin' }, subject: { name: 'eve' }, source: { userAgent: 'audit-test-agent/1.0' } });
    expect(created?.changes).toMatchObject({ email: { before: null, after: 'eve@example.com' }, status: { before: null, after: 'FORCE_CHANGE_PASSWORD' } });

    const permanent = 'Permanent-Passw0rd-Of-Eve!';
    keep(permanent);
    await adminSdk.send(new AdminSetUserPasswordCommand({ UserPoolId: server.pool.userPoolId, Username: 'eve', Password: permanent, Permanent: true }));
    await adminSdk.send(new AdminAddUserToGroupCommand({ UserPoolId: server.pool.userPoolId, Username: 'eve', GroupName: 'Admins' }));
    expect((await entriesOf(server, 'admin.user.password_set'))[0]).toMatchObject({ actor: { kind: 'admin-credential', name: TEST_ADMIN_CREDENTIALS.accessKeyId }, subject: { name: 'eve' }, details: { permanent: true } });
    expect((await entriesOf(server, 'admin.group.member_added'))[0]).toMatchObject({ subject: { name: 'eve' }, details: { group: 'Admins' } });
    // Adding again changes nothing and records nothing.
    await adminSdk.send(new AdminAddUserToGroupCommand({ UserPoolId: server.pool.userPoolId, Username: 'eve', GroupName: 'Admins' }));
    expect(await entriesOf(server, 'admin.group.member_added')).toHaveLength(1);

    for (const path of ['/admin/disableUser', '/admin/enableUser', '/admin/signUserOut', '/admin/resetUserPassword']) expect((await withToken(server, admin, 'POST', path, { username: 'eve' })).status, path).toBe(200);
    keep(await server.latestCode('eve@example.com'));
    expect((await entriesOf(server, 'admin.user.disabled'))[0]?.changes).toEqual({ enabled: { before: true, after: false } });
    expect(await entriesOf(server, 'admin.user.enabled')).toHaveLength(1);
    expect(await entriesOf(server, 'admin.user.signed_out')).toHaveLength(1);
    expect((await entriesOf(server, 'admin.user.password_reset'))[0]?.changes).toEqual({ status: { before: 'CONFIRMED', after: 'RESET_REQUIRED' } });
    expect((await withToken(server, admin, 'POST', '/admin/setSessionPolicy', { maxSessionLength: 7200 })).status).toBe(200);
    expect((await entriesOf(server, 'admin.session_policy.set'))[0]?.changes).toEqual({ maxSessionLengthSeconds: { before: null, after: 7200 } });

    const client = await adminSdk.send(new CreateUserPoolClientCommand({ UserPoolId: server.pool.userPoolId, ClientName: 'partner', GenerateSecret: true }));
    const clientId = client.UserPoolClient?.ClientId ?? '';
    keep(client.UserPoolClient?.ClientSecret);
    await adminSdk.send(new UpdateUserPoolClientCommand({ UserPoolId: server.pool.userPoolId, ClientId: clientId, ClientName: 'partner-2' }));
    await adminSdk.send(new DeleteUserPoolClientCommand({ UserPoolId: server.pool.userPoolId, ClientId: clientId }));
    const ofClient = async (action: string) => (await entriesOf(server, action)).filter((e) => e.record?.id === clientId);
    expect(await ofClient('admin.client.created')).toMatchObject([{ record: { type: 'app_client', id: clientId }, changes: { ClientName: { after: 'partner' } } }]);
    expect((await ofClient('admin.client.updated'))[0]?.changes).toMatchObject({ ClientName: { before: 'partner', after: 'partner-2' } });
    expect(await ofClient('admin.client.deleted')).toHaveLength(1);
  });

  it("records the pool API's attribute, group, MFA-setting and pool changes, with their fields before and after", async () => {
    const pool = server.pool.userPoolId;
    const user = await createTestUser(server, { mfa: 'none' });
    keep(user.password);
    await adminSdk.send(new AdminUpdateUserAttributesCommand({ UserPoolId: pool, Username: user.username, UserAttributes: [{ Name: 'middle_name', Value: 'Ada' }] }));
    await adminSdk.send(new AdminDeleteUserAttributesCommand({ UserPoolId: pool, Username: user.username, UserAttributeNames: ['middle_name'] }));
    const attributeChanges = (await entriesOf(server, 'admin.user.attributes_changed')).filter((e) => e.subject?.sub === user.sub);
    expect(attributeChanges.map((e) => e.changes)).toEqual([{ middle_name: { before: null, after: 'Ada' } }, { middle_name: { before: 'Ada', after: null } }]);
    expect(attributeChanges[0]?.actor).toEqual({ kind: 'admin-credential', name: TEST_ADMIN_CREDENTIALS.accessKeyId });

    await adminSdk.send(new AdminSetUserSettingsCommand({ UserPoolId: pool, Username: user.username, MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] }));
    expect((await entriesOf(server, 'admin.user.mfa_preferences_set')).filter((e) => e.subject?.sub === user.sub)).toMatchObject([{ details: { via: 'AdminSetUserSettings' } }]);

    await adminSdk.send(new CreateGroupCommand({ UserPoolId: pool, GroupName: 'night-shift', Description: 'evenings', Precedence: 7 }));
    await adminSdk.send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: user.username, GroupName: 'night-shift' }));
    await adminSdk.send(new UpdateGroupCommand({ UserPoolId: pool, GroupName: 'night-shift', Description: 'nights' }));
    await adminSdk.send(new DeleteGroupCommand({ UserPoolId: pool, GroupName: 'night-shift' }));
    const ofGroup = async (action: string) => (await entriesOf(server, action)).filter((e) => e.record?.id === 'night-shift');
    expect((await ofGroup('admin.group.updated')).map((e) => e.changes)).toEqual([{ description: { before: 'evenings', after: 'nights' } }]);
    expect(await ofGroup('admin.group.deleted')).toMatchObject([{ record: { type: 'group' }, details: { members: 1 } }]);

    await adminSdk.send(new SetUserPoolMfaConfigCommand({ UserPoolId: pool, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }));
    const [mfa] = await entriesOf(server, 'admin.pool.mfa_config_set');
    expect(mfa).toMatchObject({ record: { type: 'user_pool', id: pool }, changes: { mfaConfiguration: { before: 'ON', after: 'OPTIONAL' }, enabledMfas: { after: ['SOFTWARE_TOKEN_MFA'] } } });
    await adminSdk.send(new SetUserPoolMfaConfigCommand({ UserPoolId: pool, MfaConfiguration: 'ON', SoftwareTokenMfaConfiguration: { Enabled: true }, SmsMfaConfiguration: {}, EmailMfaConfiguration: {} }));
  });

  it('records who changed which fields of which record through the data API, before and after', async () => {
    const staff = (await issueTokensFor(server, 'staff')).AccessToken;
    const staffSub = await subOf(server, 'staff');
    keep(staff);
    const created = await ok<{ createTicketMdl: { id: string; _version: number } }>(server, staff, 'mutation ($i: CreateTicketMdlInput!) { createTicketMdl(input: $i) { id _version } }', { i: { subject: 'Printer', priority: 'low', status: 'open' } });
    const id = created.createTicketMdl.id;
    await ok(server, staff, 'mutation ($i: UpdateTicketMdlInput!) { updateTicketMdl(input: $i) { id } }', { i: { id, priority: 'high', status: 'open', _version: created.createTicketMdl._version } });
    await ok(server, staff, 'mutation ($i: DeleteTicketMdlInput!) { deleteTicketMdl(input: $i) { id } }', { i: { id } });
    const rows = (await auditRows(server)).map((r) => r.entry).filter((e) => e.record?.id === id);
    expect(rows.map((e) => e.action)).toEqual(['data.create', 'data.update', 'data.delete']);
    expect(rows[0]).toMatchObject({ category: 'data', actor: { kind: 'user', sub: staffSub, name: 'staff' }, record: { type: 'TicketMdl', id }, changes: { subject: { before: null, after: 'Printer' }, priority: { before: null, after: 'low' } } });
    // Only what changed: the status was sent again with the same value.
    expect(rows[1]?.changes).toEqual({ priority: { before: 'low', after: 'high' } });
    expect(rows[2]?.changes).toMatchObject({ subject: { before: 'Printer', after: null }, priority: { before: 'high', after: null } });
    expect(rows[1]?.source?.ip).toBe('127.0.0.1');

    // One active session per user: activating another records the deactivation too; the session's token data is never stored.
    const tokenData = JSON.stringify({ accessToken: staff });
    const first = await ok<{ createSessionMdl: { id: string } }>(server, staff, 'mutation ($i: CreateSessionMdlInput!) { createSessionMdl(input: $i) { id } }', { i: { sessionId: 'audit-a', userId: staffSub, isActive: true, sessionData: tokenData } });
    const second = await ok<{ createSessionMdl: { id: string } }>(server, staff, 'mutation ($i: CreateSessionMdlInput!) { createSessionMdl(input: $i) { id } }', { i: { sessionId: 'audit-b', userId: staffSub, isActive: true } });
    const sessionRows = (await auditRows(server)).map((r) => r.entry).filter((e) => e.record?.id === first.createSessionMdl.id);
    expect(sessionRows.map((e) => e.action)).toEqual(['data.create', 'data.update']);
    expect(sessionRows[0]?.changes?.sessionData).toEqual({ before: null, after: '[redacted]' });
    expect(sessionRows[1]).toMatchObject({ changes: { isActive: { before: true, after: false } }, details: { deactivatedBy: second.createSessionMdl.id } });

    // A refused write (a stale version) records nothing.
    const again = await ok<{ createTicketMdl: { id: string } }>(server, staff, 'mutation ($i: CreateTicketMdlInput!) { createTicketMdl(input: $i) { id } }', { i: { subject: 'Stale' } });
    const stale = await gql(server, staff, 'mutation ($i: UpdateTicketMdlInput!) { updateTicketMdl(input: $i) { id } }', { i: { id: again.createTicketMdl.id, subject: 'x', _version: 99 } });
    expect(stale.errors?.[0]?.errorType).toBe('ConflictUnhandled');
    expect((await auditRows(server)).filter((r) => r.entry.record?.id === again.createTicketMdl.id).map((r) => r.entry.action)).toEqual(['data.create']);

    // An import batch: one event per record created or changed, none for one left as it was.
    const batch = 'mutation ($input: [CreateAccountMdlInput!]!) { batchUpsertAccountMdls(input: $input) { created updated unchanged } }';
    const accounts = [1, 2, 3].map((n) => ({ clientNumber: 'C-1001', fileNumber: `AUD-${n}`, currentUpb: 100 * n }));
    await ok(server, staff, batch, { input: accounts });
    await ok(server, staff, batch, { input: [accounts[0], { ...accounts[1], currentUpb: 999 }] });
    const imported = (await auditRows(server)).map((r) => r.entry).filter((e) => e.details?.via === 'batchUpsertAccountMdls');
    expect(imported.map((e) => e.action)).toEqual(['data.create', 'data.create', 'data.create', 'data.update']);
    expect(imported[3]?.changes).toEqual({ currentUpb: { before: 200, after: 999 } });
  });

  it("records the collector's desk: payments, reversals, promises, calls, notes, disputes, do-not-contact and assignments", async () => {
    const staff = (await issueTokensFor(server, 'staff')).AccessToken;
    const admin = (await issueTokensFor(server, 'admin')).AccessToken;
    const staffSub = await subOf(server, 'staff');
    await addStaffUser(server, 'collector-audit');
    const collectorSub = await subOf(server, 'collector-audit');
    const account = await makeAccount(server.db, { originalCents: 100_000 });
    const today = server.clock.now().toISOString().slice(0, 10);

    const posted = await ok<{ postPayment: { transactionId: string } }>(server, staff, POST_PAYMENT, { input: { accountId: account.id, amountCents: 2_500, paymentDate: today, method: 'card', clientReference: 'audit-pay-1' } });
    const payment = (await entriesOf(server, 'desk.payment_posted')).filter((e) => e.related?.[0]?.id === account.id || e.record?.id === account.id);
    expect(payment.map((e) => e.record?.type)).toEqual(['TransactionMdl', 'AccountMdl']);
    expect(payment[0]).toMatchObject({ actor: { sub: staffSub }, record: { id: posted.postPayment.transactionId }, changes: { amountCents: { before: null, after: 2_500 } } });
    expect(payment[1]?.changes).toEqual({ paidCents: { before: 0, after: 2_500 }, balanceCents: { before: 100_000, after: 97_500 } });
    // A posting that fails (the reference used for another amount) rolls back with no row.
    const reused = await gql(server, staff, POST_PAYMENT, { input: { accountId: account.id, amountCents: 9_999, paymentDate: today, method: 'card', clientReference: 'audit-pay-1' } });
    expect(reused.errors?.[0]).toBeDefined();
    expect(await entriesOf(server, 'desk.payment_posted')).toHaveLength(2);

    await ok(server, staff, REVERSE_PAYMENT, { input: { transactionId: posted.postPayment.transactionId, reason: 'returned_payment', clientReference: 'audit-rev-1' } });
    const reversal = await entriesOf(server, 'desk.payment_reversed');
    expect(reversal.map((e) => e.record?.type)).toEqual(['TransactionMdl', 'TransactionMdl', 'AccountMdl']);
    expect(reversal[2]?.changes).toEqual({ paidCents: { before: 2_500, after: 0 }, balanceCents: { before: 97_500, after: 100_000 } });

    const promise = await ok<{ takePromise: { id: string } }>(server, staff, TAKE_PROMISE, { input: { accountId: account.id, schedule: { kind: 'single', amountCents: 5_000, dueDate: '2026-03-20' }, clientReference: 'audit-promise-1' } });
    await ok(server, staff, 'mutation ($id: ID!) { cancelPromise(id: $id, reason: "debtor changed their mind") { id } }', { id: promise.takePromise.id });
    expect((await entriesOf(server, 'desk.promise_taken'))[0]).toMatchObject({ record: { type: 'PromiseMdl', id: promise.takePromise.id }, related: [{ type: 'AccountMdl', id: account.id }], changes: { totalCents: { after: 5_000 } } });
    expect((await entriesOf(server, 'desk.promise_cancelled'))[0]?.changes).toEqual({ status: { before: 'active', after: 'cancelled' }, cancelReason: { before: null, after: 'debtor changed their mind' } });

    await ok(server, admin, 'mutation ($input: RecordCallInput!) { recordCall(input: $input) { activityId } }', {
      input: { accountId: account.id, debtorId: account.debtorId, outcome: 'no_answer', clientReference: 'audit-call-1', overrideReason: 'audit test' },
    });
    expect((await entriesOf(server, 'desk.call_recorded'))[0]).toMatchObject({ related: [{ id: account.id }], changes: { outcome: { after: 'no_answer' } } });
    await ok(server, staff, 'mutation ($a: ID!) { addAccountNote(accountId: $a, text: "promised to call back") { id } }', { a: account.id });
    expect((await entriesOf(server, 'desk.note_added'))[0]?.changes).toEqual({ text: { before: null, after: 'promised to call back' } });
    await ok(server, staff, 'mutation ($a: ID!) { setAccountDispute(accountId: $a, disputed: true, reason: "amount disputed") { id } }', { a: account.id });
    expect((await entriesOf(server, 'desk.dispute_set'))[0]).toMatchObject({ record: { type: 'AccountMdl', id: account.id }, changes: { disputed: { before: false, after: true } }, details: { reason: 'amount disputed' } });
    await ok(server, staff, 'mutation ($d: ID!) { setDoNotContact(debtorId: $d, channel: "sms", doNotContact: true, reason: "asked") { id } }', { d: account.debtorId });
    expect((await entriesOf(server, 'desk.do_not_contact_set'))[0]).toMatchObject({ record: { type: 'DebtorMdl', id: account.debtorId }, related: [{ id: account.id }] });
    await ok(server, admin, 'mutation ($ids: [ID!]!, $c: String) { assignAccounts(accountIds: $ids, collector: $c) }', { ids: [account.id], c: collectorSub });
    expect((await entriesOf(server, 'desk.account_assigned'))[0]?.changes).toEqual({ assignedTo: { before: null, after: collectorSub } });

    // The account's id finds everything that happened to it, whatever record each event changed.
    const found = await withToken(server, admin, 'GET', `/admin/audit/events?record=${account.id}&limit=100`);
    const actions = (found.body.events as { action: string }[]).map((e) => e.action);
    for (const action of ['desk.payment_posted', 'desk.payment_reversed', 'desk.promise_taken', 'desk.promise_cancelled', 'desk.call_recorded', 'desk.note_added', 'desk.dispute_set', 'desk.do_not_contact_set', 'desk.account_assigned']) {
      expect(actions).toContain(action);
    }
  });

  // Threat: passwords, codes, tokens, TOTP secrets or client secrets copied into a log that is never
  // deleted and that every administrator (and every backup of it) can read.
  it('holds none of the passwords, codes, tokens and secrets the scenarios above used', async () => {
    expect(secrets.size).toBeGreaterThan(20);
    const rows = await server.db.query<{ row: string }>('SELECT row_to_json(a)::text AS row FROM audit_log a');
    const stored = rows.map((r) => r.row).join('\n');
    expect(rows.length).toBeGreaterThan(40);
    for (const secret of secrets) {
      // Six-digit codes could match a number by chance: only as a whole JSON value or word.
      if (/^\d{6}$/.test(secret)) expect(stored).not.toMatch(new RegExp(`(?<![0-9a-f])${secret}(?![0-9a-f])`));
      else expect(stored, secret.slice(0, 12)).not.toContain(secret);
    }
    // Nor the verifiers and hashes the user rows hold.
    const users = await server.db.query<{ srp_verifier: string | null; password_hash: string | null }>('SELECT srp_verifier, password_hash FROM users WHERE srp_verifier IS NOT NULL');
    for (const user of users) {
      expect(stored).not.toContain(user.srp_verifier?.slice(0, 40) ?? 'none');
      expect(stored).not.toContain(user.password_hash?.slice(-40) ?? 'none');
    }
  });
});
