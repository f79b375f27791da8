// `pnpm --filter @steward/server bench audit [seconds=8] [warmup=2] [rounds=2] [databases=postgres,pglite]`:
// what the audit trail costs a posting (postPayment) and a GraphQL write (updateTicketMdl), with the
// trail on and off side by side (alternating runs of the same server build, each on a fresh store),
// closed loop over HTTP with a real access token; medians and p95 of every request of every run.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AuditServerReady, AuditServerRequest } from './audit-bench-server.js';
import { writeBenchmarkSection } from './benchmarks-doc.js';
import { startBenchChild } from './graphql-child.js';
import { postJson } from './graphql-load.js';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Backend = 'postgres' | 'pglite';
type Mode = 'off' | 'on';
type Op = 'postPayment' | 'updateTicketMdl';

interface Options {
  seconds: number;
  warmup: number;
  rounds: number;
  databases: Backend[];
}

function options(args: readonly string[]): Options {
  const get = (name: string): string | undefined => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
  return {
    seconds: Number(get('seconds') ?? 8),
    warmup: Number(get('warmup') ?? 2),
    rounds: Number(get('rounds') ?? 2),
    databases: (get('databases') ?? 'postgres,pglite').split(',').filter((d): d is Backend => d === 'postgres' || d === 'pglite'),
  };
}

/** Clients of the closed loop: PGlite is one connection in the server process. */
const CLIENTS: Record<Backend, number> = { postgres: 8, pglite: 2 };

const POST_PAYMENT = `mutation ($input: PostPaymentInput!) { postPayment(input: $input) { transactionId duplicate } }`;
const UPDATE_TICKET = `mutation ($input: UpdateTicketMdlInput!) { updateTicketMdl(input: $input) { id } }`;

/** Runs `operation` from `clients` loops: `warmup` seconds unrecorded, then `seconds`; returns every latency (ms) and the errors. */
async function closedLoop(operation: (client: number, n: number) => Promise<boolean>, clients: number, seconds: number, warmup: number): Promise<{ latencies: number[]; errors: number }> {
  const warmEnd = performance.now() + warmup * 1000;
  const end = warmEnd + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (;;) {
        const start = performance.now();
        if (start >= end) return;
        const ok = await operation(client, sent++).catch(() => false);
        if (start >= warmEnd) {
          latencies.push(performance.now() - start);
          if (!ok) errors += 1;
        }
      }
    }),
  );
  return { latencies, errors };
}

const median = (sorted: readonly number[]): number => sorted[Math.floor(sorted.length / 2)] ?? 0;
const p95 = (sorted: readonly number[]): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;

interface Sample {
  latencies: number[];
  errors: number;
  seconds: number;
}

/** Size of audit_log with its indexes per row, on PostgreSQL (bytes), after a run with the trail on. */
async function auditRowBytes(schema: string): Promise<{ rows: number; bytes: number } | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await client.query(`SET search_path = "${schema}"`);
    await client.query('ANALYZE audit_log');
    const { rows } = await client.query<{ n: string; bytes: string }>(`SELECT count(*)::text AS n, pg_total_relation_size('audit_log')::text AS bytes FROM audit_log`);
    const n = Number(rows[0]?.n ?? 0);
    return n === 0 ? undefined : { rows: n, bytes: Number(rows[0]?.bytes ?? 0) / n };
  } finally {
    await client.end();
  }
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => client.end());
}

