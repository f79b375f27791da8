// The data API benchmark: seeds accounts with contacts and transactions, then measures
// listAccountMdls(filter: {clientNumber: {eq}}, limit: 50) paging and getAccountMdl with its
// contacts and transactions at 32 concurrent clients, in one run:
// - the data API of the real server (buildApp: pool tokens, access rules) on PostgreSQL and PGlite,
//   and the same with its verified-token cache off;
// - PostGraphile 4 over the same PostgreSQL tables;
// - the same reads as raw SQL through `pg`, behind a minimal Fastify endpoint and in-process (the limit);
// - an experiment: the data API and raw SQL in-process with named (prepared) statements.
// Options (key=value): accounts, pgliteAccounts, clients, contacts, transactions, concurrency,
// seconds, warmup, backends=postgres,pglite, paths=api,uncached,postgraphile,rawhttp,raw,named,rawnamed,
// users, poolSize, postgresUrl, schema=<name> and pgliteDir=<dir> (reuse a seeded store: seeded
// on first use, kept afterwards).
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { UNCACHED_TOKEN_PATH, type BenchServerReady, type BenchServerRequest } from './graphql-bench-server.js';
import { startBenchChild, type BenchChild } from './graphql-child.js';
import { postJson, receivedTotals, runLoad, type LoadResult, type Operation } from './graphql-load.js';
import type { PostgraphileReady, PostgraphileRequest } from './graphql-postgraphile-server.js';
import type { RawHttpReady, RawHttpRequest } from './graphql-raw-http-server.js';
import { rawGetAccount, rawListPage } from './graphql-raw-sql.js';
import { accountId, clientNumber, seedOnce, type SeedOutcome, type SeedSize } from './graphql-seed.js';
import { writeBenchmarkSection } from './benchmarks-doc.js';

const POSTGRAPHILE_VERSION = (createRequire(import.meta.url)('postgraphile/package.json') as { version: string }).version;
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
  paths: string[];
  users: number;
  poolSize: number;
  postgresUrl: string;
  schema: string | null;
  pgliteDir: string | null;
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
    paths: (kv.get('paths') ?? 'api,uncached,postgraphile,rawhttp,raw,named,rawnamed').split(','),
    users: num('users', 32),
    poolSize: num('poolSize', 10),
    postgresUrl: kv.get('postgresUrl') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    schema: kv.get('schema') ?? null,
    pgliteDir: kv.get('pgliteDir') ?? null,
  };
}

const PAGES_PER_CLIENT = 5;
const LIST = `query ($c: String!, $t: String) { listAccountMdls(filter: { clientNumber: { eq: $c } }, limit: 50, nextToken: $t) {
  items { id clientNumber accountStatus fileNumber currentUpb amountPaid listedDate operator } nextToken } }`;
const GET = `query ($id: ID!) { getAccountMdl(id: $id) { id clientNumber accountStatus fileNumber currentUpb
  Contacts(limit: 20) { items { id completed dueDate paymentAmount } nextToken }
  Transactions(limit: 20) { items { id transactionType paymentDate paymentAmount } nextToken } } }`;
const PG_LIST = `query ($c: String!, $after: Cursor) { allAccountMdls(condition: { clientNumber: $c }, first: 50, after: $after, orderBy: PRIMARY_KEY_ASC) {
  nodes { id clientNumber accountStatus fileNumber currentUpb amountPaid listedDate operator } pageInfo { hasNextPage endCursor } } }`;
const PG_GET = `query ($id: String!) { accountMdlById(id: $id) { id clientNumber accountStatus fileNumber currentUpb
  contactMdlsByAccountmdlId(first: 20, orderBy: PRIMARY_KEY_ASC) { nodes { id completed dueDate paymentAmount } pageInfo { hasNextPage endCursor } }
  transactionMdlsByAccountmdlId(first: 20, orderBy: PRIMARY_KEY_ASC) { nodes { id transactionType paymentDate paymentAmount } pageInfo { hasNextPage endCursor } } } }`;

