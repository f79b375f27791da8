// The collector's desk benchmark (issue 22, section 6): through the real server over HTTP with real
// access tokens, at N concurrent clients (closed loop), each beside a raw-SQL floor of the same
// statements in the same run:
// - workQueue's first page, each client a different collector (its own token and book);
// - collectionsDashboard over a 30-day range, as a supervisor (every account) and as a collector;
// - postPayment, most clients on distinct accounts and two on one account.
// The floor replays the statements the services send (captured in-process, bench/desk-floor.ts).
// Options (key=value): accounts, pgliteAccounts, collectors, clients, transactions, promiseShare,
// queueClients, dashboardClients, supervisorClients, supervisorSeconds, paymentClients, pgliteClients, seconds, warmup, backends=postgres,pglite,
// scenarios=queue,dashboard,payment, poolSize, postgresUrl, schema=<name> and pgliteDir=<dir> (reuse a
// seeded store: seeded on first use, kept afterwards).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DashboardService } from '../src/collections/dashboard/dashboard-service.js';
import { PaymentService } from '../src/collections/payments/payment-service.js';
import { workQueue } from '../src/collections/queue/work-queue.js';
import { migrate } from '../src/db/migrate.js';
import { openPostgresDatabase } from '../src/db/postgres-database.js';
import { systemClock } from '../src/time/clock.js';
import { writeBenchmarkSection } from './benchmarks-doc.js';
import type { DeskServerReady, DeskServerRequest } from './desk-bench-server.js';
import { recording, replayTransaction, rollingBack, runParallel, runSequential, type Statement } from './desk-floor.js';
import { collectorSub, deskAccountId, seedDeskOnce, type DeskSeedOutcome, type DeskSeedSize } from './desk-seed.js';
import { startBenchChild, type BenchChild } from './graphql-child.js';
import { postJson, runLoad, type LoadResult, type Operation } from './graphql-load.js';

const HEADING = "## collector's desk";

interface Options {
  accounts: number;
  pgliteAccounts: number;
  collectors: number;
  clients: number;
  transactions: number;
  promiseShare: number;
  queueClients: number;
  dashboardClients: number;
  supervisorClients: number;
  supervisorSeconds: number;
  paymentClients: number;
  pgliteClients: number;
  seconds: number;
  warmup: number;
  backends: string[];
  scenarios: string[];
  poolSize: number;
  postgresUrl: string;
  schema: string | null;
  pgliteDir: string | null;
}

function parseOptions(args: readonly string[]): Options {
  const kv = new Map(args.map((a) => a.replace(/^-+/, '').split('=') as [string, string]));
  const num = (k: string, d: number): number => (kv.has(k) ? Number(kv.get(k)) : d);
  return {
    accounts: num('accounts', 1_000_000),
    pgliteAccounts: num('pgliteAccounts', 100_000),
    collectors: num('collectors', 100),
    clients: num('clients', 200),
    transactions: num('transactions', 2),
    promiseShare: num('promiseShare', 0.5),
    queueClients: num('queueClients', 8),
    dashboardClients: num('dashboardClients', 2),
    supervisorClients: num('supervisorClients', 1),
    supervisorSeconds: num('supervisorSeconds', 30),
    paymentClients: num('paymentClients', 8),
    pgliteClients: num('pgliteClients', 2),
    seconds: num('seconds', 10),
    warmup: num('warmup', 3),
    backends: (kv.get('backends') ?? 'postgres,pglite').split(','),
    scenarios: (kv.get('scenarios') ?? 'queue,dashboard,payment').split(','),
    poolSize: num('poolSize', 10),
    postgresUrl: kv.get('postgresUrl') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    schema: kv.get('schema') ?? null,
    pgliteDir: kv.get('pgliteDir') ?? null,
  };
}

const QUEUE = `query { workQueue(limit: 25) { items { accountId tier reason callableNow nextCallableAt callRefusal balanceCents daysPastDue } nextToken total } }`;
const DASHBOARD = `query ($from: AWSDate!, $to: AWSDate!) { collectionsDashboard(from: $from, to: $to) {
  collectionsByDay { date cents previousCents } collectionsByMonth { month cents previousCents }
  liquidationByClient { clientNumber placedCents collectedCents rate }
  promises { dueCount keptCount brokenCount pendingCount dueCents keptCents brokenCents }
  contactsByOutcome { date outcome count } agingBuckets { bucket accounts balanceCents } } }`;
