// Running user import jobs through the AWS SDK v3 client, on PGlite and PostgreSQL: Start, Describe
// (progress), List, Stop, the background run through the job queue (chunks, resume after a crash),
// the per-row report, and the imported user's way in (PasswordResetRequiredException, then
// ForgotPassword / ConfirmForgotPassword).
import {
  AdminGetUserCommand,
  ConfirmForgotPasswordCommand,
  CreateUserImportJobCommand,
  DescribeUserImportJobCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ListUserImportJobsCommand,
  StartUserImportJobCommand,
  StopUserImportJobCommand,
  type UserImportJobType,
} from '@aws-sdk/client-cognito-identity-provider';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createClientEphemeral } from '@steward/auth-core/srp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue, type ClaimedJob } from '../../src/jobs/job-queue.js';
import { JobRunner, type JobContext } from '../../src/jobs/job-runner.js';
import { runUserImport, USER_IMPORT_JOB, userImportJobHandlers, type UserImportDeps } from '../../src/user-pool/imports/import-job-runner.js';
import type { ManualClock } from '../../src/time/clock.js';
import { silentLogger } from '../../src/user-pool/operations/logger.js';
import { AUTH_TEST_ENV, createTestUser, passwordAuth } from '../auth/auth-fixtures.js';
import { runCli } from '../../src/admin/cli-commands.js';
import { formatImportReport, importReport } from '../../src/user-pool/imports/import-report.js';
import { BOTH_DATABASES, issueTokensFor, startTestServer, TEST_POSTGRES_URL, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

const ROLE = 'arn:aws:iam::123456789012:role/CognitoImport';
const HEADER = 'cognito:username,email,email_verified,given_name,custom:clientNumber,phone_number,cognito:mfa_enabled';

/** An AdminGetUser attribute list as a map. */
function attributesOf(list: readonly { Name?: string | undefined; Value?: string | undefined }[] | undefined): Record<string, string> {
  return Object.fromEntries((list ?? []).map((a): [string, string] => [a.Name ?? '', a.Value ?? '']));
}

/** `count` valid rows of users `<prefix>-<n>`. */
function usersCsv(prefix: string, count: number): string {
  const lines = [HEADER];
  for (let n = 1; n <= count; n++) lines.push(`${prefix}-${n},${prefix}-${n}@example.com,true,User ${n},C-${n},,false`);
  return `${lines.join('\n')}\n`;
}

describe.each(BOTH_DATABASES)('running user import jobs on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let publicClient: CognitoIdentityProviderClient;
  let poolId: string;
  let deps: UserImportDeps;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    publicClient = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    poolId = server.pool.userPoolId;
    deps = { db: server.db, clock: server.clock, audit: server.app.steward.audit, log: silentLogger };
  });
  afterAll(async () => {
    publicClient.destroy();
    sdk.destroy();
    await server.close();
  });

  /** Creates a job, uploads `csv` to its PreSignedUrl and starts it. */
  async function startedJob(csv: string, name = 'import'): Promise<string> {
    const { UserImportJob } = await sdk.admin.send(new CreateUserImportJobCommand({ UserPoolId: poolId, JobName: name, CloudWatchLogsRoleArn: ROLE }));
    const uploaded = await fetch(UserImportJob?.PreSignedUrl ?? '', { method: 'PUT', body: csv });
    expect(uploaded.status).toBe(200);
    const started = await sdk.admin.send(new StartUserImportJobCommand({ UserPoolId: poolId, JobId: UserImportJob?.JobId }));
    expect(started.UserImportJob?.Status).toBe('Pending');
    return UserImportJob?.JobId ?? '';
  }

  async function describeJob(jobId: string): Promise<UserImportJobType> {
    const { UserImportJob } = await sdk.admin.send(new DescribeUserImportJobCommand({ UserPoolId: poolId, JobId: jobId }));
    if (UserImportJob === undefined) throw new Error('no job');
    return UserImportJob;
  }

  /** Runs every due import job to its end with a real JobRunner, as a server process does. */
  async function runQueue(chunkRows?: number): Promise<void> {
    const runner = new JobRunner({ db: server.db, clock: server.clock, handlers: userImportJobHandlers({ ...deps, ...(chunkRows !== undefined ? { chunkRows } : {}) }) });
    while ((await runner.runDue()) > 0);
  }

  /** Claims the queue job of import `jobId` (handing any other back), as a runner would. */
  async function claimImport(jobId: string): Promise<ClaimedJob> {
    const queue = new JobQueue({ db: server.db, clock: server.clock });
    const claimed = await queue.claim({ kinds: [USER_IMPORT_JOB], workerId: 'test-runner', leaseSeconds: 300, limit: 50 });
    const mine = claimed.find((job) => (job.payload as { importJobId?: string }).importJobId === jobId);
    await Promise.all(claimed.filter((job) => job !== mine).map((job) => queue.release(job, 'not this test')));
    if (mine === undefined) throw new Error(`import ${jobId} is not queued`);
    return mine;
  }

  it('imports the users of the file in the background: RESET_REQUIRED, attributes as given, counts and dates on the job', async () => {
    const jobId = await startedJob(usersCsv('basic', 3));
    expect((await describeJob(jobId)).StartDate).toBeInstanceOf(Date);
    await runQueue();
    const job = await describeJob(jobId);
    expect(job).toMatchObject({ Status: 'Succeeded', ImportedUsers: 3, SkippedUsers: 0, FailedUsers: 0, CompletionMessage: 'Import Job Completed Successfully.' });
    expect(job.CompletionDate).toBeInstanceOf(Date);
    expect(job.PreSignedUrl).toBeUndefined();
    const user = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'basic-2' }));
    expect(user.UserStatus).toBe('RESET_REQUIRED');
    const attributes = attributesOf(user.UserAttributes);
    expect(attributes).toMatchObject({ email: 'basic-2@example.com', email_verified: 'true', given_name: 'User 2', 'custom:clientNumber': 'C-2' });
    expect(attributes.sub).toMatch(/^[0-9a-f-]{36}$/);
    // No password was hashed or stored: the user has none until they reset it.
    const [row] = await server.db.query<{ password_hash: string | null; srp_verifier: string | null }>('SELECT password_hash, srp_verifier FROM users WHERE pool_id = $1 AND username = $2', [poolId, 'basic-2']);
    expect(row).toEqual({ password_hash: null, srp_verifier: null });
    // The stored file is dropped once the job ends.
    const [stored] = await server.db.query<{ csv: string | null }>('SELECT csv FROM user_import_jobs WHERE id = $1', [jobId]);
    expect(stored?.csv).toBeNull();
  });

  it('counts malformed rows as failed and existing users as skipped, reports each row, and imports the rest', async () => {
    const existing = await createTestUser(server, { mfa: 'none' });
    const other = await createTestUser(server, { mfa: 'none' });
    const csv = [
      HEADER,
      'good-1,good-1@example.com,true,Good,,,false',
      'bad-email,not-an-email,true,Bad,,,false',
      ',nobody@example.com,true,No Name,,,false',
      'good-1,again@example.com,true,Duplicate,,,false',
      'bad-flag,bad-flag@example.com,maybe,Flag,,,false',
      'short-row,short@example.com',
      `${existing.username},${existing.email},true,Existing,,,false`,
      'mfa-no-phone,mfa@example.com,true,Mfa,,,true',
      'good-2,"good-2@example.com",TRUE,"Quoted, with comma",,+15555550123,true',
      `alias-taken,${other.email},true,Alias,,,false`,
    ].join('\r\n');
    const jobId = await startedJob(csv);
    await runQueue();
    const job = await describeJob(jobId);
    expect(job).toMatchObject({ Status: 'Succeeded', ImportedUsers: 2, SkippedUsers: 1, FailedUsers: 7 });
    expect(job.CompletionMessage).toContain(`cli user-import-report --job-id ${jobId}`);
    const report = await server.db.query<{ row_number: number; username: string | null; outcome: string; message: string }>(
      'SELECT row_number, username, outcome, message FROM user_import_row_reports WHERE job_id = $1 ORDER BY row_number',
      [jobId],
    );
    expect(report.map((r) => [Number(r.row_number), r.outcome])).toEqual([
      [2, 'failed'],
      [3, 'failed'],
      [4, 'failed'],
      [5, 'failed'],
      [6, 'failed'],
      [7, 'skipped'],
      [8, 'failed'],
      [10, 'failed'],
    ]);
    expect(report[0]?.message).toContain('Invalid email address format');
    expect(report[1]?.message).toContain('no cognito:username');
    expect(report[2]?.message).toContain('Duplicate username: row 1');
    expect(report[3]?.message).toContain('email_verified must be true or false');
    expect(report[4]?.message).toContain('the header has 7');
    expect(report[6]?.message).toContain('no phone_number');
    // The pool signs in by verified email too: a second user with the same one would make that sign-in ambiguous.
    expect(report[7]?.message).toContain(`already has the verified email ${other.email}`);
    // The admin reads the same report with the CLI (on the server's PostgreSQL schema; a PGlite folder is the server's own).
    const printed = formatImportReport((await importReport(server.db, jobId)) ?? { summary: '', rows: [] });
    expect(printed[0]).toContain(`${jobId} (import) in ${poolId}: Succeeded, 2 imported, 1 skipped, 7 failed.`);
    expect(printed[1]).toBe('row 2\tfailed\tbad-email\tInvalid email address format: "not-an-email".');
    if (server.schema !== undefined) {
      const lines: string[] = [];
      const code = await runCli(['user-import-report', '--job-id', jobId], { LOG_LEVEL: 'silent', DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: server.schema }, (line) => lines.push(line));
      expect(code).toBe(0);
      expect(lines).toEqual(printed);
    }
    // …and through the admin API (an Admins member's token), page by page, while the server runs.
    const adminToken = (await issueTokensFor(server, 'admin')).AccessToken;
    const reportPage = async (token: string, query: string): Promise<{ status: number; body: { UserImportJob?: UserImportJobType; Rows?: { RowNumber: number; Outcome: string; Message: string }[]; NextToken?: string } }> => {
      const response = await fetch(`${server.url}/admin/userImportReport?${query}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: (await response.json()) as never };
    };
    const first = await reportPage(adminToken, `jobId=${jobId}&limit=5`);
    expect(first.body.UserImportJob).toMatchObject({ JobId: jobId, FailedUsers: 7, SkippedUsers: 1 });
    expect(first.body.Rows?.map((r) => r.RowNumber)).toEqual([2, 3, 4, 5, 6]);
    const second = await reportPage(adminToken, `jobId=${jobId}&limit=5&token=${first.body.NextToken ?? ''}`);
    expect(second.body.Rows?.map((r) => [r.RowNumber, r.Outcome])).toEqual([
      [7, 'skipped'],
      [8, 'failed'],
      [10, 'failed'],
    ]);
    expect(second.body.NextToken).toBeUndefined();
    // Threat: a user outside Admins (or an unsigned caller of the JSON endpoint) reads who was imported and why rows failed.
    expect((await reportPage((await issueTokensFor(server, 'staff')).AccessToken, `jobId=${jobId}`)).status).toBe(403);
    const unsigned = await server.call('GetUserImportJobReport', { UserPoolId: poolId, JobId: jobId });
    expect(unsigned.body.__type).toBe('MissingAuthenticationTokenException');
    const quoted = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'good-2' }));
    const attributes = attributesOf(quoted.UserAttributes);
    expect(attributes).toMatchObject({ given_name: 'Quoted, with comma', email_verified: 'true', phone_number: '+15555550123' });
    // The existing user was left as it was.
    const kept = await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: existing.username }));
    expect(kept.UserStatus).toBe('CONFIRMED');
  });

  it('fails the whole job when the header has a column the pool does not know', async () => {
    const jobId = await startedJob('cognito:username,email,favourite_colour\nx,x@example.com,blue\n');
    await runQueue();
    const job = await describeJob(jobId);
    expect(job).toMatchObject({ Status: 'Failed', ImportedUsers: 0 });
    expect(job.CompletionMessage).toContain('favourite_colour');
  });

  it('tells an imported user to reset their password, and lets them in once they have', async () => {
    const jobId = await startedJob(`${HEADER}\nreset-me,reset-me@example.com,true,Reset,,,false\n`);
    await runQueue();
    expect((await describeJob(jobId)).ImportedUsers).toBe(1);
    // Whatever password is tried, over USER_PASSWORD_AUTH and SRP alike.
    const byPassword = await sdkError(publicClient.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: 'reset-me', PASSWORD: 'Anything-1!' } })));
    expect(byPassword.name).toBe('PasswordResetRequiredException');
    const srp = await server.call('InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: server.pool.clientId, AuthParameters: { USERNAME: 'reset-me', SRP_A: createClientEphemeral().srpAHex } });
    expect(srp.body.__type).toBe('PasswordResetRequiredException');
    const sent = await publicClient.send(new ForgotPasswordCommand({ ClientId: server.pool.clientId, Username: 'reset-me' }));
    expect(sent.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    const code = await server.latestCode('reset-me@example.com');
    await publicClient.send(new ConfirmForgotPasswordCommand({ ClientId: server.pool.clientId, Username: 'reset-me', ConfirmationCode: code, Password: 'New-Passw0rd!' }));
    expect((await sdk.admin.send(new AdminGetUserCommand({ UserPoolId: poolId, Username: 'reset-me' }))).UserStatus).toBe('CONFIRMED');
    const signIn = await passwordAuth(server, 'reset-me', 'New-Passw0rd!');
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    expect(signIn.body.ChallengeName ?? signIn.body.AuthenticationResult).toBeDefined();
    const wrong = await passwordAuth(server, 'reset-me', 'Wrong-Passw0rd!');
    expect(wrong.body.__type).toBe('NotAuthorizedException');
  });

  it('imports in chunks, its progress visible through DescribeUserImportJob between them', async () => {
    const jobId = await startedJob(usersCsv('chunked', 2000));
    const job = await claimImport(jobId);
    const seen: { status: string | undefined; imported: number | undefined }[] = [];
    const context: JobContext = {
      signal: new AbortController().signal,
      extendLease: async () => {
        const described = await describeJob(jobId);
        seen.push({ status: described.Status, imported: described.ImportedUsers });
        return true;
      },
    };
    await runUserImport({ ...deps, chunkRows: 500 }, job, context);
    expect(seen).toEqual([500, 1000, 1500, 2000].map((imported) => ({ status: 'InProgress', imported })));
    expect(await describeJob(jobId)).toMatchObject({ Status: 'Succeeded', ImportedUsers: 2000 });
    const [count] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE pool_id = $1 AND username LIKE 'chunked-%' AND status = 'RESET_REQUIRED'`, [poolId]);
    expect(Number(count?.n)).toBe(2000);
  });

  it('resumes after the last committed chunk when its runner dies mid-import', async () => {
    const jobId = await startedJob(usersCsv('resumed', 40));
    const job = await claimImport(jobId);
    // The process dies after its first chunk: the handler never returns and its lease runs out.
    const dying = new AbortController();
    const context: JobContext = {
      signal: dying.signal,
      extendLease: async () => {
        dying.abort();
        return true;
      },
    };
    await expect(runUserImport({ ...deps, chunkRows: 15 }, job, context)).rejects.toThrow(/stopping/);
    expect(await describeJob(jobId)).toMatchObject({ Status: 'InProgress', ImportedUsers: 15 });
    (server.clock as ManualClock).advance(301);
    await runQueue(15);
    expect(await describeJob(jobId)).toMatchObject({ Status: 'Succeeded', ImportedUsers: 40, SkippedUsers: 0, FailedUsers: 0 });
    const [count] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE pool_id = $1 AND username LIKE 'resumed-%'`, [poolId]);
    expect(Number(count?.n)).toBe(40);
  });

  it('marks the job Failed when its last attempt ends on an error, instead of leaving it InProgress', async () => {
    const jobId = await startedJob(usersCsv('doomed', 5));
    const job = await claimImport(jobId);
    // A database that refuses every write transaction, on the queue's last attempt.
    const failing: UserImportDeps = { ...deps, db: { ...server.db, query: server.db.query.bind(server.db), transaction: () => Promise.reject(new Error('disk full')) } };
    const context: JobContext = { signal: new AbortController().signal, extendLease: async () => true };
    await expect(runUserImport(failing, { ...job, attempts: job.maxAttempts }, context)).rejects.toThrow('disk full');
    const failed = await describeJob(jobId);
    expect(failed).toMatchObject({ Status: 'Failed', ImportedUsers: 0 });
    expect(failed.CompletionMessage).toContain('disk full');
    await new JobQueue({ db: server.db, clock: server.clock }).fail(job, new Error('disk full'));
  });

  it('stops a running job between chunks (Stopping, then Stopped), keeping the users already imported', async () => {
    const jobId = await startedJob(usersCsv('stopped', 30));
    const job = await claimImport(jobId);
    const statuses: (string | undefined)[] = [];
    const context: JobContext = {
      signal: new AbortController().signal,
      extendLease: async () => {
        if (statuses.length === 0) statuses.push((await sdk.admin.send(new StopUserImportJobCommand({ UserPoolId: poolId, JobId: jobId }))).UserImportJob?.Status);
        return true;
      },
    };
    await runUserImport({ ...deps, chunkRows: 10 }, job, context);
    expect(statuses).toEqual(['Stopping']);
    const stopped = await describeJob(jobId);
    expect(stopped).toMatchObject({ Status: 'Stopped', ImportedUsers: 10, CompletionMessage: 'Import job stopped by request.' });
    expect((await sdkError(sdk.admin.send(new StopUserImportJobCommand({ UserPoolId: poolId, JobId: jobId })))).name).toBe('PreconditionNotMetException');
  });

  it('stops a job still waiting in the queue at once, and no runner takes it afterwards', async () => {
    const jobId = await startedJob(usersCsv('never', 5));
    const { UserImportJob } = await sdk.admin.send(new StopUserImportJobCommand({ UserPoolId: poolId, JobId: jobId }));
    expect(UserImportJob).toMatchObject({ Status: 'Stopped', ImportedUsers: 0 });
    await runQueue();
    expect(await describeJob(jobId)).toMatchObject({ Status: 'Stopped', ImportedUsers: 0 });
    const [count] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE pool_id = $1 AND username LIKE 'never-%'`, [poolId]);
    expect(Number(count?.n)).toBe(0);
  });

  it('starts only a Created job whose file was uploaded; an unstarted job expires after 24 hours', async () => {
    const { UserImportJob } = await sdk.admin.send(new CreateUserImportJobCommand({ UserPoolId: poolId, JobName: 'no file', CloudWatchLogsRoleArn: ROLE }));
    const noFile = await sdkError(sdk.admin.send(new StartUserImportJobCommand({ UserPoolId: poolId, JobId: UserImportJob?.JobId })));
    expect(noFile).toMatchObject({ name: 'PreconditionNotMetException' });
    expect(noFile.message).toContain('PreSignedUrl');
    const started = await startedJob(usersCsv('twice', 1));
    expect((await sdkError(sdk.admin.send(new StartUserImportJobCommand({ UserPoolId: poolId, JobId: started })))).name).toBe('PreconditionNotMetException');
    await runQueue();
    expect((await sdkError(sdk.admin.send(new DescribeUserImportJobCommand({ UserPoolId: poolId, JobId: 'import-Missing0001' })))).name).toBe('ResourceNotFoundException');
    (server.clock as ManualClock).advance(24 * 3600);
    expect((await describeJob(UserImportJob?.JobId ?? '')).Status).toBe('Expired');
    expect((await sdkError(sdk.admin.send(new StartUserImportJobCommand({ UserPoolId: poolId, JobId: UserImportJob?.JobId })))).name).toBe('PreconditionNotMetException');
  });

  it('keeps the file it started with: an upload after StartUserImportJob is refused with 409', async () => {
    const { UserImportJob } = await sdk.admin.send(new CreateUserImportJobCommand({ UserPoolId: poolId, JobName: 'late upload', CloudWatchLogsRoleArn: ROLE }));
    const url = UserImportJob?.PreSignedUrl ?? '';
    expect((await fetch(url, { method: 'PUT', body: usersCsv('kept', 2) })).status).toBe(200);
    await sdk.admin.send(new StartUserImportJobCommand({ UserPoolId: poolId, JobId: UserImportJob?.JobId }));
    const late = await fetch(url, { method: 'PUT', body: usersCsv('swapped', 2) });
    expect(late.status).toBe(409);
    await runQueue();
    expect(await describeJob(UserImportJob?.JobId ?? '')).toMatchObject({ Status: 'Succeeded', ImportedUsers: 2 });
    const [count] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE pool_id = $1 AND username LIKE 'swapped-%'`, [poolId]);
    expect(Number(count?.n)).toBe(0);
  });

  it('lists the jobs of the pool, MaxResults at a time, with PaginationToken', async () => {
    const all: string[] = [];
    let token: string | undefined;
    do {
      const page = await sdk.admin.send(new ListUserImportJobsCommand({ UserPoolId: poolId, MaxResults: 2, ...(token !== undefined ? { PaginationToken: token } : {}) }));
      expect((page.UserImportJobs ?? []).length).toBeLessThanOrEqual(2);
      all.push(...(page.UserImportJobs ?? []).map((job) => job.JobId ?? ''));
      token = page.PaginationToken;
    } while (token !== undefined);
    const [count] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM user_import_jobs WHERE pool_id = $1', [poolId]);
    expect(all).toHaveLength(Number(count?.n));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(2);
    expect((await sdkError(sdk.admin.send(new ListUserImportJobsCommand({ UserPoolId: poolId, MaxResults: 0 })))).name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new ListUserImportJobsCommand({ UserPoolId: poolId, MaxResults: 5, PaginationToken: 'not a token' })))).name).toBe('InvalidParameterException');
  });

  it('answers Start, Stop, Describe and List to the admin credential only', async () => {
    const input = { UserPoolId: poolId, JobId: 'import-AAAAAAAAAA' };
    await expectAdminOnly(server, sdk, 'StartUserImportJob', input);
    await expectAdminOnly(server, sdk, 'StopUserImportJob', input);
    await expectAdminOnly(server, sdk, 'DescribeUserImportJob', input);
    await expectAdminOnly(server, sdk, 'ListUserImportJobs', { UserPoolId: poolId, MaxResults: 5 });
  });

  it('records the start, the stop and the end of a job in the audit trail', async () => {
    const finished = await startedJob(usersCsv('audited', 2));
    await runQueue();
    const stopped = await startedJob(usersCsv('audited-stop', 2));
    await sdk.admin.send(new StopUserImportJobCommand({ UserPoolId: poolId, JobId: stopped }));
    const rows = await server.db.query<{ action: string; record_id: string; actor_name: string }>(
      `SELECT action, record_id, actor_name FROM audit_log WHERE record_id = ANY($1::text[]) ORDER BY seq`,
      [[finished, stopped]],
    );
    expect(rows.map((r) => [r.action, r.record_id])).toEqual([
      ['admin.user_import.created', finished],
      ['admin.user_import.started', finished],
      ['admin.user_import.finished', finished],
      ['admin.user_import.created', stopped],
      ['admin.user_import.started', stopped],
      ['admin.user_import.stopped', stopped],
    ]);
    expect(rows.find((r) => r.action === 'admin.user_import.finished')?.actor_name).toBe('user-import');
  });
});