const randomInt = (n: number): number => Math.floor(Math.random() * n);

/** One page as a path returns it: how many items, and the cursor of the next page (null on the last). */
type FetchPage = (client: number, c: string, cursor: string | null) => Promise<{ items: number; next: string | null } | null>;

/** listAccountMdls paging: each virtual client reads up to 5 pages of a random client, then moves on. */
function listOperation(size: SeedSize, concurrency: number, fetchPage: FetchPage): Operation {
  const state = Array.from({ length: concurrency }, () => ({ c: clientNumber(randomInt(size.clients)), cursor: null as string | null, pages: 0 }));
  return async (i) => {
    const s = state[i];
    if (s === undefined) return false;
    const page = await fetchPage(i, s.c, s.cursor);
    s.pages += 1;
    if (page?.next !== null && page?.next !== undefined && s.pages < PAGES_PER_CLIENT) s.cursor = page.next;
    else Object.assign(s, { c: clientNumber(randomInt(size.clients)), cursor: null, pages: 0 });
    return page !== null && page.items === 50;
  };
}

/** getAccountMdl of a random account: correct when it has all its contacts and transactions. */
function getOperation(size: SeedSize, fetchAccount: (client: number, id: string) => Promise<{ contacts: number; transactions: number } | null>): Operation {
  return async (i) => {
    const account = await fetchAccount(i, accountId(1 + randomInt(size.accounts)));
    return account !== null && account.contacts === size.contactsPerAccount && account.transactions === size.transactionsPerAccount;
  };
}

interface Items {
  readonly items: unknown[];
}
interface GqlBody<T> {
  readonly data?: T | null;
  readonly errors?: unknown[];
}

function dataApiOperations(port: number, route: string, tokens: readonly string[], size: SeedSize, concurrency: number): [Operation, Operation] {
  const token = (i: number): string => tokens[i % tokens.length] ?? '';
  const list = listOperation(size, concurrency, async (i, c, cursor) => {
    const body = (await postJson(port, route, { authorization: token(i) }, JSON.stringify({ query: LIST, variables: { c, t: cursor } }))) as GqlBody<{ listAccountMdls: (Items & { nextToken: string | null }) | null }>;
    const page = body.data?.listAccountMdls;
    return body.errors === undefined && page !== undefined && page !== null ? { items: page.items.length, next: page.nextToken } : null;
  });
  const get = getOperation(size, async (i, id) => {
    const body = (await postJson(port, route, { authorization: token(i) }, JSON.stringify({ query: GET, variables: { id } }))) as GqlBody<{ getAccountMdl: { Contacts: Items; Transactions: Items } | null }>;
    const a = body.data?.getAccountMdl;
    return body.errors === undefined && a !== undefined && a !== null ? { contacts: a.Contacts.items.length, transactions: a.Transactions.items.length } : null;
  });
  return [list, get];
}

function postgraphileOperations(port: number, size: SeedSize, concurrency: number): [Operation, Operation] {
  interface Nodes {
    readonly nodes: unknown[];
    readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
  }
  const list = listOperation(size, concurrency, async (_i, c, after) => {
    const body = (await postJson(port, '/graphql', {}, JSON.stringify({ query: PG_LIST, variables: { c, after } }))) as GqlBody<{ allAccountMdls: Nodes | null }>;
    const page = body.data?.allAccountMdls;
    if (body.errors !== undefined || page === undefined || page === null) return null;
    return { items: page.nodes.length, next: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null };
  });
  const get = getOperation(size, async (_i, id) => {
    const body = (await postJson(port, '/graphql', {}, JSON.stringify({ query: PG_GET, variables: { id } }))) as GqlBody<{
      accountMdlById: { contactMdlsByAccountmdlId: Nodes; transactionMdlsByAccountmdlId: Nodes } | null;
    }>;
    const a = body.data?.accountMdlById;
    return body.errors === undefined && a !== undefined && a !== null ? { contacts: a.contactMdlsByAccountmdlId.nodes.length, transactions: a.transactionMdlsByAccountmdlId.nodes.length } : null;
  });
  return [list, get];
}

