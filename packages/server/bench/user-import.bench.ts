// `pnpm --filter @steward/server bench user-import [users=100000] [chunk=1000] [databases=pglite,postgres]`:
// how long the real server (startServer, its job runner on, as main.ts runs it) takes to import a
// CSV of `users` users: CreateUserImportJob and StartUserImportJob through the AWS SDK, the file PUT
// to the job's PreSignedUrl, then DescribeUserImportJob polled until Succeeded. Each database gets a
// fresh store (in-memory PGlite, or a new schema of the local PostgreSQL).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { CognitoIdentityProviderClient, CreateUserImportJobCommand, DescribeUserImportJobCommand, StartUserImportJobCommand, type UserImportJobType } from '@aws-sdk/client-cognito-identity-provider';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { startServer } from '../src/server.js';
import { findDefaultPool } from '../src/user-pool/pools/pool-repository.js';
import { userImportJobHandlers } from '../src/user-pool/imports/index.js';
import { writeBenchmarkSection } from './benchmarks-doc.js';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { accessKeyId: 'AKIASTEWARDBENCH0001', secretAccessKey: 'steward-bench-admin-secret-key-000000000' };

type Backend = 'pglite' | 'postgres';

interface Options {
  users: number;
  chunk: number;
  databases: Backend[];
}

function options(args: readonly string[]): Options {
  const get = (name: string): string | undefined => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
  return {
    users: Number(get('users') ?? 100_000),
    chunk: Number(get('chunk') ?? 1000),
    databases: (get('databases') ?? 'pglite,postgres').split(',').filter((d): d is Backend => d === 'postgres' || d === 'pglite'),
  };
}

/** A file of `count` valid users with the demo pool's required email, a name and a custom attribute. */
function csvOf(count: number): string {
  const lines = ['cognito:username,email,email_verified,given_name,family_name,custom:clientNumber,cognito:mfa_enabled'];
  for (let n = 1; n <= count; n++) lines.push(`bench-user-${n},bench-user-${n}@example.com,true,Given${n},Family${n},C-${n},false`);
  return `${lines.join('\n')}\n`;
}

interface Result {
  database: Backend;
  uploadMs: number;
  importMs: number;
  job: UserImportJobType;
  polls: number;
  progressSeen: number;
  /** How long each DescribeUserImportJob took while the job ran (ms), sorted. */
  describeMs: number[];
}

