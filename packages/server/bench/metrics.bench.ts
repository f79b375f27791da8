// What the metrics cost a request: GraphQL reads over HTTP (the data API's commonest request, a
// page of 20 accounts as the demo admin) against two real servers side by side, METRICS_ENABLED off
// and on. Each client sends its reads to the two in turn, so the load of a shared machine (it moves
// throughput by half from one run to the next) falls on both alike; medians of each server's
// latencies, per round and over the rounds. Beside it, the in-process cost of one observation.
// `pnpm --filter @steward/server bench metrics [seconds=3] [warmup=1] [clients=1,8] [rounds=20] [backend=postgres|pglite]`
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { openPgliteDatabase } from '../src/db/pglite-database.js';
import { PrometheusMetrics } from '../src/metrics/prometheus-metrics.js';
import { systemClock } from '../src/time/clock.js';
import { parseExposition, valueOf } from '../test/metrics/exposition.js';
import { writeBenchmarkSection } from './benchmarks-doc.js';
import { startBenchChild, type BenchChild } from './graphql-child.js';
import { postJson } from './graphql-load.js';
import type { MetricsServerReady, MetricsServerRequest } from './metrics-bench-server.js';

const HEADING = '## server: metrics overhead';
const QUERY = '{ listAccountMdls(limit: 20) { items { id fileNumber accountStatus } } }';

interface Options {
  readonly seconds: number;
  readonly warmup: number;
  readonly clients: readonly number[];
  readonly rounds: number;
  readonly backend: 'postgres' | 'pglite';
  readonly postgresUrl: string;
}

function parseOptions(args: readonly string[]): Options {
  const get = (name: string): string | undefined => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
  return {
    seconds: Number(get('seconds') ?? 3),
    warmup: Number(get('warmup') ?? 1),
    clients: (get('clients') ?? '1,8').split(',').map(Number),
    rounds: Number(get('rounds') ?? 20),
    backend: get('backend') === 'pglite' ? 'pglite' : 'postgres',
    postgresUrl: get('postgres') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
}

/** One mode's share of an interleaved run. */
interface Run {
  readonly requests: number;
  readonly errors: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** Server CPU (user + system) per request, µs. */
  readonly cpuUs: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

type Mode = 'off' | 'on';

/**
 * `clients` closed-loop clients, each sending its reads to the two servers in turn (off, on, off…;
 * every other client starts with on), for `seconds` after a warm-up: whatever else the machine does
 * at a moment falls on both servers alike.
 */
async function measureInterleaved(children: Record<Mode, BenchChild<MetricsServerReady>>, clients: number, options: Options): Promise<Record<Mode, Run>> {
  const body = JSON.stringify({ query: QUERY });
  const read = async (mode: Mode): Promise<boolean> => {
    const child = children[mode];
    const answer = (await postJson(child.ready.port, '/graphql', { authorization: child.ready.token }, body)) as { data?: { listAccountMdls?: { items?: unknown[] } } };
    return (answer.data?.listAccountMdls?.items?.length ?? 0) > 0;
  };
  const loop = async (seconds: number, record: boolean): Promise<Record<Mode, { latencies: number[]; errors: number }>> => {
    const seen: Record<Mode, { latencies: number[]; errors: number }> = { off: { latencies: [], errors: 0 }, on: { latencies: [], errors: 0 } };
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let i = client % 2; performance.now() < end; i++) {
          const mode: Mode = i % 2 === 0 ? 'off' : 'on';
          const start = performance.now();
          const ok = await read(mode).catch(() => false);
          if (!record) continue;
          seen[mode].latencies.push(performance.now() - start);
          if (!ok) seen[mode].errors += 1;
        }
      }),
    );
    return seen;
  };
  await loop(options.warmup, false);
  const cpuBefore = { off: await children.off.cpuMs(), on: await children.on.cpuMs() };
  const seen = await loop(options.seconds, true);
  const cpuAfter = { off: await children.off.cpuMs(), on: await children.on.cpuMs() };
  const result = (mode: Mode): Run => {
    const sorted = [...seen[mode].latencies].sort((a, b) => a - b);
    return {
      requests: sorted.length,
      errors: seen[mode].errors,
      rps: sorted.length / options.seconds,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      cpuUs: ((cpuAfter[mode] - cpuBefore[mode]) * 1000) / Math.max(1, sorted.length),
    };
  };
  return { off: result('off'), on: result('on') };
}

