// Backups that restore, on each database: a real server gets a user (password, TOTP set up at
// sign-in, a confidential app client's SECRET_HASH) and business data through its APIs; a backup is
// taken while it runs (pg_dump on PostgreSQL, `cli backup` asking the server on PGlite); the backup
// is restored into a fresh database (a new PostgreSQL database, a new folder); a server started on
// the restore with the same secrets signs the user in (SRP, then the sealed TOTP secret) and serves
// their data over GraphQL, as it was at the backup.
import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { AdminAddUserToGroupCommand, CognitoIdentityProviderClient, CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { computeClaimSignature, computePasswordAuthenticationKey, createClientEphemeral, formatCognitoTimestamp, poolNameFromUserPoolId } from '@steward/auth-core/srp';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tarEntries } from '../../src/backup/tar-entries.js';
import { loadConfig } from '../../src/config/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { totpCode } from '../../src/user-pool/auth/totp/totp.js';
import { BOTH_DATABASES, TEST_ADMIN_CREDENTIALS, TEST_POSTGRES_URL, type TestDatabase } from '../harness.js';
import { callAt, runCliProcess } from '../server-process.js';

const run = promisify(execFile);

type Reply = { status: number; body: Record<string, unknown> };

/** base64(HMAC-SHA256(client secret, username + client id)), as a Cognito client computes SECRET_HASH. */
const secretHashOf = (secret: string, username: string, clientId: string): string => createHmac('sha256', secret).update(`${username}${clientId}`).digest('base64');