async function runOne(database: Backend, csv: string, chunk: number): Promise<Result> {
  const schema = `bench_import_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    STEWARD_MODE: 'development',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    MANAGED_LOGIN: 'false',
    JOBS_ENABLED: 'true',
    JOBS_POLL_INTERVAL_MS: '100',
    WEB_DIST_DIR: '/nonexistent',
    METRICS_ENABLED: 'false',
    ADMIN_ACCESS_KEY_ID: ADMIN.accessKeyId,
    ADMIN_SECRET_ACCESS_KEY: ADMIN.secretAccessKey,
    ...(database === 'pglite' ? { DATA_DIR: 'memory://' } : { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema }),
  });
  const server = await startServer(config, { jobHandlers: (services) => userImportJobHandlers({ db: services.db, clock: services.clock, audit: services.audit, log: services.log, chunkRows: chunk }) });
  const sdk = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: server.url, maxAttempts: 1, credentials: ADMIN });
  try {
    const poolId = (await findDefaultPool(server.db))?.userPoolId ?? '';
    const { UserImportJob } = await sdk.send(new CreateUserImportJobCommand({ UserPoolId: poolId, JobName: 'bench', CloudWatchLogsRoleArn: 'arn:aws:iam::123456789012:role/Bench' }));
    const jobId = UserImportJob?.JobId ?? '';
    const uploadStart = performance.now();
    const uploaded = await fetch(UserImportJob?.PreSignedUrl ?? '', { method: 'PUT', body: csv });
    if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const uploadMs = performance.now() - uploadStart;
    const importStart = performance.now();
    await sdk.send(new StartUserImportJobCommand({ UserPoolId: poolId, JobId: jobId }));
    let job: UserImportJobType = {};
    let polls = 0;
    let progressSeen = 0;
    const describeMs: number[] = [];
    for (;;) {
      const asked = performance.now();
      job = (await sdk.send(new DescribeUserImportJobCommand({ UserPoolId: poolId, JobId: jobId }))).UserImportJob ?? {};
      describeMs.push(performance.now() - asked);
      polls += 1;
      if (job.Status === 'InProgress' && (job.ImportedUsers ?? 0) > 0) progressSeen += 1;
      if (job.Status !== 'Pending' && job.Status !== 'InProgress') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { database, uploadMs, importMs: performance.now() - importStart, job, polls, progressSeen, describeMs: describeMs.sort((a, b) => a - b) };
  } finally {
    sdk.destroy();
    await server.stop();
    if (database === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  }
}

/** Runs the bench and rewrites its section of docs/benchmarks.md. */
export async function run(args: readonly string[]): Promise<void> {
  const opts = options(args);
  const csv = csvOf(opts.users);
  const machine = `${os.cpus().length} cores (shared), ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const started = `Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Load average at the start: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}.`;
  const results: Result[] = [];
  for (const database of opts.databases) {
    const result = await runOne(database, csv, opts.chunk);
    console.log(`${database}: ${result.job.Status}, ${result.job.ImportedUsers} imported in ${(result.importMs / 1000).toFixed(1)} s (upload ${(result.uploadMs / 1000).toFixed(2)} s)`);
    results.push(result);
  }
  const rows = results.map(
    (r) =>
      `| ${r.database} | ${opts.users} | ${r.job.Status ?? '?'} | ${r.job.ImportedUsers ?? 0} / ${r.job.SkippedUsers ?? 0} / ${r.job.FailedUsers ?? 0} | ${(r.uploadMs / 1000).toFixed(2)} | ${(r.importMs / 1000).toFixed(1)} | ${Math.round((r.job.ImportedUsers ?? 0) / (r.importMs / 1000))} | ${r.progressSeen} of ${r.polls} | ${(r.describeMs[Math.floor(r.describeMs.length / 2)] ?? 0).toFixed(0)} / ${(r.describeMs[r.describeMs.length - 1] ?? 0).toFixed(0)} |`,
  );
  const body = [
    `The real server (startServer with its job runner, as \`pnpm start\`) importing one CSV of ${opts.users} users (${(Buffer.byteLength(csv) / 2 ** 20).toFixed(1)} MiB: username, email, email_verified, given and family name, a custom attribute): CreateUserImportJob, the file PUT to its PreSignedUrl, StartUserImportJob, then DescribeUserImportJob every 250 ms until the job ends. Chunks of ${opts.chunk} rows, each one transaction (one \`INSERT … SELECT FROM jsonb_to_recordset\` for its users, the row report and the counters). Fresh store per database: in-memory PGlite, a new schema of the local PostgreSQL.`,
    '',
    `Machine: ${machine}. ${started}`,
    '',
    '| Database | Users | Status | imported / skipped / failed | Upload (s) | Start → Succeeded (s) | Users/s | Describes that saw progress | Describe median / max (ms) |',
    '| --- | ---: | --- | --- | ---: | ---: | ---: | --- | ---: |',
    ...rows,
    '',
    '- The import runs in the background: the server answers other requests between chunks (the Describes above were answered while it ran, their latency is the last column), and the counters move chunk by chunk.',
    "- PGlite runs in the server's own thread and settles its calls as microtasks, so the run yields one turn of the event loop after each chunk (`setImmediate`): without it, an earlier run of this bench on PGlite answered its first Describe only when the 100 000 users were in (0 of 2 Describes saw progress); a request waits at most about one chunk now.",
    '- No password is hashed: imported users are RESET_REQUIRED and set their password with ForgotPassword.',
    `- Run: \`pnpm --filter @steward/server bench user-import users=${opts.users} chunk=${opts.chunk} databases=${opts.databases.join(',')}\`.`,
  ].join('\n');
  console.log(body);
  await writeBenchmarkSection('## user import jobs', body);
}