const POST = `mutation ($input: PostPaymentInput!) { postPayment(input: $input) { transactionId duplicate account { balanceCents _version } } }`;
const QUEUE_PAGE = 25;
/** Distinct accounts the payment clients post to (and the floor replays); two clients share HOT_ACCOUNT. */
const PAYMENT_ACCOUNTS = 200;
const HOT_ACCOUNT = 2;
const SHARED_ACCOUNT_CLIENTS = 2;

interface GqlBody<T> {
  readonly data?: T | null;
  readonly errors?: unknown[];
}

const randomInt = (n: number): number => Math.floor(Math.random() * n);
const today = (): string => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number): string => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Account numbers spread over the whole seed, fixed for the run. */
function paymentAccounts(accounts: number): number[] {
  return Array.from({ length: Math.min(PAYMENT_ACCOUNTS, accounts) }, (_, i) => 1 + ((i * 4999 + 17) % accounts)).filter((n) => n !== HOT_ACCOUNT);
}

/** The account client `i` posts to next: the shared one for the last SHARED_ACCOUNT_CLIENTS clients. */
function paymentTarget(i: number, clients: number, pool: readonly number[]): number {
  return i >= clients - SHARED_ACCOUNT_CLIENTS ? HOT_ACCOUNT : (pool[randomInt(pool.length)] ?? 1);
}

function serverOperations(ready: DeskServerReady, o: { queueClients: number; paymentClients: number }, accounts: number): Record<ScenarioKey, Operation> {
  const pool = paymentAccounts(accounts);
  const collectorToken = (i: number): string => ready.collectorTokens[i % ready.collectorTokens.length] ?? '';
  const dashboard = (token: (i: number) => string): Operation => async (i) => {
    const body = (await postJson(ready.port, '/graphql', { authorization: token(i) }, JSON.stringify({ query: DASHBOARD, variables: { from: daysAgo(29), to: today() } }))) as GqlBody<{
      collectionsDashboard: { collectionsByDay: unknown[]; agingBuckets: unknown[] } | null;
    }>;
    return body.errors === undefined && body.data?.collectionsDashboard?.collectionsByDay.length === 30;
  };
  return {
    queue: async (i) => {
      const body = (await postJson(ready.port, '/graphql', { authorization: collectorToken(i) }, JSON.stringify({ query: QUEUE }))) as GqlBody<{ workQueue: { items: unknown[] } | null }>;
      return body.errors === undefined && body.data?.workQueue?.items.length === QUEUE_PAGE;
    },
    dashboardSupervisor: dashboard(() => ready.supervisorToken),
    dashboardCollector: dashboard(collectorToken),
    payment: async (i) => {
      const input = { accountId: deskAccountId(paymentTarget(i, o.paymentClients, pool)), amountCents: 100 + randomInt(900), paymentDate: today(), method: 'card', clientReference: randomUUID() };
      const body = (await postJson(ready.port, '/graphql', { authorization: collectorToken(i) }, JSON.stringify({ query: POST, variables: { input } }))) as GqlBody<{ postPayment: { duplicate: boolean } | null }>;
      return body.errors === undefined && body.data?.postPayment?.duplicate === false;
    },
  };
}

const SCENARIOS = {
  queue: 'workQueue first page (25), each client its own collector',
  dashboardSupervisor: 'collectionsDashboard, 30 days, supervisor (all accounts)',
  dashboardCollector: 'collectionsDashboard, 30 days, collector (own book)',
  payment: `postPayment (${SHARED_ACCOUNT_CLIENTS} clients on one account, the rest on distinct accounts)`,
} as const;
type ScenarioKey = keyof typeof SCENARIOS;
const TARGETS: Record<ScenarioKey, number> = { queue: 100, dashboardSupervisor: 200, dashboardCollector: 200, payment: 50 };

interface Row {
  readonly backend: string;
  readonly scenario: ScenarioKey;
  readonly path: 'server' | 'floor';
  readonly clients: number;
  readonly result: LoadResult;
  readonly cpuMs: number | null;
}

