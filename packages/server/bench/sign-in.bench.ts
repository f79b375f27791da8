// Sign-in throughput: complete sign-ins (USER_SRP_AUTH → PASSWORD_VERIFIER → SOFTWARE_TOKEN_MFA
// → tokens, three HTTP round trips) per second with 1, 8 and 32 concurrent clients, the server's
// CPU per sign-in (process.cpuUsage of the server child around each run), and beside it the cost
// of one 3072-bit modular exponentiation in OpenSSL and in plain BigInt, measured in this run; then the
// same load against the floor (bench/sign-in-floor-server.ts), what the protocol alone costs here.
// `pnpm --filter @steward/server bench sign-in [seconds=10] [warmup=2] [clients=1,8,32] [backends=postgres,pglite] [users=20000] [floor=memory,postgres,sealed|none]`
import { fork, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SRP_N,
  bytesToBigInt,
  computeClaimSignature,
  computePasswordAuthenticationKey,
  computeClientEphemeral,
  formatCognitoTimestamp,
  modPowSquareMultiply,
  poolNameFromUserPoolId,
} from '@steward/auth-core/srp';
import pg from 'pg';
import { createOpenSslModPowEngine } from '../src/srp/openssl-mod-pow.js';
import { signRs256Jwt } from '../src/tokens/jwt-sign.js';
import { totpCode, totpStep } from '../src/user-pool/auth/totp/totp.js';
import type { FloorServerRequest } from './sign-in-floor-server.js';
import type { BenchUser, SignInServerReady, SignInServerRequest } from './sign-in-server.js';
import { writeBenchmarkSection } from './benchmarks-doc.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const HEADING = '## server: sign-in throughput';
/** The password of every bench user. */
export const PASSWORD = 'Bench-Passw0rd!';

interface Options {
  readonly seconds: number;
  readonly warmup: number;
  readonly clients: readonly number[];
  readonly backends: readonly ('postgres' | 'pglite')[];
  readonly users: number;
  readonly postgresUrl: string;
  /** Floor servers to run beside the real one (bench/sign-in-floor-server.ts). */
  readonly floors: readonly FloorServerRequest['store'][];
}