function rawHttpOperations(port: number, size: SeedSize, concurrency: number): [Operation, Operation] {
  const list = listOperation(size, concurrency, async (_i, c, after) => {
    const page = (await postJson(port, '/list', {}, JSON.stringify({ c, after }))) as { items: unknown[]; after: string | null };
    return { items: page.items.length, next: page.after };
  });
  const get = getOperation(size, async (_i, id) => {
    const { account } = (await postJson(port, '/get', {}, JSON.stringify({ id }))) as { account: { Contacts: unknown[]; Transactions: unknown[] } | null };
    return account === null ? null : { contacts: account.Contacts.length, transactions: account.Transactions.length };
  });
  return [list, get];
}

function rawOperations(pool: pg.Pool, size: SeedSize, concurrency: number, named: boolean): [Operation, Operation] {
  const list = listOperation(size, concurrency, async (_i, c, after) => {
    const page = await rawListPage(pool, c, after, named);
    return { items: page.items.length, next: page.after };
  });
  const get = getOperation(size, async (_i, id) => {
    const account = (await rawGetAccount(pool, id, named)) as { Contacts: unknown[]; Transactions: unknown[] } | null;
    return account === null ? null : { contacts: account.Contacts.length, transactions: account.Transactions.length };
  });
  return [list, get];
}

/** The paths measured, in table order, with their labels. */
const PATHS = {
  api: 'data API',
  uncached: 'data API, token cache off',
  postgraphile: 'PostGraphile 4',
  rawhttp: 'raw SQL over HTTP',
  raw: 'raw SQL in-process',
  named: 'experiment: data API, named statements',
  rawnamed: 'experiment: raw SQL in-process, named statements',
} as const;
type PathKey = keyof typeof PATHS;
/** The named-statement experiment is compared with raw SQL that also uses named statements. */
const EXPERIMENT: ReadonlySet<PathKey> = new Set(['named', 'rawnamed']);
const READS = ['listAccountMdls page', 'getAccountMdl + lists'] as const;

interface Row {
  readonly backend: string;
  readonly path: PathKey;
  readonly read: (typeof READS)[number];
  readonly result: LoadResult;
  /** Server CPU per request (the child process; null in-process), ms. */
  readonly cpuMs: number | null;
}


function seedNote(store: string, size: SeedSize, seed: SeedOutcome | null): string {
  const what = `${size.accounts.toLocaleString('en-US')} accounts, ${(size.accounts * size.contactsPerAccount).toLocaleString('en-US')} contacts, ${(size.accounts * size.transactionsPerAccount).toLocaleString('en-US')} transactions`;
  if (seed === null) return `${store} seed: ${what}.`;
  return `${store} seed: ${what} ${seed.reused ? `(reused; seeded by an earlier run in ${seed.seconds.toFixed(0)} s)` : `in ${seed.seconds.toFixed(0)} s`}.`;
}

const ratio = (a: LoadResult, b: LoadResult | undefined): string => (b === undefined ? '' : `${(a.rps / b.rps).toFixed(2)}x`);