/** Captures the services' statements for the floor, from the load generator's own connection to the seeded schema. */
async function captureFloor(url: string, schema: string, o: Options): Promise<{ queue: Statement[][]; supervisor: Statement[]; collector: Statement[][]; payments: Map<number, Statement[]> }> {
  const db = await openPostgresDatabase(url, schema, 2);
  try {
    const queue: Statement[][] = [];
    for (let i = 0; i < o.queueClients; i++) {
      const into: Statement[] = [];
      const page = await workQueue({ db: recording(db, into), clock: systemClock, tokenSecret: 'floor' }, { sub: collectorSub(i), name: `desk-collector-${i}`, supervisor: false }, { limit: QUEUE_PAGE });
      if (page.items.length !== QUEUE_PAGE) throw new Error(`collector ${i}'s queue has ${page.items.length} items`);
      queue.push(into);
    }
    const supervisor: Statement[] = [];
    await new DashboardService({ db: recording(db, supervisor), clock: systemClock }).dashboard({ kind: 'all', clientNumber: null }, daysAgo(29), today());
    const collector: Statement[][] = [];
    for (let i = 0; i < Math.max(o.dashboardClients, 1); i++) {
      const into: Statement[] = [];
      await new DashboardService({ db: recording(db, into), clock: systemClock }).dashboard({ kind: 'assigned', collector: collectorSub(i), clientNumber: null }, daysAgo(29), today());
      collector.push(into);
    }
    const payments = new Map<number, Statement[]>();
    for (const n of [HOT_ACCOUNT, ...paymentAccounts(o.accounts)]) {
      const into: Statement[] = [];
      const service = new PaymentService({ db: rollingBack(db, into), clock: systemClock });
      await service.postPayment({ sub: collectorSub(0), name: 'desk-collector-0' }, { accountId: deskAccountId(n), amountCents: 500, paymentDate: today(), method: 'card', clientReference: randomUUID() });
      payments.set(n, into);
    }
    return { queue, supervisor, collector, payments };
  } finally {
    await db.close();
  }
}

function floorOperations(pool: pg.Pool, captured: Awaited<ReturnType<typeof captureFloor>>, o: Options): Record<ScenarioKey, Operation> {
  const accounts = paymentAccounts(o.accounts);
  return {
    queue: async (i) => (await runSequential(pool, captured.queue[i % captured.queue.length] ?? [])) > 0,
    dashboardSupervisor: async () => (await runParallel(pool, captured.supervisor)) > 0,
    dashboardCollector: async (i) => (await runParallel(pool, captured.collector[i % captured.collector.length] ?? [])) > 0,
    payment: async (i) => {
      await replayTransaction(pool, captured.payments.get(paymentTarget(i, o.paymentClients, accounts)) ?? []);
      return true;
    },
  };
}

const fmt = (n: number): string => n.toFixed(n >= 100 ? 0 : 1);