/** Runs the benchmark and rewrites its section of docs/benchmarks.md. */
export async function run(args: readonly string[]): Promise<void> {
  const o = options(args);
  const samples = new Map<string, Sample[]>();
  const sizes: { rows: number; bytes: number }[] = [];
  const today = new Date().toISOString().slice(0, 10);
  for (let round = 0; round < o.rounds; round++) {
    for (const backend of o.databases) {
      // Alternate the order between rounds, so neither mode always runs on a warmer machine.
      for (const mode of (round % 2 === 0 ? ['off', 'on'] : ['on', 'off']) as Mode[]) {
        const schema = `audit_bench_${randomBytes(4).toString('hex')}`;
        const dir = backend === 'pglite' ? await mkdtemp(path.join(os.tmpdir(), 'steward-audit-bench-')) : '';
        const clients = CLIENTS[backend];
        const request: AuditServerRequest = { backend, postgresUrl: POSTGRES_URL, schema, pgliteDir: dir, audit: mode, accounts: clients };
        const child = await startBenchChild<AuditServerReady>('audit-bench-server.ts', request);
        const { port, token, accountIds, ticketIds } = child.ready;
        const headers = { authorization: token };
        try {
          const posting = await closedLoop(
            async (client, n) => {
              const body = JSON.stringify({ query: POST_PAYMENT, variables: { input: { accountId: accountIds[client], amountCents: 100 + (n % 900), paymentDate: today, method: 'card', clientReference: `bench-${round}-${n}` } } });
              const answer = (await postJson(port, '/graphql', headers, body)) as { errors?: unknown };
              return answer.errors === undefined;
            },
            clients,
            o.seconds,
            o.warmup,
          );
          const update = await closedLoop(
            async (client, n) => {
              const body = JSON.stringify({ query: UPDATE_TICKET, variables: { input: { id: ticketIds[client], priority: n % 2 === 0 ? 'high' : 'low', description: `run ${n}` } } });
              const answer = (await postJson(port, '/graphql', headers, body)) as { errors?: unknown };
              return answer.errors === undefined;
            },
            clients,
            o.seconds,
            o.warmup,
          );
          for (const [op, sample] of [['postPayment', posting], ['updateTicketMdl', update]] as const) {
            const key = `${backend}|${op}|${mode}`;
            samples.set(key, [...(samples.get(key) ?? []), { ...sample, seconds: o.seconds }]);
          }
          console.log(`audit bench ${backend} round ${round + 1} trail ${mode}: postPayment ${(posting.latencies.length / o.seconds).toFixed(1)}/s, updateTicketMdl ${(update.latencies.length / o.seconds).toFixed(1)}/s`);
        } finally {
          await child.stop();
          if (backend === 'postgres' && mode === 'on') {
            const size = await auditRowBytes(schema);
            if (size !== undefined) sizes.push(size);
          }
          if (backend === 'postgres') await dropSchema(schema);
          else await rm(dir, { recursive: true, force: true });
        }
      }
    }
  }

  const rows: string[] = [];
  for (const backend of o.databases) {
    for (const op of ['postPayment', 'updateTicketMdl'] as Op[]) {
      const of = (mode: Mode) => {
        const all = samples.get(`${backend}|${op}|${mode}`) ?? [];
        const latencies = all.flatMap((s) => s.latencies).sort((a, b) => a - b);
        const seconds = all.reduce((sum, s) => sum + s.seconds, 0);
        return { median: median(latencies), p95: p95(latencies), rps: seconds === 0 ? 0 : latencies.length / seconds, errors: all.reduce((sum, s) => sum + s.errors, 0), n: latencies.length };
      };
      const off = of('off');
      const on = of('on');
      const ratio = (a: number, b: number): string => (b === 0 ? '–' : `${(a / b).toFixed(2)}x`);
      rows.push(
        `| ${backend} | ${op} | ${CLIENTS[backend]} | ${off.median.toFixed(1)} | ${on.median.toFixed(1)} | ${ratio(on.median, off.median)} | ${off.p95.toFixed(1)} | ${on.p95.toFixed(1)} | ${off.rps.toFixed(1)} | ${on.rps.toFixed(1)} | ${ratio(on.rps, off.rps)} | ${off.errors + on.errors} |`,
      );
    }
  }
  const machine = `${os.cpus().length} cores (shared), ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const size = sizes.length === 0 ? '' : `${Math.round(sizes.reduce((s, x) => s + x.bytes, 0) / sizes.length)} bytes per row with its indexes (PostgreSQL, ${sizes.reduce((s, x) => s + x.rows, 0)} rows of postings and updates)`;
  const body = [
    `What the audit trail costs a write: the same server build with the trail on and off (\`buildApp({ auditTrail: 'off' })\`, for benchmarks only), alternating runs, each on a fresh store; closed loop over HTTP (GraphQL, a real access token), ${o.warmup} s warm-up then ${o.seconds} s measured per run, ${o.rounds} run(s) per mode; medians and p95 over every request of every run.`,
    '',
    `Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Load average at the start: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}.`,
    '',
    '| Database | Write | Clients | median off (ms) | median on (ms) | on / off | p95 off (ms) | p95 on (ms) | req/s off | req/s on | on / off | Errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    '- **postPayment**: each client posts to its own account (no row-lock contention between clients), so what the on/off difference shows is the audit rows (two per posting: the transaction and the account\'s balances) and the chain head\'s lock, which makes audited commits on PostgreSQL go one at a time.',
    '- **updateTicketMdl**: each client updates its own ticket; audited, the update reads the values before in the same statement (`UPDATE … FROM (SELECT … FOR UPDATE)`) and runs in a transaction with the append (BEGIN, the UPDATE, then `audit_append` and COMMIT in one message: two more round trips than the single UPDATE without the trail).',
    `- ${size === '' ? 'Row size: not measured (no PostgreSQL run).' : `Size: ${size}.`}`,
    `- Run: \`pnpm --filter @steward/server bench audit seconds=${o.seconds} warmup=${o.warmup} rounds=${o.rounds} databases=${o.databases.join(',')}\`.`,
  ].join('\n');
  console.log(body);
  await writeBenchmarkSection('## audit trail', body);
}