/** µs per call of metrics.request() with a GraphQL read's labels (median of 5 batches of 200 000). */
async function observationCost(): Promise<number> {
  const db = await openPgliteDatabase('memory://');
  try {
    const metrics = new PrometheusMetrics({ db, clock: systemClock });
    const batches: number[] = [];
    for (let batch = 0; batch < 6; batch++) {
      const calls = 200_000;
      const start = process.hrtime.bigint();
      for (let i = 0; i < calls; i++) metrics.request({ listener: 'app', method: 'POST', route: '/graphql', operation: 'listAccountMdls', status: 200, seconds: 0.0021 });
      if (batch > 0) batches.push(Number(process.hrtime.bigint() - start) / 1000 / calls);
    }
    return median(batches);
  } finally {
    await db.close();
  }
}

async function dropSchemas(url: string, schemas: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return String((await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '');
  } finally {
    await client.end();
  }
}

const fmt = (n: number, digits = 1): string => n.toFixed(digits);

/** Runs the benchmark and rewrites its section of docs/benchmarks.md. */
export async function run(args: readonly string[]): Promise<void> {
  const options = parseOptions(args);
  const suffix = randomBytes(4).toString('hex');
  const schemas = { off: `bench_metrics_off_${suffix}`, on: `bench_metrics_on_${suffix}` };
  const request = (metrics: boolean): MetricsServerRequest =>
    options.backend === 'postgres' ? { metrics, postgresUrl: options.postgresUrl, schema: metrics ? schemas.on : schemas.off } : { metrics };
  const off = await startBenchChild<MetricsServerReady>('metrics-bench-server.ts', request(false));
  const on = await startBenchChild<MetricsServerReady>('metrics-bench-server.ts', request(true));
  const rows: string[] = [];
  const verdicts: string[] = [];
  let sentToOn = 0;
  try {
    for (const clients of options.clients) {
      const runs: Record<Mode, Run[]> = { off: [], on: [] };
      for (let round = 0; round < options.rounds; round++) {
        const result = await measureInterleaved({ off, on }, clients, options);
        for (const mode of ['off', 'on'] as const) {
          runs[mode].push(result[mode]);
          const r = result[mode];
          console.log(`metrics ${mode}, ${clients} clients, round ${round + 1}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50, 3)} ms, p99 ${fmt(r.p99, 2)} ms, ${fmt(r.cpuUs, 0)} µs CPU/request, ${r.errors} errors`);
        }
        sentToOn += result.on.requests;
      }
      const summary = (mode: Mode) => ({
        rps: median(runs[mode].map((r) => r.rps)),
        p50: median(runs[mode].map((r) => r.p50)),
        p99: median(runs[mode].map((r) => r.p99)),
        cpuUs: median(runs[mode].map((r) => r.cpuUs)),
        errors: runs[mode].reduce((sum, r) => sum + r.errors, 0),
      });
      const [a, b] = [summary('off'), summary('on')];
      rows.push(`| ${clients} | off | ${fmt(a.p50, 3)} | ${fmt(a.p99, 2)} | ${fmt(a.rps)} | ${fmt(a.cpuUs, 0)} | ${a.errors} |`);
      rows.push(`| ${clients} | on | ${fmt(b.p50, 3)} | ${fmt(b.p99, 2)} | ${fmt(b.rps)} | ${fmt(b.cpuUs, 0)} | ${b.errors} |`);
      // Both servers ran through the same seconds of each round: the per-round differences are the fair comparison.
      const p50Deltas = runs.on.map((r, i) => (r.p50 - (runs.off[i]?.p50 ?? 0)) * 1000);
      const cpuDeltas = runs.on.map((r, i) => r.cpuUs - (runs.off[i]?.cpuUs ?? 0));
      const signed = (n: number, digits = 0): string => `${n >= 0 ? '+' : ''}${fmt(n, digits)}`;
      verdicts.push(
        `- ${clients} client${clients === 1 ? '' : 's'}, on − off, median of the per-round differences: server CPU per request ${signed(median(cpuDeltas))} µs (${signed((median(cpuDeltas) / a.cpuUs) * 100, 1)} % of off's ${fmt(a.cpuUs, 0)} µs; rounds where on cost more: ${cpuDeltas.filter((d) => d > 0).length} of ${cpuDeltas.length}); p50 ${signed(median(p50Deltas))} µs (per round from ${fmt(Math.min(...p50Deltas), 0)} to ${signed(Math.max(...p50Deltas))} µs).`,
      );
    }
    // What each server costs doing nothing (timers, the event-loop monitor, GC observation), over an idle spell.
    const idleSeconds = 5;
    const idleBefore = { off: await off.cpuMs(), on: await on.cpuMs() };
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const idleAfter = { off: await off.cpuMs(), on: await on.cpuMs() };
    const idle = (mode: Mode): number => (idleAfter[mode] - idleBefore[mode]) / idleSeconds;
    verdicts.push(`- Idle, no request for ${idleSeconds} s: ${fmt(idle('off'), 2)} ms of CPU per second with the metrics off, ${fmt(idle('on'), 2)} ms with them on (the event-loop delay monitor wakes the process every 20 ms).`);
    // The "on" server really counted every read it answered (and the warm-ups): the metrics were live.
    const scraped = parseExposition(await (await fetch(`${on.ready.metricsUrl ?? ''}/metrics`)).text());
    const counted = valueOf(scraped, 'steward_http_request_duration_seconds_count', { listener: 'app', method: 'POST', route: '/graphql', operation: 'listAccountMdls', status: '200' });
    verdicts.push(`- The "on" server's scrape counted ${counted} GraphQL reads of listAccountMdls with status 200 (${sentToOn} measured plus the warm-ups): every request observed.`);
  } finally {
    await on.stop();
    await off.stop();
    if (options.backend === 'postgres') await dropSchemas(options.postgresUrl, [schemas.off, schemas.on]);
  }
  const observation = await observationCost();
  const pgVersion = options.backend === 'postgres' ? await postgresVersion(options.postgresUrl) : '';
  const machine = `${os.cpus().length} cores (shared with other work), ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}${pgVersion === '' ? '' : `, PostgreSQL ${pgVersion}`}`;
  const body = [
    `GraphQL reads over HTTP (\`${QUERY}\` as the demo admin, keep-alive connections, closed-loop clients) against two server processes started side by side by \`startServer\` on ${options.backend === 'postgres' ? 'PostgreSQL (a schema each, demo data)' : 'in-memory PGlite (demo data)'}: METRICS_ENABLED=false and METRICS_ENABLED=true (request histogram hook, sign-in and grant counters, default Node metrics with the event-loop monitor). Each closed-loop client sends its reads to the two servers in turn (off, on, off, …), so whatever else the shared machine does at a moment falls on both alike. ${options.rounds} rounds of ${options.seconds} s per client count, each after ${options.warmup} s of warm-up; the table gives the medians over the rounds. Server CPU is process.cpuUsage() of each child (user + system) over the round, per request it answered. No scrape runs during the measurement.`,
    '',
    `Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    '| Clients | Metrics | p50 (ms) | p99 (ms) | Requests/s to this server | Server CPU per request (µs) | Errors |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    ...verdicts,
    "- How to read it: the machine's load moves a server's CPU per request by half from one round to the next, so compare the two servers round by round (the lines above), not the medians of the table. With 8 clients a request mostly queues behind other work on the two shared cores: its latency gap is the machine's more than the metrics'.",
    `- One request observation in-process (\`metrics.request()\` with a GraphQL read's labels: the label hash and the histogram's bucket search), measured apart: ${fmt(observation, 2)} µs per call. The hook around it adds reading the route pattern, Fastify's elapsed time and the root field the executor noted.`,
    `- Run: \`pnpm --filter @steward/server bench metrics seconds=${options.seconds} warmup=${options.warmup} clients=${options.clients.join(',')} rounds=${options.rounds} backend=${options.backend}\`.`,
  ].join('\n');
  console.log(`\n${HEADING}\n\n${body}`);
  if (process.env.BENCH_NO_DOC === undefined) await writeBenchmarkSection(HEADING, body);
}
