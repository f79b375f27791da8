// The data API benchmark: seeds accounts with contacts and transactions, then measures
// listAccountMdls(filter: {clientNumber: {eq}}, limit: 50) paging and getAccountMdl with its
// contacts and transactions at 32 concurrent clients: through the data API on PostgreSQL and on
// PGlite (authorization on: RS256 token check and access rules on every request), and the same
// reads as raw SQL through `pg` (the limit). Options: key=value, e.g. `accounts=200000 seconds=10`.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { dataApiMigrationSql } from '../src/graphql/sql/write-migration.js';
import type { BenchServerReady, BenchServerRequest } from './graphql-bench-server.js';
import { postJson, runLoad, type LoadResult, type Operation } from './graphql-load.js';
import { accountId, clientNumber, seedBenchRows, type SeedSize } from './graphql-seed.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DOC = path.resolve(here, '../../../docs/benchmarks.md');
const HEADING = '## data API';

interface Options {
  accounts: number;
  pgliteAccounts: number;
  clients: number;
  contacts: number;
  transactions: number;
  concurrency: number;
  seconds: number;
  warmup: number;
  backends: string[];
  postgresUrl: string;
}

function parseOptions(args: readonly string[]): Options {
  const kv = new Map(args.map((a) => a.replace(/^-+/, '').split('=') as [string, string]));
  const num = (k: string, d: number): number => (kv.has(k) ? Number(kv.get(k)) : d);
  const accounts = num('accounts', 1_000_000);
  return {
    accounts,
    pgliteAccounts: num('pgliteAccounts', accounts),
    clients: num('clients', 200),
    contacts: num('contacts', 2),
    transactions: num('transactions', 2),
    concurrency: num('concurrency', 32),
    seconds: num('seconds', 15),
    warmup: num('warmup', 3),
    backends: (kv.get('backends') ?? 'postgres,pglite').split(','),
    postgresUrl: kv.get('postgresUrl') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
}

const LIST = `query ($c: String!, $t: String) { listAccountMdls(filter: { clientNumber: { eq: $c } }, limit: 50, nextToken: $t) {
  items { id clientNumber accountStatus fileNumber currentUpb amountPaid listedDate operator } nextToken } }`;
const GET = `query ($id: ID!) { getAccountMdl(id: $id) { id clientNumber accountStatus fileNumber currentUpb
  Contacts(limit: 20) { items { id completed dueDate paymentAmount } nextToken }
  Transactions(limit: 20) { items { id transactionType paymentDate paymentAmount } nextToken } } }`;
const PAGES_PER_CLIENT = 5;

const randomInt = (n: number): number => Math.floor(Math.random() * n);

interface GqlPage {
  data?: { listAccountMdls?: { items: unknown[]; nextToken: string | null } | null; getAccountMdl?: { Contacts: { items: unknown[] } } | null };
  errors?: unknown[];
}

/** listAccountMdls paging: each virtual client reads up to 5 pages of a random client, then moves on. */
function graphqlList(port: number, token: string, size: SeedSize, concurrency: number): Operation {
  const state = Array.from({ length: concurrency }, () => ({ c: clientNumber(randomInt(size.clients)), t: null as string | null, pages: 0 }));
  return async (i) => {
    const s = state[i];
    if (s === undefined) return false;
    const body = (await postJson(port, '/graphql', { authorization: token }, JSON.stringify({ query: LIST, variables: { c: s.c, t: s.t } }))) as GqlPage;
    const page = body.data?.listAccountMdls;
    s.pages += 1;
    if (page?.nextToken !== null && page?.nextToken !== undefined && s.pages < PAGES_PER_CLIENT) s.t = page.nextToken;
    else Object.assign(s, { c: clientNumber(randomInt(size.clients)), t: null, pages: 0 });
    return body.errors === undefined && page !== undefined && page !== null && page.items.length > 0;
  };
}

function graphqlGet(port: number, token: string, size: SeedSize): Operation {
  return async () => {
    const body = (await postJson(port, '/graphql', { authorization: token }, JSON.stringify({ query: GET, variables: { id: accountId(1 + randomInt(size.accounts)) } }))) as GqlPage;
    return body.errors === undefined && (body.data?.getAccountMdl?.Contacts.items.length ?? 0) === size.contactsPerAccount;
  };
}

const RAW_COLUMNS = `"id", "clientNumber", "accountStatus", "fileNumber", "currentUpb"::float8 AS "currentUpb", "amountPaid"::float8 AS "amountPaid", "listedDate"::text AS "listedDate", "operator"`;

function rawList(pool: pg.Pool, size: SeedSize, concurrency: number): Operation {
  const state = Array.from({ length: concurrency }, () => ({ c: clientNumber(randomInt(size.clients)), after: null as string | null, pages: 0 }));
  return async (i) => {
    const s = state[i];
    if (s === undefined) return false;
    const { rows } =
      s.after === null
        ? await pool.query<{ id: string }>(`SELECT ${RAW_COLUMNS} FROM "AccountMdl" WHERE "clientNumber" = $1 ORDER BY "id" LIMIT 51`, [s.c])
        : await pool.query<{ id: string }>(`SELECT ${RAW_COLUMNS} FROM "AccountMdl" WHERE "clientNumber" = $1 AND "id" > $2 ORDER BY "id" LIMIT 51`, [s.c, s.after]);
    s.pages += 1;
    const more = rows.length > 50;
    if (more && s.pages < PAGES_PER_CLIENT) s.after = rows[49]?.id ?? null;
    else Object.assign(s, { c: clientNumber(randomInt(size.clients)), after: null, pages: 0 });
    return rows.length > 0;
  };
}

function rawGet(pool: pg.Pool, size: SeedSize): Operation {
  return async () => {
    const id = accountId(1 + randomInt(size.accounts));
    const account = await pool.query(`SELECT "id", "clientNumber", "accountStatus", "fileNumber", "currentUpb"::float8 AS "currentUpb" FROM "AccountMdl" WHERE "id" = $1`, [id]);
    const [contacts] = await Promise.all([
      pool.query(`SELECT "id", "completed", "dueDate"::text AS "dueDate", "paymentAmount"::float8 AS "paymentAmount" FROM "ContactMdl" WHERE "accountmdlID" = $1 ORDER BY "id" LIMIT 21`, [id]),
      pool.query(`SELECT "id", "transactionType", "paymentDate"::text AS "paymentDate", "paymentAmount"::float8 AS "paymentAmount" FROM "TransactionMdl" WHERE "accountmdlID" = $1 ORDER BY "id" LIMIT 21`, [id]),
    ]);
    return account.rows.length === 1 && contacts.rows.length === size.contactsPerAccount;
  };
}

async function startServer(request: BenchServerRequest): Promise<{ ready: BenchServerReady; stop: () => Promise<void> }> {
  const child = fork(path.join(here, 'graphql-bench-server.ts'), [], { execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`])], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<BenchServerReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as BenchServerReady));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.send(request);
  });
  return {
    ready,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

interface Row {
  readonly backend: string;
  readonly path: string;
  readonly operation: string;
  readonly result: LoadResult;
}

function writeSection(body: string): Promise<void> {
  return readFile(DOC, 'utf8')
    .catch(() => '# Benchmarks\n')
    .then((text) => {
      const lines = text.split('\n');
      const start = lines.findIndex((l) => l.trim() === HEADING);
      const section = `${HEADING}\n\n${body.trim()}\n`;
      if (start < 0) return writeFile(DOC, `${text.trimEnd()}\n\n${section}`);
      let end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
      if (end < 0) end = lines.length;
      return writeFile(DOC, [...lines.slice(0, start), ...section.split('\n'), ...lines.slice(end)].join('\n'));
    });
}

/** Runs the data API bench and rewrites its section of docs/benchmarks.md. */
export async function run(args: readonly string[] = []): Promise<void> {
  const o = parseOptions(args);
  const rows: Row[] = [];
  const notes: string[] = [];
  const log = (line: string): void => console.log(line);
  const measure = async (backend: string, pathName: string, operation: string, op: Operation): Promise<void> => {
    const result = await runLoad(op, o.concurrency, o.seconds, o.warmup);
    log(`${backend.padEnd(9)} ${pathName.padEnd(9)} ${operation.padEnd(22)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  errors ${result.errors}`);
    rows.push({ backend, path: pathName, operation, result });
  };
  let pgVersion = '';

  if (o.backends.includes('postgres')) {
    const size: SeedSize = { accounts: o.accounts, contactsPerAccount: o.contacts, transactionsPerAccount: o.transactions, clients: o.clients };
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const db = await openPostgresDatabase(o.postgresUrl, schema, 4);
    try {
      pgVersion = String((await db.query<{ v: string }>('SHOW server_version'))[0]?.v ?? '');
      await migrate(db, [{ version: 100, name: 'data_api', sql: dataApiMigrationSql() }]);
      log(`seeding PostgreSQL: ${size.accounts} accounts…`);
      const seconds = await seedBenchRows(db, size, log);
      notes.push(`PostgreSQL seed: ${size.accounts.toLocaleString('en-US')} accounts, ${(size.accounts * size.contactsPerAccount).toLocaleString('en-US')} contacts, ${(size.accounts * size.transactionsPerAccount).toLocaleString('en-US')} transactions in ${seconds.toFixed(0)} s.`);
      const server = await startServer({ backend: 'postgres', postgresUrl: o.postgresUrl, schema, pgliteDir: '', size });
      await measure('postgres', 'data API', 'listAccountMdls page', graphqlList(server.ready.port, server.ready.token, size, o.concurrency));
      await measure('postgres', 'data API', 'getAccountMdl + lists', graphqlGet(server.ready.port, server.ready.token, size));
      await server.stop();
      const pool = new pg.Pool({ connectionString: o.postgresUrl, max: 16, options: `-c search_path="${schema}"` });
      await measure('postgres', 'raw SQL', 'listAccountMdls page', rawList(pool, size, o.concurrency));
      await measure('postgres', 'raw SQL', 'getAccountMdl + lists', rawGet(pool, size));
      await pool.end();
    } finally {
      await db.exec(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
      await db.close();
    }
  }

  if (o.backends.includes('pglite')) {
    const size: SeedSize = { accounts: o.pgliteAccounts, contactsPerAccount: o.contacts, transactionsPerAccount: o.transactions, clients: o.clients };
    const dir = await mkdtemp(path.join(os.tmpdir(), 'steward-bench-pglite-'));
    try {
      log(`seeding PGlite: ${size.accounts} accounts…`);
      const server = await startServer({ backend: 'pglite', postgresUrl: '', schema: '', pgliteDir: dir, size });
      notes.push(`PGlite seed (on disk): ${size.accounts.toLocaleString('en-US')} accounts with the same contacts and transactions per account in ${(server.ready.seedSeconds ?? 0).toFixed(0)} s.`);
      await measure('pglite', 'data API', 'listAccountMdls page', graphqlList(server.ready.port, server.ready.token, size, o.concurrency));
      await measure('pglite', 'data API', 'getAccountMdl + lists', graphqlGet(server.ready.port, server.ready.token, size));
      await server.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  const raw = (op: string): LoadResult | undefined => rows.find((r) => r.backend === 'postgres' && r.path === 'raw SQL' && r.operation === op)?.result;
  const table = [
    '| Database | Path | Read | Requests/s | p50 (ms) | p99 (ms) | Errors | vs raw SQL |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => {
      const base = raw(r.operation);
      const ratio = base === undefined ? '' : `${(r.result.rps / base.rps).toFixed(2)}x`;
      return `| ${r.backend} | ${r.path} | ${r.operation} | ${r.result.rps.toFixed(0)} | ${r.result.p50.toFixed(2)} | ${r.result.p99.toFixed(2)} | ${r.result.errors} | ${ratio} |`;
    }),
  ];
  const machine = `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}${pgVersion === '' ? '' : `, PostgreSQL ${pgVersion}`}`;
  const body = [
    `listAccountMdls(filter: {clientNumber: {eq}}, limit: 50) paging (each client reads up to ${PAGES_PER_CLIENT} pages of a random clientNumber, following nextToken) and getAccountMdl with Contacts(limit: 20) and Transactions(limit: 20), ${o.concurrency} concurrent clients (closed loop), ${o.warmup} s warm-up then ${o.seconds} s measured per row. Load generator, server (a child process) and database share the machine.`,
    '',
    `Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    ...table,
    '',
    ...notes.map((n) => `- ${n}`),
    `- Data: ${o.clients} clientNumbers, accounts spread evenly; ${o.contacts} contacts and ${o.transactions} transactions per account.`,
    '- Data API path: HTTP + JSON, RS256 access-token verification (jose) and the access rules on every request (caller: a staff user; profile cached 5 s), cached parse/validate, keyset page with an HMAC-signed nextToken, connections batched into one LATERAL query each.',
    '- Raw SQL path: the same SELECTs through a `pg` pool of 16 in the load generator process, no HTTP, no GraphQL, no token check: the upper limit.',
    '- PostGraphile: not measured this round (bench-only devDependency not added).',
    `- Run: \`pnpm --filter @steward/server bench graphql ${args.join(' ')}\`.`,
  ].join('\n');
  console.log(`\n${HEADING}\n\n${body}\n`);
  await writeSection(body);
}