/** Runs the desk bench and rewrites its section of docs/benchmarks.md. */
export async function run(args: readonly string[] = []): Promise<void> {
  const o = parseOptions(args);
  const rows: Row[] = [];
  const notes: string[] = [];
  const log = (line: string): void => console.log(line);
  const clientsOf = (s: ScenarioKey): number => (s === 'queue' ? o.queueClients : s === 'payment' ? o.paymentClients : s === 'dashboardSupervisor' ? o.supervisorClients : o.dashboardClients);
  const wanted = (Object.keys(SCENARIOS) as ScenarioKey[]).filter((s) => o.scenarios.includes(s.startsWith('dashboard') ? 'dashboard' : s));
  const measure = async (backend: string, scenario: ScenarioKey, which: Row['path'], op: Operation, clients: number, child?: BenchChild<unknown>): Promise<void> => {
    // A supervisor's dashboard reads every account: it takes seconds, so it gets a longer window.
    const seconds = scenario === 'dashboardSupervisor' ? Math.max(o.seconds, o.supervisorSeconds) : o.seconds;
    const cpuBefore = (await child?.cpuMs()) ?? 0;
    const result = await runLoad(op, clients, seconds, o.warmup);
    const cpuAfter = (await child?.cpuMs()) ?? 0;
    const served = result.requests * ((seconds + o.warmup) / seconds);
    const cpuMs = child === undefined || served === 0 ? null : (cpuAfter - cpuBefore) / served;
    log(`${backend.padEnd(8)} ${which.padEnd(6)} ${scenario.padEnd(20)} ${clients} clients ${result.rps.toFixed(1).padStart(7)} req/s  p50 ${result.p50.toFixed(1)}  p95 ${result.p95.toFixed(1)}  p99 ${result.p99.toFixed(1)} ms  server CPU ${cpuMs === null ? '-' : cpuMs.toFixed(2)} ms/req  errors ${result.errors}`);
    rows.push({ backend, scenario, path: which, clients, result, cpuMs });
  };
  let pgVersion = '';
  const seedNote = (store: string, size: DeskSeedSize, seed: DeskSeedOutcome): string =>
    `${store}: ${size.accounts.toLocaleString('en-US')} accounts over ${size.collectors} collectors and ${size.clients} clients, as many debtors, ${(size.accounts * size.transactionsPerAccount).toLocaleString('en-US')} transactions, ${Math.round(size.accounts * size.promiseShare).toLocaleString('en-US')} promises, contact attempts on a third of the accounts; ${seed.reused ? `reused (seeded on ${seed.seededOn} in ${seed.seconds.toFixed(0)} s)` : `seeded in ${seed.seconds.toFixed(0)} s`}.`;

  if (o.backends.includes('postgres')) {
    const size: DeskSeedSize = { accounts: o.accounts, collectors: o.collectors, clients: o.clients, transactionsPerAccount: o.transactions, promiseShare: o.promiseShare };
    const schema = o.schema ?? `desk_${randomBytes(4).toString('hex')}`;
    const db = await openPostgresDatabase(o.postgresUrl, schema, 4);
    try {
      pgVersion = String((await db.query<{ v: string }>("SELECT current_setting('server_version') AS v"))[0]?.v ?? '');
      await migrate(db);
      log(`PostgreSQL schema ${schema}: seeding ${size.accounts} accounts unless already seeded…`);
      notes.push(seedNote(`PostgreSQL (schema ${o.schema === null ? 'fresh, dropped after' : schema})`, size, await seedDeskOnce(db, size, log)));
      const request: DeskServerRequest = { backend: 'postgres', postgresUrl: o.postgresUrl, schema, pgliteDir: '', size, poolSize: o.poolSize, signedIn: Math.max(o.queueClients, o.paymentClients, o.dashboardClients) };
      const server = await startBenchChild<DeskServerReady>('desk-bench-server.ts', request);
      const captured = await captureFloor(o.postgresUrl, schema, o);
      const pool = new pg.Pool({ connectionString: o.postgresUrl, max: o.poolSize, options: `-c search_path="${schema}"` });
      const viaServer = serverOperations(server.ready, o, o.accounts);
      const floor = floorOperations(pool, captured, o);
      // Server and floor alternate scenario by scenario, so both see the same moment of the shared machine.
      for (const scenario of wanted) {
        await measure('postgres', scenario, 'server', viaServer[scenario], clientsOf(scenario), server);
        await measure('postgres', scenario, 'floor', floor[scenario], clientsOf(scenario));
      }
      await pool.end();
      await server.stop();
    } finally {
      if (o.schema === null) await db.exec(`DROP SCHEMA "${schema}" CASCADE`).catch(() => undefined);
      await db.close();
    }
  }

  if (o.backends.includes('pglite')) {
    const size: DeskSeedSize = { accounts: o.pgliteAccounts, collectors: o.collectors, clients: o.clients, transactionsPerAccount: o.transactions, promiseShare: o.promiseShare };
    const dir = o.pgliteDir ?? (await mkdtemp(path.join(os.tmpdir(), 'steward-desk-pglite-')));
    try {
      log(`PGlite in ${dir}: seeding ${size.accounts} accounts unless already seeded…`);
      const request: DeskServerRequest = { backend: 'pglite', postgresUrl: '', schema: '', pgliteDir: dir, size, poolSize: 1, signedIn: Math.max(o.pgliteClients, 2) };
      const server = await startBenchChild<DeskServerReady>('desk-bench-server.ts', request);
      if (server.ready.seed !== null) notes.push(seedNote('PGlite (on disk, in the server process)', size, server.ready.seed));
      const viaServer = serverOperations(server.ready, { queueClients: o.pgliteClients, paymentClients: o.pgliteClients }, size.accounts);
      for (const scenario of wanted) await measure('pglite', scenario, 'server', viaServer[scenario], scenario === 'dashboardSupervisor' ? 1 : o.pgliteClients, server);
      await server.stop();
    } finally {
      if (o.pgliteDir === null) await rm(dir, { recursive: true, force: true });
    }
  }

  const floorOf = (r: Row): LoadResult | undefined => rows.find((f) => f.backend === r.backend && f.scenario === r.scenario && f.path === 'floor')?.result;
  const table = [
    '| Database | Operation | Path | Clients | Requests/s | p50 (ms) | p95 (ms) | p99 (ms) | Server CPU (ms/req) | Errors | p95 target | Server p95 / floor p95 | Server req/s / floor req/s |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
    ...rows.map((r) => {
      const floor = r.path === 'server' ? floorOf(r) : undefined;
      const target = TARGETS[r.scenario];
      return `| ${[
        r.backend,
        SCENARIOS[r.scenario],
        r.path === 'server' ? 'server (HTTP, GraphQL, token)' : 'raw-SQL floor (`pg`)',
        String(r.clients),
        r.result.rps.toFixed(1),
        fmt(r.result.p50),
        fmt(r.result.p95),
        fmt(r.result.p99),
        r.cpuMs === null ? '–' : r.cpuMs.toFixed(2),
        String(r.result.errors),
        `≤ ${target}: ${r.result.p95 <= target ? 'met' : 'missed'}`,
        floor === undefined ? '' : `${(r.result.p95 / floor.p95).toFixed(2)}x`,
        floor === undefined ? '' : `${(r.result.rps / floor.rps).toFixed(2)}x`,
      ].join(' | ')} |`;
    }),
  ];
  const machine = `${os.cpus().length} cores (shared), ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}${pgVersion === '' ? '' : `, PostgreSQL ${pgVersion}`}`;
  const body = [
    `The collector's desk through the real server over HTTP (buildApp; each request carries a real access token verified by the pool's token service; collectors are staff users, the supervisor is in the ${'`Supervisors`'} group), closed loop, ${o.warmup} s warm-up then ${o.seconds} s measured per row (${Math.max(o.seconds, o.supervisorSeconds)} s for the supervisor's dashboard), each row beside a raw-SQL floor measured right after it. Targets (issue 22): work queue first page p95 ≤ 100 ms at 8 collectors at once; dashboard aggregates p95 ≤ 200 ms; postPayment p95 ≤ 50 ms at 8 concurrent.`,
    '',
    `Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    ...table,
    '',
    ...notes.map((n) => `- ${n}`),
    '- **raw-SQL floor**: the statements the services send, captured by running the service once in the load generator over a recording adapter (bench/desk-floor.ts), replayed through a `pg` pool of the same size as the server\'s: the queue\'s tier statements, its capped count, the rule set, debtors and attempts of the page, one after another; the dashboard\'s six aggregates at once (as the service runs them); the posting\'s statements in one transaction with fresh ids and reference (captured in a rolled-back transaction per account). No HTTP, GraphQL, token or JavaScript between statements.',
    `- postPayment: ${o.paymentClients - SHARED_ACCOUNT_CLIENTS} clients post to ${PAYMENT_ACCOUNTS - 1} accounts spread over the seed, ${SHARED_ACCOUNT_CLIENTS} to one shared account (its row lock serializes them); every posting is a new clientReference (no duplicates), 1–9.99 dollars.`,
    '- PGlite is one connection in the server process: its rows run at fewer clients and without a floor of their own (a floor would share the server\'s single connection).',
    `- Run: \`pnpm --filter @steward/server bench desk ${args.join(' ')}\`.`,
  ].join('\n');
  console.log(`\n${HEADING}\n\n${body}\n`);
  if (process.env.BENCH_NO_DOC === undefined) await writeBenchmarkSection(HEADING, body);
}