function parseOptions(args: readonly string[]): Options {
  const get = (name: string): string | undefined => args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
  return {
    seconds: Number(get('seconds') ?? 10),
    warmup: Number(get('warmup') ?? 2),
    clients: (get('clients') ?? '1,8,32').split(',').map(Number),
    backends: (get('backends') ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[],
    users: Number(get('users') ?? 20000),
    postgresUrl: get('postgres') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    floors: (get('floor') ?? 'memory,postgres,sealed').split(',').filter((f): f is FloorServerRequest['store'] => f === 'memory' || f === 'postgres' || f === 'sealed'),
  };
}

// ---- the exponentiations beside which the server's CPU is shown ----

interface ExpCosts {
  readonly openssl256: number;
  readonly openssl1024: number;
  readonly bigint256: number;
  readonly bigint1024: number;
  /** One RS256 signature of an access-token-sized payload (2048-bit key, node:crypto). */
  readonly rs256: number;
}

function medianMs(fn: () => void, runs: number): number {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

function measureExponentiations(): ExpCosts {
  const engine = createOpenSslModPowEngine();
  const base = (bytesToBigInt(randomBytes(384)) % (SRP_N - 3n)) + 2n;
  const e256 = bytesToBigInt(randomBytes(32)) | (1n << 255n);
  const e1024 = bytesToBigInt(randomBytes(128)) | (1n << 1023n);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const claims = { sub: randomUUID(), iss: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Bench', client_id: 'c'.repeat(26), origin_jti: randomUUID(), token_use: 'access', scope: 'aws.cognito.signin.user.admin', auth_time: 1, exp: 2, iat: 1, jti: randomUUID(), username: 'bench-1' };
  return {
    openssl256: medianMs(() => engine.modPow(base, e256, SRP_N), 200),
    openssl1024: medianMs(() => engine.modPow(base, e1024, SRP_N), 100),
    bigint256: medianMs(() => modPowSquareMultiply(base, e256, SRP_N), 20),
    bigint1024: medianMs(() => modPowSquareMultiply(base, e1024, SRP_N), 10),
    rs256: medianMs(() => signRs256Jwt({ alg: 'RS256', kid: 'k' }, claims, privateKey), 200),
  };
}

// ---- the server child ----

interface CpuSnapshot {
  readonly usage: NodeJS.CpuUsage;
  readonly calls: { openssl: number; bigint: number };
  readonly statements: number;
  readonly modPowMs: number;
}

/** A bench server child: the real server or a floor. */
export interface ServerHandle {
  readonly ready: SignInServerReady;
  cpu(): Promise<CpuSnapshot>;
  stop(): Promise<void>;
}

/** Forks a bench server child (the real server, or `script` sign-in-floor-server.ts) and waits until it listens. */
export async function startServer(request: SignInServerRequest | FloorServerRequest, script = 'sign-in-server.ts'): Promise<ServerHandle> {
  const child: ChildProcess = fork(path.join(here, script), [], { execArgv: ['--conditions=steward-source', '--import', 'tsx', ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), ...(process.env.BENCH_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`])], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await new Promise<SignInServerReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as SignInServerReady));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.send(request);
  });
  return {
    ready,
    cpu: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as CpuSnapshot));
        child.send('cpu');
      }),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

// ---- the load: closed-loop clients signing in ----

async function call(url: string, target: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` }, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${target}: ${String(json.__type)} ${String(json.message)}`);
  return json;
}

/** Hands out users with a TOTP time step they have not used yet (the server refuses a reused step). */
export class UserRotation {
  private next = 0;
  private readonly used = new Map<string, Set<bigint>>();
  constructor(private readonly users: readonly BenchUser[]) {}

  take(): { user: BenchUser; code: string } {
    for (let tries = 0; tries < this.users.length; tries++) {
      const user = this.users[this.next++ % this.users.length];
      if (user === undefined) continue;
      const now = new Date();
      const used = this.used.get(user.username) ?? new Set<bigint>();
      this.used.set(user.username, used);
      const step = totpStep(now);
      if (!used.has(step)) {
        used.add(step);
        return { user, code: totpCode(user.secret, now) };
      }
    }
    throw new Error('every bench user signed in during this time step; add users=');
  }
}

/** The client side of the SRP exchange uses OpenSSL too, so the load generator is not the bottleneck. */
const clientEngine = createOpenSslModPowEngine();

/** One complete sign-in (USER_SRP_AUTH → PASSWORD_VERIFIER → SOFTWARE_TOKEN_MFA); throws unless it ends with tokens. */
export async function signIn(url: string, clientId: string, poolName: string, rotation: UserRotation, wrong: { password?: string; code?: (right: string) => string } = {}): Promise<void> {
  const { user, code: rightCode } = rotation.take();
  const password = wrong.password ?? PASSWORD;
  const code = wrong.code?.(rightCode) ?? rightCode;
  // A 256-bit a, like the server's b: the load generator shares the two cores with the server, and a 1024-bit a
  // would triple its exponentiation work without changing anything the server does.
  const ephemeral = computeClientEphemeral(bytesToBigInt(randomBytes(32)) | 1n, { engine: clientEngine });
  const start = await call(url, 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: clientId, AuthParameters: { USERNAME: user.username, SRP_A: ephemeral.srpAHex } });
  const p = start.ChallengeParameters as Record<string, string>;
  // As Cognito clients do: the SRP identity is USER_ID_FOR_SRP (the user's sub), not the name typed.
  const userIdForSrp = p.USER_ID_FOR_SRP ?? user.username;
  const key = computePasswordAuthenticationKey({ poolName, username: userIdForSrp, password, saltHex: p.SALT ?? '', serverBHex: p.SRP_B ?? '', a: ephemeral.a, A: ephemeral.A, engine: clientEngine });
  const timestamp = formatCognitoTimestamp(new Date());
  const signature = computeClaimSignature({ key, poolName, userIdForSrp, secretBlockB64: p.SECRET_BLOCK ?? '', timestamp });
  const mfa = await call(url, 'RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: start.Session,
    ChallengeResponses: { USERNAME: userIdForSrp, PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK, TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature },
  });
  if (mfa.ChallengeName !== 'SOFTWARE_TOKEN_MFA') throw new Error(`expected SOFTWARE_TOKEN_MFA, got ${String(mfa.ChallengeName)}`);
  const done = await call(url, 'RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: 'SOFTWARE_TOKEN_MFA',
    Session: mfa.Session,
    ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code },
  });
  if (done.AuthenticationResult === undefined) throw new Error('no tokens');
}

interface LoadResult {
  readonly signIns: number;
  readonly errors: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly cpuMsPerSignIn: number;
  readonly userMsPerSignIn: number;
  readonly systemMsPerSignIn: number;
  readonly opensslCallsPerSignIn: number;
  readonly statementsPerSignIn: number;
  readonly modPowMsPerSignIn: number;
  readonly firstError?: string;
}

async function runLoad(server: ServerHandle, concurrency: number, seconds: number, warmup: number, rotation: UserRotation): Promise<LoadResult> {
  const url = `http://127.0.0.1:${server.ready.port}/`;
  const poolName = poolNameFromUserPoolId(server.ready.userPoolId);
  let phase: 'warmup' | 'measure' | 'done' = 'warmup';
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const worker = async (): Promise<void> => {
    while (phase !== 'done') {
      const started = performance.now();
      const counted = phase === 'measure';
      try {
        await signIn(url, server.ready.clientId, poolName, rotation);
        if (counted && phase === 'measure') latencies.push(performance.now() - started);
      } catch (error) {
        if (counted) errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  const workers = Array.from({ length: concurrency }, () => worker());
  await new Promise((r) => setTimeout(r, warmup * 1000));
  const before = await server.cpu();
  phase = 'measure';
  const startedAt = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const after = await server.cpu();
  const elapsed = (performance.now() - startedAt) / 1000;
  phase = 'done';
  await Promise.all(workers);
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  const cpuMs = (after.usage.user - before.usage.user + after.usage.system - before.usage.system) / 1000;
  return {
    signIns: n,
    errors,
    perSecond: n / elapsed,
    p50: latencies[Math.floor(n * 0.5)] ?? 0,
    p99: latencies[Math.min(n - 1, Math.floor(n * 0.99))] ?? 0,
    // Sign-ins finishing after the second snapshot are not counted; the cost per sign-in is CPU over completed ones.
    cpuMsPerSignIn: n === 0 ? 0 : cpuMs / n,
    userMsPerSignIn: n === 0 ? 0 : (after.usage.user - before.usage.user) / 1000 / n,
    systemMsPerSignIn: n === 0 ? 0 : (after.usage.system - before.usage.system) / 1000 / n,
    opensslCallsPerSignIn: n === 0 ? 0 : (after.calls.openssl - before.calls.openssl) / n,
    statementsPerSignIn: n === 0 ? 0 : (after.statements - before.statements) / n,
    modPowMsPerSignIn: n === 0 ? 0 : (after.modPowMs - before.modPowMs) / n,
    ...(firstError !== undefined ? { firstError } : {}),
  };
}

// ---- report ----

/** Where each floor keeps the state between the three requests. */
const FLOOR_STATE: Record<FloorServerRequest['store'], string> = {
  memory: 'process memory',
  postgres: 'PostgreSQL',
  sealed: 'PostgreSQL, sessions sealed in the Session string',
};

type FloorRow = { store: FloorServerRequest['store']; clients: number; result: LoadResult };
type RealRow = { backend: string; clients: number; result: LoadResult };

/** The floor's table and verdict: what the protocol alone costs on this machine, and the real server against it. */
function floorSection(floorRows: readonly FloorRow[], rows: readonly RealRow[], performed: number, rs256: number): string[] {
  if (floorRows.length === 0) return [];
  const real = (clients: number): LoadResult | undefined => rows.find((r) => r.backend === 'postgres' && r.clients === clients)?.result;
  const table = [
    '| Floor server | Its state in | Clients | Sign-ins/s | Server CPU per sign-in (ms) | SQL statements per sign-in | vs the 3 exps (goal ≤ 2x) | Real server (postgres) vs this floor | Errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...floorRows.map(({ store, clients, result: r }) => {
      const mine = real(clients);
      return `| bare node:http | ${FLOOR_STATE[store]} | ${clients} | ${r.perSecond.toFixed(1)} | ${r.cpuMsPerSignIn.toFixed(2)} | ${r.statementsPerSignIn.toFixed(1)} | ${(r.cpuMsPerSignIn / performed).toFixed(2)}x | ${mine === undefined ? '–' : `${(mine.cpuMsPerSignIn / r.cpuMsPerSignIn).toFixed(2)}x`} | ${r.errors} |`;
    }),
  ];
  const fewest = (store: FloorServerRequest['store']): FloorRow | undefined =>
    floorRows.filter((r) => r.store === store).reduce<FloorRow | undefined>((a, r) => (a === undefined || r.clients < a.clients ? r : a), undefined);
  const budget = 2 * performed;
  const lines = [
    '',
    'The floor (bench/sign-in-floor-server.ts), run under the same load in the same run: a bare node:http server that answers the same three requests with the same bytes and does only what no Cognito-compatible server can skip: the three OpenSSL exponentiations (g^b before the round trip), the claim signature check, the TOTP check, two RS256 signatures, and, with its state in PostgreSQL, the fewest round trips that keep sessions, TOTP steps and refresh tokens in the database (one statement per request, plus one because the TOTP step guard needs the secret first: 4). The sealed floor goes lower than any design should: the SRP and MFA state travel in the Session string, sealed with AES-256-GCM, so only the user read and the final write touch the database (2), and a Session can be replayed for its 3 minutes. No input validation, abuse limits, error catalogue, logging, devices or groups.',
    '',
    ...table,
    '',
  ];
  for (const store of ['postgres', 'sealed'] as const) {
    const mine = floorRows.filter((r) => r.store === store);
    if (mine.length === 0) continue;
    const ratio = (r: FloorRow): string => `${r.clients} client${r.clients === 1 ? '' : 's'} ${(r.result.cpuMsPerSignIn / performed).toFixed(2)}x`;
    const within = mine.filter((r) => r.result.cpuMsPerSignIn <= budget).map((r) => r.clients);
    const over = mine.filter((r) => r.result.cpuMsPerSignIn > budget).map((r) => r.clients);
    const verdict =
      within.length === 0
        ? `over the ${budget.toFixed(2)} ms budget at every client count: on this machine even a server that does nothing but the protocol, with its state in the database (as the issue requires: several processes serve one pool), misses goal (b)`
        : over.length === 0
          ? `within the ${budget.toFixed(2)} ms budget at every client count, so the rest of the gap is the real server's own`
          : `within the ${budget.toFixed(2)} ms budget with ${within.join(' and ')} clients, over it with ${over.join(' and ')}: there even a server that does nothing but the protocol, with its state in the database, misses goal (b) on this machine`;
    lines.push(`- The floor with its state in ${FLOOR_STATE[store]} (${mine[0]?.result.statementsPerSignIn.toFixed(0) ?? '?'} statements): ${mine.map(ratio).join(', ')} the exps; ${verdict}.`);
  }
  const memory = fewest('memory');
  if (memory !== undefined) {
    lines.push(
      `- With ${memory.clients} client${memory.clients === 1 ? '' : 's'} the floor with no database at all costs ${memory.result.cpuMsPerSignIn.toFixed(2)} ms (${(memory.result.cpuMsPerSignIn / performed).toFixed(2)}x, ${memory.result.cpuMsPerSignIn > budget ? 'over' : 'within'} the budget): three exponentiations (${performed.toFixed(2)} ms) and two signatures (${(2 * rs256).toFixed(2)} ms, quiet) leave ${Math.max(0, budget - performed - 2 * rs256).toFixed(2)} ms for three HTTP requests with their JSON, the claim and TOTP checks, and waking an idle process three times.`,
    );
  }
  const ratios = floorRows.filter((r) => r.store === 'postgres').flatMap((r) => {
    const mine = real(r.clients);
    return mine === undefined ? [] : [mine.cpuMsPerSignIn / r.result.cpuMsPerSignIn];
  });
  if (ratios.length > 0) lines.push(`- The real server costs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}x the PostgreSQL floor: its validation, abuse limits, devices, groups and the two extra round trips.`);
  return lines;
}

/** The rows whose server CPU per sign-in is at most twice `baseline` of that row, as "backend N clients" (or "none"). */
function rowsWithin(rows: readonly RealRow[], baseline: (r: LoadResult) => number): string {
  const within = rows.filter(({ result: r }) => r.cpuMsPerSignIn <= 2 * baseline(r)).map(({ backend, clients }) => `${backend} ${clients} client${clients === 1 ? '' : 's'}`);
  return within.length === 0 ? 'none' : within.join(', ');
}

/** Runs the sign-in bench and rewrites its section of docs/benchmarks.md. */
export async function run(args: readonly string[] = []): Promise<void> {
  const o = parseOptions(args);
  const rows: { backend: string; clients: number; result: LoadResult }[] = [];
  const exps = measureExponentiations();
  console.log(`3072-bit modexp: OpenSSL ${exps.openssl256.toFixed(2)} ms (256-bit exp), ${exps.openssl1024.toFixed(2)} ms (1024-bit); BigInt ${exps.bigint256.toFixed(2)} / ${exps.bigint1024.toFixed(2)} ms`);
  let pgVersion = '';
  for (const backend of o.backends) {
    const schema = `bench_signin_${randomBytes(4).toString('hex')}`;
    if (backend === 'postgres') {
      const client = new pg.Client({ connectionString: o.postgresUrl });
      await client.connect();
      pgVersion = String((await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '');
      await client.end();
    }
    console.log(`${backend}: starting the server and creating ${o.users} users…`);
    const server = await startServer({ backend, postgresUrl: o.postgresUrl, schema, users: o.users, password: PASSWORD });
    const rotation = new UserRotation(server.ready.users);
    try {
      for (const clients of o.clients) {
        const result = await runLoad(server, clients, o.seconds, o.warmup, rotation);
        console.log(
          `${backend.padEnd(8)} ${String(clients).padStart(2)} clients: ${result.perSecond.toFixed(1)} sign-ins/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, server CPU ${result.cpuMsPerSignIn.toFixed(2)} ms/sign-in (user ${result.userMsPerSignIn.toFixed(2)}, system ${result.systemMsPerSignIn.toFixed(2)}), ${result.statementsPerSignIn.toFixed(1)} SQL statements/sign-in, its exponentiations ${result.modPowMsPerSignIn.toFixed(2)} ms/sign-in, errors ${result.errors}${result.firstError !== undefined ? ` (${result.firstError})` : ''}`,
        );
        rows.push({ backend, clients, result });
      }
    } finally {
      await server.stop();
      if (backend === 'postgres') {
        const client = new pg.Client({ connectionString: o.postgresUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    }
  }

  // The floor: the same load against a bare route doing only what the protocol cannot skip.
  const floorRows: { store: FloorServerRequest['store']; clients: number; result: LoadResult }[] = [];
  for (const store of o.floors) {
    const schema = `bench_floor_${randomBytes(4).toString('hex')}`;
    console.log(`floor (${store}): starting the bare server and creating ${o.users} users…`);
    const server = await startServer({ store, postgresUrl: o.postgresUrl, schema, users: o.users, password: PASSWORD }, 'sign-in-floor-server.ts');
    const rotation = new UserRotation(server.ready.users);
    try {
      for (const clients of o.clients) {
        const result = await runLoad(server, clients, o.seconds, o.warmup, rotation);
        console.log(
          `floor ${store.padEnd(8)} ${String(clients).padStart(2)} clients: ${result.perSecond.toFixed(1)} sign-ins/s, server CPU ${result.cpuMsPerSignIn.toFixed(2)} ms/sign-in (user ${result.userMsPerSignIn.toFixed(2)}, system ${result.systemMsPerSignIn.toFixed(2)}), ${result.statementsPerSignIn.toFixed(1)} SQL statements/sign-in, errors ${result.errors}${result.firstError !== undefined ? ` (${result.firstError})` : ''}`,
        );
        floorRows.push({ store, clients, result });
      }
    } finally {
      await server.stop();
    }
  }

  // The primary baseline is what the server really computes per sign-in: its measured OpenSSL calls
  // (three 256-bit-exponent exponentiations). The issue's "one 256-bit + one 1024-bit" stays as a second column.
  const opensslPerSignIn = rows[0]?.result.opensslCallsPerSignIn ?? 0;
  const performed = Math.round(opensslPerSignIn) * exps.openssl256;
  const unavoidable = exps.openssl256 + exps.openssl1024;
  const table = [
    '| Database | Clients | Sign-ins/s | p50 (ms) | p99 (ms) | Server CPU per sign-in (ms) | SQL statements per sign-in | vs the 3 OpenSSL 256-bit exps it performs (goal ≤ 2x) | vs OpenSSL 256+1024-bit exps | Its exps timed in the server during the run (ms) | vs those | Errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ({ backend, clients, result: r }) =>
        `| ${backend} | ${clients} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.cpuMsPerSignIn.toFixed(2)} | ${r.statementsPerSignIn.toFixed(1)} | ${(r.cpuMsPerSignIn / performed).toFixed(2)}x | ${(r.cpuMsPerSignIn / unavoidable).toFixed(2)}x | ${r.modPowMsPerSignIn.toFixed(2)} | ${(r.cpuMsPerSignIn / r.modPowMsPerSignIn).toFixed(2)}x | ${r.errors} |`,
    ),
  ];
  const expTable = [
    '| One 3072-bit modular exponentiation | 256-bit exponent (ms) | 1024-bit exponent (ms) |',
    '| --- | ---: | ---: |',
    `| OpenSSL (node:crypto Diffie-Hellman) | ${exps.openssl256.toFixed(2)} | ${exps.openssl1024.toFixed(2)} |`,
    `| plain BigInt square-and-multiply | ${exps.bigint256.toFixed(2)} | ${exps.bigint1024.toFixed(2)} |`,
  ];
  const worst = Math.max(...rows.map((r) => r.result.cpuMsPerSignIn));
  const floorLines = floorSection(floorRows, rows, performed, exps.rs256);
  const verdicts: string[] = [];
  for (const backend of o.backends) {
    const mine = rows.filter((r) => r.backend === backend);
    const fewest = mine.reduce<(typeof mine)[number] | undefined>((a, r) => (a === undefined || r.clients < a.clients ? r : a), undefined);
    const most = mine.reduce<(typeof mine)[number] | undefined>((a, r) => (a === undefined || r.clients > a.clients ? r : a), undefined);
    if (fewest === undefined || most === undefined || fewest === most) continue;
    const cpuOk = most.result.cpuMsPerSignIn <= fewest.result.cpuMsPerSignIn;
    const rateOk = most.result.perSecond >= fewest.result.perSecond;
    verdicts.push(
      `- ${backend}, ${most.clients} clients against ${fewest.clients}: CPU per sign-in ${most.result.cpuMsPerSignIn.toFixed(2)} against ${fewest.result.cpuMsPerSignIn.toFixed(2)} ms (${cpuOk ? 'not slower: met' : 'slower: not met'}); sign-ins/s ${most.result.perSecond.toFixed(1)} against ${fewest.result.perSecond.toFixed(1)} (${rateOk ? 'not slower: met' : 'slower: not met'}). Latency per sign-in (p50) grows with the queue, as in any closed loop on 2 cores.`,
    );
  }
  const machine = `${os.cpus().length} cores (nproc), ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}${pgVersion === '' ? '' : `, PostgreSQL ${pgVersion}`}`;
  const body = [
    `A complete sign-in is USER_SRP_AUTH → PASSWORD_VERIFIER → SOFTWARE_TOKEN_MFA → tokens (three HTTP round trips, RS256 id and access tokens, a refresh token and a new-device record), by closed-loop clients; ${o.warmup} s warm-up, then ${o.seconds} s measured per row. The server is a child process (real clock, request-rate limit off); its CPU is process.cpuUsage() (user + system) around each measured run divided by the sign-ins completed. PostgreSQL's own CPU is not in it. The load generator (same machine) runs the client SRP with OpenSSL too, with a 256-bit a (like the server's b) so that it takes less of the two cores.`,
    '',
    `Machine: ${machine}. Date: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    ...table,
    '',
    ...expTable,
    '',
    `- The server draws a 256-bit private value b (128-bit security, what the 3072-bit group offers), so its SRP work is three 256-bit-exponent exponentiations (B = kv + g^b, then v^u and (A·v^u)^b): ${opensslPerSignIn.toFixed(1)} OpenSSL calls per sign-in measured, ${performed.toFixed(2)} ms. That is the primary baseline: goal (b) is a server CPU per sign-in of at most twice it (${(2 * performed).toFixed(2)} ms). Worst row: ${worst.toFixed(2)} ms (${(worst / performed).toFixed(2)}x): ${worst <= 2 * performed ? 'met' : 'not met'}.`,
    `- The issue's wording, one 256-bit and one 1024-bit exponent in OpenSSL: ${unavoidable.toFixed(2)} ms; twice that is ${(2 * unavoidable).toFixed(2)} ms; worst row ${(worst / unavoidable).toFixed(2)}x: ${worst <= 2 * unavoidable ? 'met' : 'not met'}.`,
    `- Rows within 2x of the quiet micro-benchmark: ${rowsWithin(rows, () => performed)}; within 2x of the exps timed in the server during the same run: ${rowsWithin(rows, (r) => r.modPowMsPerSignIn)}.`,
    '- "Its exps timed in the server": the wall time of the server\'s own OpenSSL calls during the measured run, per sign-in. On a machine shared with other work the same exponentiation costs more under load than in the quiet micro-benchmark above, so this column shows the ratio free of that drift; the verdict above uses the micro-benchmark, as the issue asks.',
    `- Beside the exponentiations a sign-in must also sign two RS256 tokens (node:crypto's synchronous sign with a cached KeyObject, ${exps.rs256.toFixed(2)} ms each measured in this run; jose's WebCrypto path cost about 0.43 ms each), parse and answer three HTTP requests and talk to PostgreSQL.`,
    '- SQL statements per sign-in: 6, each a round trip outside transactions. InitiateAuth: app client + pool + user by name in one read, then the session insert. PASSWORD_VERIFIER: client + pool + session + user in one read that also counts the proof on the password lockout counter, then the session moves on (new id, SOFTWARE_TOKEN_MFA; the counter cleared). SOFTWARE_TOKEN_MFA: the same read, counting the code on the MFA counter, then one statement of data-modifying CTEs, each part conditional on the one before: the TOTP step (replay guard), the session claim, the reset of both counters, the new device and the refresh-token origin (with the groups for cognito:groups). The table shows a little more than 6 because sign-ins still in flight at the end of a run did statements but are not counted.',
    `- Server CPU split, user + system (ms per sign-in): ${rows.map(({ backend, clients, result: r }) => `${backend} ${clients} client${clients === 1 ? '' : 's'}: ${r.userMsPerSignIn.toFixed(2)} + ${r.systemMsPerSignIn.toFixed(2)}`).join('; ')}.`,
    '- Goal (c), the largest client count against 1 client:',
    ...verdicts,
    ...floorLines,
    `- Plain BigInt would cost ${(3 * exps.bigint256).toFixed(1)} ms for the same three exponentiations (${(exps.bigint256 / exps.openssl256).toFixed(1)}x OpenSSL).`,
    `- Run: \`pnpm --filter @steward/server bench sign-in seconds=${o.seconds} warmup=${o.warmup} clients=${o.clients.join(',')} backends=${o.backends.join(',')} users=${o.users} floor=${o.floors.length === 0 ? 'none' : o.floors.join(',')}\`.`,
  ].join('\n');
  console.log(`\n${HEADING}\n\n${body}\n`);
  await writeBenchmarkSection(HEADING, body);
}