/** The URL of another database of the test PostgreSQL server. */
function databaseUrl(name: string): string {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onPostgres(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Server starts migrate fresh databases and the CLI runs in processes of its own: slow on a loaded machine.
describe.each(BOTH_DATABASES)('backup and restore on %s', { timeout: 300_000 }, (database: TestDatabase) => {
  const id = randomBytes(4).toString('hex');
  const source = `steward_backup_src_${id}`;
  const restored = `steward_backup_dst_${id}`;
  let dir: string;
  let server: RunningServer | undefined;
  // The secrets an operator keeps apart from the backups: the same on the restored server.
  const secrets = {
    CODE_PEPPER: `pepper-${randomBytes(16).toString('hex')}`,
    SIGNING_KEY_SECRET: `signing-${randomBytes(16).toString('hex')}`,
    DATA_SEALING_SECRET: `sealing-${randomBytes(16).toString('hex')}`,
  };

  const targetEnv = (which: 'source' | 'restored'): Record<string, string> =>
    database === 'postgres' ? { DATABASE_URL: databaseUrl(which === 'source' ? source : restored), DATABASE_SCHEMA: 'public' } : { DATA_DIR: path.join(dir, which) };

  /** A server on the source or the restored database, as main.ts starts one. */
  async function start(which: 'source' | 'restored'): Promise<RunningServer> {
    const { DATABASE_URL: _inherited, ...env } = process.env;
    const config = loadConfig({
      ...env,
      STEWARD_MODE: 'development',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      MANAGED_LOGIN: 'false',
      CLIENT_REQUEST_LIMIT: '0',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ADMIN_ACCESS_KEY_ID: TEST_ADMIN_CREDENTIALS.accessKeyId,
      ADMIN_SECRET_ACCESS_KEY: TEST_ADMIN_CREDENTIALS.secretAccessKey,
      ...secrets,
      ...targetEnv(which),
    });
    server = await startServer(config);
    return server;
  }

  /** The environment of a CLI process on a database. */
  function cliEnv(which: 'source' | 'restored'): Record<string, string | undefined> {
    const { DATABASE_URL: _inherited, ...env } = process.env;
    return { ...env, LOG_LEVEL: 'silent', ...secrets, ...targetEnv(which) };
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'steward-backup-'));
    if (database === 'postgres') await onPostgres(`CREATE DATABASE ${source}`);
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
    if (database === 'postgres') {
      await onPostgres(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
      await onPostgres(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
    }
  });

  /** USER_SRP_AUTH and PASSWORD_VERIFIER through a client with a secret. */
  async function srpSignIn(url: string, client: { id: string; secret: string }, poolId: string, username: string, password: string): Promise<Reply> {
    const ephemeral = createClientEphemeral();
    const start = await callAt(url, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: client.id,
      AuthParameters: { USERNAME: username, SRP_A: ephemeral.srpAHex, SECRET_HASH: secretHashOf(client.secret, username, client.id) },
    });
    expect(start.body.ChallengeName, JSON.stringify(start.body)).toBe('PASSWORD_VERIFIER');
    const p = start.body.ChallengeParameters as Record<string, string>;
    const userId = p.USER_ID_FOR_SRP ?? '';
    const poolName = poolNameFromUserPoolId(poolId);
    const key = computePasswordAuthenticationKey({ poolName, username: userId, password, saltHex: p.SALT ?? '', serverBHex: p.SRP_B ?? '', a: ephemeral.a, A: ephemeral.A });
    const timestamp = formatCognitoTimestamp(new Date());
    const signature = computeClaimSignature({ key, poolName, userIdForSrp: userId, secretBlockB64: p.SECRET_BLOCK ?? '', timestamp });
    return callAt(url, 'RespondToAuthChallenge', {
      ClientId: client.id,
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: start.body.Session,
      ChallengeResponses: { USERNAME: userId, PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK, TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature, SECRET_HASH: secretHashOf(client.secret, userId, client.id) },
    });
  }

  async function gql(url: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<{ status: number; data: Record<string, unknown> | null; errors?: unknown[] }> {
    const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token }, body: JSON.stringify({ query, variables }) });
    return { status: response.status, ...((await response.json()) as { data: Record<string, unknown> | null; errors?: unknown[] }) };
  }

  const LIST = 'query ($c: String!) { listAccountMdls(filter: { clientNumber: { eq: $c } }, limit: 1000) { items { fileNumber currentUpb } } }';
  const CREATE_ACCOUNT = 'mutation ($i: CreateAccountMdlInput!) { createAccountMdl(input: $i) { id } }';

  it('restores a backup taken while the server runs into a fresh database, where the user signs in and reads their data', async () => {
    // --- A user and their data, through the running server's APIs. ---
    const first = await start('source');
    const poolId = first.seed?.userPoolId ?? '';
    const admin = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: first.url, maxAttempts: 1, credentials: TEST_ADMIN_CREDENTIALS });
    const created = await admin.send(
      new CreateUserPoolClientCommand({ UserPoolId: poolId, ClientName: 'backed-up', GenerateSecret: true, ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
    );
    const client = { id: created.UserPoolClient?.ClientId ?? '', secret: created.UserPoolClient?.ClientSecret ?? '' };
    const username = `erin-${id}`;
    const email = `${username}@example.com`;
    const password = `Backed-${randomBytes(6).toString('hex')}-Aa1!`;
    const signedUp = await callAt(first.url, 'SignUp', { ClientId: client.id, SecretHash: secretHashOf(client.secret, username, client.id), Username: username, Password: password, UserAttributes: [{ Name: 'email', Value: email }] });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const outbox = (await (await fetch(`${first.url}/dev/outbox?destination=${encodeURIComponent(email)}`)).json()) as { messages: { code: string }[] };
    const confirmed = await callAt(first.url, 'ConfirmSignUp', { ClientId: client.id, SecretHash: secretHashOf(client.secret, username, client.id), Username: username, ConfirmationCode: outbox.messages[0]?.code });
    expect(confirmed.status).toBe(200);

    // TOTP set up at the first sign-in (the pool requires MFA): its secret is stored sealed.
    const setup = await srpSignIn(first.url, client, poolId, username, password);
    expect(setup.body.ChallengeName, JSON.stringify(setup.body)).toBe('MFA_SETUP');
    const associated = await callAt(first.url, 'AssociateSoftwareToken', { Session: setup.body.Session });
    const totpSecret = String(associated.body.SecretCode);
    const verified = await callAt(first.url, 'VerifySoftwareToken', { Session: associated.body.Session, UserCode: totpCode(totpSecret, new Date()) });
    expect(verified.body.Status).toBe('SUCCESS');
    const signedIn = await callAt(first.url, 'RespondToAuthChallenge', {
      ClientId: client.id,
      ChallengeName: 'MFA_SETUP',
      Session: verified.body.Session,
      ChallengeResponses: { USERNAME: username, SECRET_HASH: secretHashOf(client.secret, username, client.id) },
    });
    const before = signedIn.body.AuthenticationResult as { AccessToken: string };
    expect(before.AccessToken).toBeTruthy();
    await admin.send(new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: username, GroupName: 'Admins' }));
    admin.destroy();
    const clientNumber = `C-${id}`;
    expect((await gql(first.url, before.AccessToken, 'mutation ($i: CreateClientMdlInput!) { createClientMdl(input: $i) { id } }', { i: { clientNumber, clientName: 'Backed-up client' } })).errors).toBeUndefined();
    expect((await gql(first.url, before.AccessToken, CREATE_ACCOUNT, { i: { clientNumber, fileNumber: 'before-backup', currentUpb: 1234.5 } })).errors).toBeUndefined();

    // --- The backup, while the server runs and a client keeps writing. ---
    const file = path.join(dir, database === 'postgres' ? 'steward.dump' : 'steward.tar.gz');
    let writing = true;
    const acknowledged: { fileNumber: string; at: number }[] = [];
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const fileNumber = `during-${String(n).padStart(4, '0')}`;
        const written = await gql(first.url, before.AccessToken, CREATE_ACCOUNT, { i: { clientNumber, fileNumber, currentUpb: n + 0.25 } });
        expect(written.errors).toBeUndefined();
        acknowledged.push({ fileNumber, at: Date.now() });
      }
    })();
    // A few writes acknowledged before the backup begins (however slow the machine), more during it.
    while (acknowledged.length < 3) await Promise.race([writer, new Promise((resolve) => setTimeout(resolve, 20))]);
    const backupStartedAt = Date.now();
    if (database === 'postgres') {
      await run('pg_dump', ['--format=custom', `--file=${file}`, databaseUrl(source)]);
    } else {
      const backup = await runCliProcess(cliEnv('source'), 'backup', file);
      expect(backup.output).toContain('through the running server');
      expect(backup.code).toBe(0);
      // Steward's own files stay behind: a restored folder is not locked by the backed-up server.
      const names = tarEntries(gunzipSync(await readFile(file))).map((entry) => entry.name);
      expect(names).toContain('PG_VERSION');
      expect(names.filter((name) => name.startsWith('steward'))).toEqual([]);
    }
    writing = false;
    await writer;
    expect(acknowledged.filter((write) => write.at < backupStartedAt).length).toBeGreaterThan(0);
    // Written after the backup: not in the restore.
    expect((await gql(first.url, before.AccessToken, CREATE_ACCOUNT, { i: { clientNumber, fileNumber: 'after-backup', currentUpb: 1 } })).errors).toBeUndefined();
    await first.close();
    server = undefined;

    // --- The restore, into a database or folder that did not exist. ---
    if (database === 'postgres') {
      await onPostgres(`CREATE DATABASE ${restored}`);
      await run('pg_restore', ['--exit-on-error', '--no-owner', `--dbname=${databaseUrl(restored)}`, file]);
    } else {
      const restore = await runCliProcess(cliEnv('restored'), 'restore', file);
      expect(restore.output).toMatch(/Restored .* 1 users, migrations up to \d+\./);
      expect(restore.code).toBe(0);
    }

    // --- A server on the restore: the user signs in, tokens of before still verify, the data is there. ---
    const second = await start('restored');
    expect(second.seed).toBeUndefined();
    const mfa = await srpSignIn(second.url, client, poolId, username, password);
    expect(mfa.body.ChallengeName, JSON.stringify(mfa.body)).toBe('SOFTWARE_TOKEN_MFA');
    // The next time step: the restored database remembers the step used at set-up as spent.
    const answered = await callAt(second.url, 'RespondToAuthChallenge', {
      ClientId: client.id,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: mfa.body.Session,
      ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret, new Date(Date.now() + 30_000)), SECRET_HASH: secretHashOf(client.secret, username, client.id) },
    });
    const after = answered.body.AuthenticationResult as { AccessToken: string } | undefined;
    expect(after?.AccessToken, JSON.stringify(answered.body)).toBeTruthy();
    for (const token of [after?.AccessToken ?? '', before.AccessToken]) {
      const listed = await gql(second.url, token, LIST, { c: clientNumber });
      expect(listed.status).toBe(200);
      const items = (listed.data?.listAccountMdls as { items: { fileNumber: string; currentUpb: number }[] }).items;
      expect(items).toContainEqual({ fileNumber: 'before-backup', currentUpb: 1234.5 });
      expect(items.map((item) => item.fileNumber)).not.toContain('after-backup');
      // Consistent: every write acknowledged before the backup began is there, and no record is half-written.
      const restoredDuring = new Set(items.map((item) => item.fileNumber).filter((name) => name.startsWith('during-')));
      for (const write of acknowledged.filter((w) => w.at < backupStartedAt)) expect(restoredDuring).toContain(write.fileNumber);
      for (const item of items.filter((i) => i.fileNumber.startsWith('during-'))) expect(item.currentUpb).toBe(Number(item.fileNumber.slice('during-'.length)) + 0.25);
    }
  });
});
