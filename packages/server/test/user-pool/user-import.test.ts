// User import jobs through the AWS SDK v3 client, on PGlite and PostgreSQL: GetCSVHeader,
// CreateUserImportJob and its pre-signed upload URL on this server.
import { CreateUserImportJobCommand, DescribeUserImportJobCommand, GetCSVHeaderCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/time/clock.js';
import { AUTH_TEST_ENV } from '../auth/auth-fixtures.js';
import { BOTH_DATABASES, startTestServer, type TestServer } from '../harness.js';
import { expectAdminOnly, sdkClients, sdkError, type SdkClients } from './sdk-fixtures.js';

const ROLE = 'arn:aws:iam::123456789012:role/CognitoImport';

/** PUTs `body` to an upload URL, as `curl -T file.csv "<PreSignedUrl>"` does. */
async function upload(url: string, body: string | Uint8Array<ArrayBuffer>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'PUT', body });
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

describe.each(BOTH_DATABASES)('user import jobs on %s', (database) => {
  let server: TestServer;
  let sdk: SdkClients;
  let poolId: string;

  beforeAll(async () => {
    server = await startTestServer({ database, env: AUTH_TEST_ENV });
    sdk = sdkClients(server);
    poolId = server.pool.userPoolId;
  });
  afterAll(async () => {
    sdk.destroy();
    await server.close();
  });

  async function createJob(name = 'import users'): Promise<{ jobId: string; url: string }> {
    const { UserImportJob } = await sdk.admin.send(new CreateUserImportJobCommand({ UserPoolId: poolId, JobName: name, CloudWatchLogsRoleArn: ROLE }));
    return { jobId: UserImportJob?.JobId ?? '', url: UserImportJob?.PreSignedUrl ?? '' };
  }

  it("lists the pool's CSV header in Cognito's order: standard attributes, custom ones, then cognito:mfa_enabled and cognito:username", async () => {
    const { CSVHeader, UserPoolId } = await sdk.admin.send(new GetCSVHeaderCommand({ UserPoolId: poolId }));
    expect(UserPoolId).toBe(poolId);
    expect(CSVHeader?.slice(0, 4)).toEqual(['name', 'given_name', 'family_name', 'middle_name']);
    expect(CSVHeader?.slice(-4)).toEqual(['custom:clientNumber', 'custom:userType', 'cognito:mfa_enabled', 'cognito:username']);
    expect(CSVHeader).toHaveLength(23);
    expect(CSVHeader?.indexOf('updated_at')).toBe(18);
    expect((await sdkError(sdk.admin.send(new GetCSVHeaderCommand({ UserPoolId: 'us-east-1_Missing1' })))).name).toBe('ResourceNotFoundException');
  });

  it('creates a job in status Created with a JobId, the echoed role and an upload URL on this server', async () => {
    const { UserImportJob: job } = await sdk.admin.send(new CreateUserImportJobCommand({ UserPoolId: poolId, JobName: 'first import', CloudWatchLogsRoleArn: ROLE }));
    expect(job).toMatchObject({ JobName: 'first import', UserPoolId: poolId, Status: 'Created', CloudWatchLogsRoleArn: ROLE, ImportedUsers: 0, SkippedUsers: 0, FailedUsers: 0 });
    expect(job?.JobId).toMatch(/^import-[0-9a-zA-Z]{10}$/);
    expect(job?.CreationDate).toBeInstanceOf(Date);
    const url = new URL(job?.PreSignedUrl ?? '');
    expect(url.origin).toBe(server.url);
    expect(url.pathname).toBe(`/user-import/${job?.JobId}`);
    // Valid for 15 minutes.
    expect(Number(url.searchParams.get('expires')) - Math.floor(server.clock.now().getTime() / 1000)).toBe(900);
    const described = await sdk.admin.send(new DescribeUserImportJobCommand({ UserPoolId: poolId, JobId: job?.JobId }));
    expect(described.UserImportJob?.PreSignedUrl).toBe(job?.PreSignedUrl);
  });

  it('refuses a malformed role ARN, a bad job name, password hashes and an unknown pool', async () => {
    const base = { UserPoolId: poolId, JobName: 'x', CloudWatchLogsRoleArn: ROLE };
    expect((await sdkError(sdk.admin.send(new CreateUserImportJobCommand({ ...base, CloudWatchLogsRoleArn: 'not-an-arn-at-all-really' })))).name).toBe('InvalidParameterException');
    expect((await sdkError(sdk.admin.send(new CreateUserImportJobCommand({ ...base, JobName: 'bad/name' })))).name).toBe('InvalidParameterException');
    const hashes = await sdkError(sdk.admin.send(new CreateUserImportJobCommand({ ...base, PasswordHashingAlgorithm: 'BCRYPT' })));
    expect(hashes.name).toBe('InvalidParameterException');
    expect(hashes.message).toContain('RESET_REQUIRED');
    expect((await sdkError(sdk.admin.send(new CreateUserImportJobCommand({ ...base, UserPoolId: 'us-east-1_Missing1' })))).name).toBe('ResourceNotFoundException');
  });

  it('takes the CSV at the upload URL and stores it with the job', async () => {
    const { jobId, url } = await createJob();
    const csv = 'cognito:username,email,email_verified,cognito:mfa_enabled\nalice,alice@example.com,true,false\n';
    expect((await upload(url, csv)).status).toBe(200);
    const [row] = await server.db.query<{ csv: string; csv_bytes: number }>('SELECT csv, csv_bytes FROM user_import_jobs WHERE id = $1', [jobId]);
    expect(row?.csv).toBe(csv);
    expect(Number(row?.csv_bytes)).toBe(Buffer.byteLength(csv));
  });

  it('refuses a forged or altered upload URL with 403 and stores nothing', async () => {
    // Threat: someone who guesses or edits an upload URL writes the file of a job that is not theirs.
    const { jobId, url } = await createJob();
    const other = await createJob();
    const forged = new URL(url);
    forged.searchParams.set('signature', `${forged.searchParams.get('signature')?.slice(0, -2) ?? ''}AA`);
    const wrongSignature = await upload(forged.toString(), 'cognito:username\nmallory\n');
    expect(wrongSignature.status).toBe(403);
    expect(wrongSignature.body.message).toContain('signature is not valid');
    // The signature of one job does not open another.
    const otherJob = new URL(url);
    otherJob.pathname = `/user-import/${other.jobId}`;
    expect((await upload(otherJob.toString(), 'cognito:username\nmallory\n')).status).toBe(403);
    // A later expiry with the old signature.
    const extended = new URL(url);
    extended.searchParams.set('expires', String(Number(extended.searchParams.get('expires')) + 3600));
    expect((await upload(extended.toString(), 'cognito:username\nmallory\n')).status).toBe(403);
    const missing = new URL(url);
    missing.search = '';
    expect((await upload(missing.toString(), 'cognito:username\nmallory\n')).status).toBe(403);
    const rows = await server.db.query<{ csv: string | null }>('SELECT csv FROM user_import_jobs WHERE id = ANY($1::text[])', [[jobId, other.jobId]]);
    expect(rows.map((r) => r.csv)).toEqual([null, null]);
  });

  it('refuses an upload URL once its 15 minutes are over', async () => {
    // Threat: an upload URL leaked from a log or a shell history is used long after the import.
    const { jobId, url } = await createJob();
    (server.clock as ManualClock).advance(15 * 60);
    const late = await upload(url, 'cognito:username\nlate\n');
    expect(late.status).toBe(403);
    expect(late.body.message).toContain('expired');
    const [row] = await server.db.query<{ csv: string | null }>('SELECT csv FROM user_import_jobs WHERE id = $1', [jobId]);
    expect(row?.csv).toBeNull();
  });

  it('refuses an empty upload, a file that is not UTF-8 and one over the size limit', async () => {
    // Threat: whoever holds an upload URL fills the server's memory and database with an oversized or binary file.
    const { url } = await createJob();
    expect((await upload(url, '')).status).toBe(400);
    expect((await upload(url, new Uint8Array([0x63, 0xff, 0xfe, 0x0a]))).status).toBe(400);
    // Content-Length says too much: refused before the body is read.
    const huge = await fetch(url, { method: 'PUT', body: new Uint8Array(100 * 1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { code?: string }).code).toBe('EntityTooLarge');
  });

  it('answers the import operations to the admin credential only', async () => {
    await expectAdminOnly(server, sdk, 'GetCSVHeader', { UserPoolId: poolId });
    await expectAdminOnly(server, sdk, 'CreateUserImportJob', { UserPoolId: poolId, JobName: 'x', CloudWatchLogsRoleArn: ROLE });
  });

  it('records the creation of a job in the audit trail', async () => {
    const { jobId } = await createJob('audited');
    const rows = await server.db.query<{ action: string; actor_name: string }>(`SELECT action, actor_name FROM audit_log WHERE record_id = $1`, [jobId]);
    expect(rows).toEqual([{ action: 'admin.user_import.created', actor_name: 'AKIASTEWARDTEST00001' }]);
  });
});