/** Runs the data API bench and rewrites its section of docs/benchmarks.md. */
export async function run(args: readonly string[] = []): Promise<void> {
  const o = parseOptions(args);
  const rows: Row[] = [];
  const notes: string[] = [];
  const log = (line: string): void => console.log(line);
  const want = (p: PathKey): boolean => o.paths.includes(p);
  const measure = async (backend: string, pathKey: PathKey, ops: [Operation, Operation], child?: BenchChild<unknown>): Promise<void> => {
    for (const [index, read] of READS.entries()) {
      const op = ops[index];
      if (op === undefined) continue;
      const cpuBefore = (await child?.cpuMs()) ?? 0;
      const loadBefore = process.cpuUsage();
      const receivedBefore = receivedTotals();
      const result = await runLoad(op, o.concurrency, o.seconds, o.warmup);
      const loadCpu = process.cpuUsage(loadBefore);
      const receivedAfter = receivedTotals();
      const cpuAfter = (await child?.cpuMs()) ?? 0;
      // The child's CPU covers warm-up too: divide by every request it served in both.
      const served = result.requests * ((o.seconds + o.warmup) / o.seconds);
      const cpuMs = child === undefined || served === 0 ? null : (cpuAfter - cpuBefore) / served;
      // The load generator's side of the machine (for raw SQL in-process it is also the server), and
      // the response bodies it parsed: both are part of what the whole machine spends per request.
      const loadMs = served === 0 ? 0 : (loadCpu.user + loadCpu.system) / 1000 / served;
      const responses = receivedAfter.responses - receivedBefore.responses;
      const bodyBytes = responses === 0 ? null : (receivedAfter.bytes - receivedBefore.bytes) / responses;
      log(
        `${backend.padEnd(9)} ${PATHS[pathKey].padEnd(26)} ${read.padEnd(22)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(2)} ms  p99 ${result.p99.toFixed(2)} ms  ` +
          `server CPU ${cpuMs === null ? '-' : cpuMs.toFixed(3)} ms/req  load generator CPU ${loadMs.toFixed(3)} ms/req  ` +
          `response body ${bodyBytes === null ? '-' : bodyBytes.toFixed(0)} B  errors ${result.errors}`,
      );
      rows.push({ backend, path: pathKey, read, result, cpuMs });
    }
  };
  let pgVersion = '';

  if (o.backends.includes('postgres')) {
    const size: SeedSize = { accounts: o.accounts, contactsPerAccount: o.contacts, transactionsPerAccount: o.transactions, clients: o.clients };
    const schema = o.schema ?? `bench_${randomBytes(4).toString('hex')}`;
    const db = await openPostgresDatabase(o.postgresUrl, schema, 4);
    try {
      pgVersion = String((await db.query<{ v: string }>('SHOW server_version'))[0]?.v ?? '');
      await migrate(db);
      log(`PostgreSQL schema ${schema}: seeding ${size.accounts} accounts unless already seeded…`);
      notes.push(seedNote(`PostgreSQL (schema ${o.schema === null ? 'fresh, dropped after' : schema})`, size, await seedOnce(db, size, log)));
      if (want('api') || want('uncached')) {
        const request: BenchServerRequest = { backend: 'postgres', postgresUrl: o.postgresUrl, schema, pgliteDir: '', size, poolSize: o.poolSize, users: o.users, namedStatements: false };
        const server = await startBenchChild<BenchServerReady>('graphql-bench-server.ts', request);
        if (want('api')) await measure('postgres', 'api', dataApiOperations(server.ready.port, '/graphql', server.ready.tokens, size, o.concurrency), server);
        if (want('uncached')) await measure('postgres', 'uncached', dataApiOperations(server.ready.port, UNCACHED_TOKEN_PATH, server.ready.tokens, size, o.concurrency), server);
        await server.stop();
      }
      if (want('postgraphile')) {
        const request: PostgraphileRequest = { postgresUrl: o.postgresUrl, schema, poolSize: o.poolSize };
        const server = await startBenchChild<PostgraphileReady>('graphql-postgraphile-server.ts', request);
        await measure('postgres', 'postgraphile', postgraphileOperations(server.ready.port, size, o.concurrency), server);
        await server.stop();
      }
      if (want('rawhttp')) {
        const request: RawHttpRequest = { postgresUrl: o.postgresUrl, schema, poolSize: o.poolSize };
        const server = await startBenchChild<RawHttpReady>('graphql-raw-http-server.ts', request);
        await measure('postgres', 'rawhttp', rawHttpOperations(server.ready.port, size, o.concurrency), server);
        await server.stop();
      }
      for (const [key, named] of [['raw', false], ['rawnamed', true]] as const) {
        if (!want(key)) continue;
        const pool = new pg.Pool({ connectionString: o.postgresUrl, max: o.poolSize, options: `-c search_path="${schema}"` });
        await measure('postgres', key, rawOperations(pool, size, o.concurrency, named));
        await pool.end();
      }
      if (want('named')) {
        const request: BenchServerRequest = { backend: 'postgres', postgresUrl: o.postgresUrl, schema, pgliteDir: '', size, poolSize: o.poolSize, users: o.users, namedStatements: true };
        const server = await startBenchChild<BenchServerReady>('graphql-bench-server.ts', request);
        await measure('postgres', 'named', dataApiOperations(server.ready.port, '/graphql', server.ready.tokens, size, o.concurrency), server);
        await server.stop();
      }
    } finally {
      if (o.schema === null) await db.exec(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
      await db.close();
    }
  }

  if (o.backends.includes('pglite') && want('api')) {
    const size: SeedSize = { accounts: o.pgliteAccounts, contactsPerAccount: o.contacts, transactionsPerAccount: o.transactions, clients: o.clients };
    const dir = o.pgliteDir ?? (await mkdtemp(path.join(os.tmpdir(), 'steward-bench-pglite-')));
    try {
      log(`PGlite in ${dir}: seeding ${size.accounts} accounts unless already seeded…`);
      const request: BenchServerRequest = { backend: 'pglite', postgresUrl: '', schema: '', pgliteDir: dir, size, poolSize: 1, users: o.users, namedStatements: false };
      const server = await startBenchChild<BenchServerReady>('graphql-bench-server.ts', request);
      notes.push(seedNote('PGlite (on disk, in the server process)', size, server.ready.seed));
      await measure('pglite', 'api', dataApiOperations(server.ready.port, '/graphql', server.ready.tokens, size, o.concurrency), server);
      await server.stop();
    } finally {
      if (o.pgliteDir === null) await rm(dir, { recursive: true, force: true });
    }
  }

  const order = Object.keys(PATHS);
  rows.sort((a, b) => (a.backend === b.backend ? order.indexOf(a.path) - order.indexOf(b.path) : 0));
  const find = (path: PathKey, read: string): LoadResult | undefined => rows.find((r) => r.backend === 'postgres' && r.path === path && r.read === read)?.result;
  const table = [
    '| Database | Path | Read | Requests/s | p50 (ms) | p99 (ms) | Server CPU (ms/req) | Errors | vs raw SQL in-process | vs raw SQL over HTTP | vs PostGraphile |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => {
      const cells = [
        r.backend,
        PATHS[r.path],
        r.read,
        r.result.rps.toFixed(0),
        r.result.p50.toFixed(2),
        r.result.p99.toFixed(2),
        r.cpuMs === null ? '–' : r.cpuMs.toFixed(3),
        String(r.result.errors),
        // Ratios compare PostgreSQL rows only: PGlite has no raw-SQL or PostGraphile row of its own.
        r.backend !== 'postgres' ? '' : ratio(r.result, find(EXPERIMENT.has(r.path) ? 'rawnamed' : 'raw', r.read)),
        r.backend !== 'postgres' || EXPERIMENT.has(r.path) ? '' : ratio(r.result, find('rawhttp', r.read)),
        r.backend !== 'postgres' ? '' : ratio(r.result, find('postgraphile', r.read)),
      ];
      return `| ${cells.join(' | ')} |`;
    }),
  ];
  const verdicts = READS.map((read) => {
    const api = find('api', read);
    const limit = find('rawhttp', read);
    const inProcess = find('raw', read);
    const postgraphile = find('postgraphile', read);
    if (api === undefined) return `- Goal (${read}, PostgreSQL): not measured in this run.`;
    const share = limit === undefined ? null : api.rps / limit.rps;
    const ahead = postgraphile === undefined ? null : api.rps / postgraphile.rps;
    const parts = [
      share === null ? 'raw SQL over HTTP not measured' : `${share.toFixed(2)}x raw SQL over HTTP (goal ≥ 0.70: ${share >= 0.7 ? 'met' : 'NOT met'})`,
      ahead === null ? 'PostGraphile not measured' : `${ahead.toFixed(2)}x PostGraphile (goal > 1: ${ahead > 1 ? 'met' : 'NOT met'})`,
      inProcess === undefined ? '' : `${(api.rps / inProcess.rps).toFixed(2)}x raw SQL in-process (reported only)`,
    ].filter((p) => p !== '');
    return `- Goal (${read}, PostgreSQL, authorization on): ${parts.join('; ')}.`;
  });
  const machine = `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}${pgVersion === '' ? '' : `, PostgreSQL ${pgVersion}`}`;
  const body = [
    `listAccountMdls(filter: {clientNumber: {eq}}, limit: 50) paging (each client reads up to ${PAGES_PER_CLIENT} pages of a random clientNumber, following nextToken) and getAccountMdl with Contacts(limit: 20) and Transactions(limit: 20), ${o.concurrency} concurrent clients (closed loop), ${o.warmup} s warm-up then ${o.seconds} s measured per row. Load generator, servers (child processes) and database share the machine.`,
    '',
    `Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    ...table,
    '',
    ...verdicts,
    '- The 0.7 goal is measured against raw SQL over HTTP (docs/decisions.md, Data API): the data API is an HTTP service and the load generator shares the 2 cores with it.',
    ...notes.map((n) => `- ${n}`),
    `- Data: ${o.clients} clientNumbers, accounts spread evenly; ${o.contacts} contacts and ${o.transactions} transactions per account.`,
    `- **data API**: the real server (buildApp, as src/app.ts registers the API): HTTP + JSON, the pool's access token checked by TokenService.verifyAccessToken (RS256 signature, expiry, revocation and user rows) behind the data API's 5 s verified-token cache, ${o.users} signed-in staff users (client i uses token i mod ${o.users}), the access rules in every statement, caller profiles cached 5 s, operations compiled by graphql-jit, HMAC-signed nextTokens, connections read in the same statement as their parent. Pool of ${o.poolSize} connections (as the server opens).`,
    '- **token cache off**: the same server and route with the verified-token cache off: every request verifies RS256 and runs the two token queries (revocation, user).',
    `- **PostGraphile 4**: postgraphile ${POSTGRAPHILE_VERSION} in-process over the same tables (pool of ${o.poolSize}), the two relations declared by smart tags; no JWT, no pgSettings, no row-level security (its fastest setup, so authorization is only on our side). It sends named (prepared) statements.`,
    '- **raw SQL over HTTP**: the same SELECTs (3 for the get, in parallel) behind a Fastify route in a child process: JSON in and out, no GraphQL, no token, no rules.',
    '- **raw SQL in-process**: the same SELECTs through a `pg` pool in the load generator process: no HTTP at all, the upper limit. Unnamed statements, as the data API sends them.',
    want('named') || want('rawnamed') ? '- **experiment, named statements**: the data API with a bench-only Database adapter that sends each SELECT as a named statement (parsed and planned once per connection), against raw SQL with named statements. The shipped PostgreSQL adapter sends unnamed statements; offering named ones needs a change of the Database port (src/db).' : '- Not run: the named-statement experiment (paths named, rawnamed; a bench-only adapter).',
    '- Servers are child processes run with NODE_ENV=production (as deployed; it spares graphql-js, hence PostGraphile, its development checks). Server CPU is process.cpuUsage() of the server child over warm-up and measurement divided by the requests it served; PostgreSQL and the load generator use the rest of the two cores.',
    `- Run: \`pnpm --filter @steward/server bench graphql ${args.join(' ')}\`.`,
  ].join('\n');
  console.log(`\n${HEADING}\n\n${body}\n`);
  if (process.env.BENCH_NO_DOC === undefined) await writeBenchmarkSection(HEADING, body);
}
