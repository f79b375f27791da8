// Threat: someone who can only read the database (a backup, a replica, an SQL injection elsewhere)
// signs in as a user. Before, TOTP secrets were stored as plain base32 and an open SRP challenge
// kept the server's secret ephemeral b readable, so a password proof could be forged from b and
// the verifier, and the stored secret answered the MFA step. Now both are sealed (AES-256-GCM under
// DATA_SEALING_SECRET, which is configuration, never in the database), codes are HMACs, and this
// test dumps every table and searches it for each secret.
import { createClientEphemeral } from '@steward/auth-core/srp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../../src/delivery/message-delivery.js';
import { SecretBox } from '../../src/sealing/secret-box.js';
import { resealStoredSecrets } from '../../src/sealing/reseal-stored-secrets.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { advance, AUTH_TEST_ENV, createTestUser, params, passwordAuth, session, totpAt, respond, tokens } from '../auth/auth-fixtures.js';
import { dumpDatabase } from './database-dump.js';

describe.each(BOTH_DATABASES)('what a reader of the database sees (%s)', (database) => {
  let server: TestServer;
  const sent: OutgoingMessage[] = [];
  beforeAll(async () => {
    // A delivery port that captures (as an SMS gateway would receive) instead of the dev outbox table.
    server = await startTestServer({ database, env: AUTH_TEST_ENV, delivery: { send: async (message) => void sent.push(message) } });
  });
  afterAll(async () => server.close());

  it('finds neither a TOTP secret, nor the SRP secret b of an open challenge, nor a pending code', async () => {
    // TOTP set up through the wire, as a user would.
    const totpUser = await createTestUser(server, { mfa: 'sms' });
    const first = await passwordAuth(server, totpUser.username, totpUser.password);
    const smsCode = sent.at(-1)?.code ?? '';
    expect(smsCode).toMatch(/^\d{6}$/);
    const signedIn = tokens(await respond(server, 'SMS_MFA', session(first), { USERNAME: totpUser.username, SMS_MFA_CODE: smsCode }));
    const associated = await server.call('AssociateSoftwareToken', { AccessToken: signedIn.AccessToken });
    const secret = String(associated.body.SecretCode);
    expect((await server.call('VerifySoftwareToken', { AccessToken: signedIn.AccessToken, UserCode: totpAt(server, secret) })).body.Status).toBe('SUCCESS');
    // An open SRP challenge, and a pending SMS code of another sign-in.
    const srpStart = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: totpUser.username, SRP_A: createClientEphemeral().srpAHex } });
    expect(params(srpStart).SRP_B).toBeDefined();
    const smsUser = await createTestUser(server, { mfa: 'sms' });
    await passwordAuth(server, smsUser.username, smsUser.password);
    const pendingCode = sent.at(-1)?.code ?? '';

    // What only the server can open: b, from the sealed state of the open challenge.
    const openStates = await server.db.query<{ id: string; state: unknown }>(`SELECT id, state FROM auth_sessions WHERE challenge_name = 'PASSWORD_VERIFIER'`);
    const { openSessionState } = await import('../../src/user-pool/sessions/auth-sessions.js');
    const bValues = openStates.map((row) => openSessionState<{ srp?: { b: string } }>(server.app.steward.secrets, row.id, row.state).srp?.b ?? '');
    expect(bValues.length).toBeGreaterThan(0);

    const dump = (await dumpDatabase(server)).toLowerCase();
    expect(dump).not.toContain(secret.toLowerCase());
    for (const b of bValues) expect(dump).not.toContain(b.slice(-40));
    expect(dump).not.toMatch(new RegExp(`[^0-9a-f]${pendingCode}[^0-9a-f]`));
    // The sealed values say nothing without the key: another key does not open them.
    const [stored] = await server.db.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE sub = $1', [totpUser.sub]);
    expect(() => new SecretBox('an-attacker-guess-of-the-sealing-secret-0000').open(`totp:${totpUser.sub}`, stored?.totp_secret ?? '')).toThrow(/does not open/);
  });

  it('re-seals stored secrets under a new DATA_SEALING_SECRET, and sign-in keeps working', async () => {
    const user = await createTestUser(server, { mfa: 'totp' });
    const [before] = await server.db.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE sub = $1', [user.sub]);
    const rotated = new SecretBox('a-brand-new-data-sealing-secret-of-32+chars', [server.config.dataSealingSecret]);
    expect(await resealStoredSecrets(server.db, rotated)).toBeGreaterThan(0);
    const [after] = await server.db.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE sub = $1', [user.sub]);
    expect(after?.totp_secret).not.toBe(before?.totp_secret);
    expect(rotated.open(`totp:${user.sub}`, after?.totp_secret ?? '')).toBe(user.totpSecret);
    expect(await resealStoredSecrets(server.db, rotated)).toBe(0);
    // A server started with the rotated secret on the same database signs the user in with their
    // authenticator app (PostgreSQL: an in-memory PGlite cannot be shared between two servers).
    if (database !== 'postgres' || server.schema === undefined) return;
    const next = await startTestServer({ database, env: { ...AUTH_TEST_ENV, DATA_SEALING_SECRET: 'a-brand-new-data-sealing-secret-of-32+chars' }, schema: server.schema, seed: false, clock: server.clock });
    try {
      const start = await next.call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: user.username, PASSWORD: user.password } });
      expect(start.body.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
      advance(server, 30);
      const answer = { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: totpAt(server, user.totpSecret ?? '') };
      tokens(await next.call('RespondToAuthChallenge', { ClientId: server.pool.clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: session(start), ChallengeResponses: answer }));
    } finally {
      await next.close();
    }
  });
});
