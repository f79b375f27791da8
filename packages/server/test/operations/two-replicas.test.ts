// The production topology of docs/operations.md ("Two replicas behind nginx"): Debian's nginx, run
// from docs/nginx/steward.conf itself (its placeholders filled with this run's ports and a
// self-signed certificate), ending TLS for the app origin and the managed-login origin in front of
// two built servers (`node dist/main.js`, production mode) on one PostgreSQL schema. 32 clients
// sign in (SRP + TOTP), write and read GraphQL and read managed login, throughout:
//   a) with both replicas, then b) with one (requests per second of each, printed for
//      docs/benchmarks.md; nothing here asserts on speed);
//   c) a rolling restart as docs/operations.md has it (take one replica out of nginx: `down`,
//      `nginx -s reload`, nginx's previous workers gone; SIGTERM it, exit 0; start it, ready; put
//      it back, reload, serving again; then the other) fails no request at all;
//   d) campaign contacts brought due across the restart are sent exactly once (the mail server's
//      receipts, the jobs' claims);
//   e) a SIGKILL of one replica fails only the requests in flight on it as it died, the other keeps
//      serving, and no acknowledged write is lost.
// Clients speak HTTPS with node:https (an Agent trusting the test's certificate; undici is not a
// dependency), and every request is booked client-side (topology-load.ts). Like browsers and the
// AWS SDKs they resend a request whose reused idle connection nginx closed before any answer, which
// each `nginx -s reload` does to its idle client connections; the test books every resend and
// requires that they all fall within a reload.
// PostgreSQL only: two processes cannot share a PGlite folder (one process holds it), so a
// two-replica deployment is a PostgreSQL deployment.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect, createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/time/clock.js';
import { createTestUser } from '../auth/auth-fixtures.js';
import { dropSchema, issueTokensFor, startTestServer, TEST_POSTGRES_URL, TEST_PRODUCTION_SECRETS } from '../harness.js';
import { ensureServerBuild, SERVER_PACKAGE_DIR } from './server-build.js';
import { LoadBook, LoadClient, missingWrites, type BookedRequest, type LoadUser } from './topology-load.js';

const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
const CONF_TEMPLATE = path.join(SERVER_PACKAGE_DIR, '..', '..', 'docs', 'nginx', 'steward.conf');
const CLIENTS = 32;
const USERS_PER_CLIENT = 3;
const PHASE_MS = 12_000;
const CONTACTS = 12;

const schema = `t_topo_${randomBytes(4).toString('hex')}`;
const dir = mkdtempSync(path.join(tmpdir(), 'steward-topology-'));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds; fails naming `what` after `timeoutMs`. */
async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * A free TCP port on 127.0.0.1, below Linux's ephemeral range (32768 and up): a replica listens on
 * the same port again after its restart, which an outgoing connection's local port must not take
 * meanwhile.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createNetServer();
    const listening = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!listening) continue;
    server.close();
    await once(server, 'close');
    return port;
  }
}

/** Whether something accepts TCP connections on the port. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * /health/ready's status on `port` (0 when nothing answers), on a connection of its own that is
 * closed after (no keep-alive: the rolling restart counts the connections a replica holds).
 */
function readyStatus(port: number): Promise<number> {
  return new Promise((resolve) => {
    const request = httpGet({ host: '127.0.0.1', port, path: '/health/ready', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', () => resolve(0));
  });
}

/** The processes whose parent is `parent`, zombies (exited, not yet reaped) left out. */
function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(ppid) === parent && state !== 'Z') children.push(Number(entry));
  }
  return children;
}

/** The TCP connections established to `port` on this machine (its accepted side, from /proc/net/tcp). */
function establishedTo(port: number): number {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(([, local, , state]) => local?.endsWith(hexPort) === true && state === '01').length;
}

/** One replica: the built server on its fixed ports (nginx's configuration names them). */
class Replica {
  child: ChildProcess | undefined;
  printed = '';
  constructor(
    readonly name: string,
    readonly appPort: number,
    readonly loginPort: number,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts `node dist/main.js` and waits until /health/ready answers 200. */
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd: SERVER_PACKAGE_DIR, env: { ...this.env, PORT: String(this.appPort), MANAGED_LOGIN_PORT: String(this.loginPort) }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.printed += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.printed += chunk.toString()));
    await until(
      `replica ${this.name} ready`,
      async () => {
        if (child.exitCode !== null) throw new Error(`replica ${this.name} exited ${String(child.exitCode)}:\n${this.printed}`);
        return (await readyStatus(this.appPort)) === 200;
      },
      90_000,
    );
  }

  /** Sends `signal` and waits for the exit: [code, signal]. */
  async stop(signal: NodeJS.Signals): Promise<[number | null, NodeJS.Signals | null]> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return [child?.exitCode ?? null, child?.signalCode ?? null];
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill(signal);
    return exited;
  }
}

/** A mail server as small as SMTP allows (no extensions): hands each accepted message's recipients to `delivered`. */
function receiveMail(socket: Socket, delivered: (recipients: string[]) => void): void {
  let recipients: string[] = [];
  let inData = false;
  let buffered = '';
  socket.write('220 topology-test ESMTP\r\n');
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1');
    for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (inData) {
        if (line !== '.') continue;
        inData = false;
        delivered(recipients);
        recipients = [];
        socket.write('250 OK\r\n');
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'RCPT') recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
      if (verb === 'DATA') {
        inData = true;
        socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
      } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
      else socket.write(verb === 'EHLO' ? '250 topology-test\r\n' : '250 OK\r\n');
    }
  });
  socket.on('error', () => undefined);
}

/** The failed requests among `requests`, described. */
function failures(requests: readonly BookedRequest[]): string[] {
  return requests.filter((r) => r.ok === false).map((r) => `${r.what} at ${new Date(r.startedAt).toISOString()}: ${r.detail}`);
}

/** Answered requests per second in [from, to). */
function perSecond(book: LoadBook, from: number, to: number): number {
  return book.startedBetween(from, to).filter((r) => r.ok === true).length / ((to - from) / 1000);
}

describe('two replicas behind nginx on one PostgreSQL', () => {
  let nginx: ChildProcess | undefined;
  let nginxOutput = '';
  let replicas: Replica[] = [];
  let book: LoadBook;
  let clients: LoadClient[] = [];
  let loadRunning = true;
  let load: Promise<void> = Promise.resolve();
  let db: pg.Client;
  let smtp: NetServer;
  const mails: string[] = [];
  let campaignId = '';
  /** The instant the clients all had a token: phases start after it. */
  let steadyFrom = 0;
  let killAt = 0;
  const figures: Record<string, number> = {};

  const errorLog = (): string => (existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : '');
  const accessLog = (): string => (existsSync(path.join(dir, 'access.log')) ? readFileSync(path.join(dir, 'access.log'), 'utf8') : '');
  /** nginx's -p, -e and -c, as it was started: for `nginx -t` and `nginx -s reload` too. */
  const nginxControl = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')];
  const siteFile = path.join(dir, 'steward.conf');
  /** Each `nginx -s reload`: from the signal until nginx's previous workers were gone. */
  const reloads: { from: number; to: number }[] = [];
  /** The access-log lines from byte `from` to byte `to` that name `replica` as the upstream that answered. */
  const answeredBy = (replica: Replica, from: number, to: number): string[] =>
    accessLog()
      .slice(from, to)
      .split('\n')
      .filter((line) => new RegExp(`upstream=(\\S+, )*127\\.0\\.0\\.1:(${replica.appPort}|${replica.loginPort}) `).test(line));

  /**
   * Takes `replica` out of nginx (`down` on its two server lines) or puts it back, as the runbook
   * does: the same sed on the installed site file, `nginx -t`, `nginx -s reload`; then waits until
   * the reload took effect, that is until nginx's previous workers (which finish the requests they
   * have under way, some of them on this replica) have exited. Returns how long that took (ms).
   */
  const setDown = async (replica: Replica, down: boolean): Promise<number> => {
    const servers = `127\\.0\\.0\\.1:(${replica.appPort}|${replica.loginPort})`;
    const script = down ? `s/^(\\s*server ${servers} [^;]*);$/\\1 down;/` : `s/^(\\s*server ${servers} [^;]*) down;$/\\1;/`;
    const sed = spawnSync('sed', ['-i', '-E', script, siteFile], { encoding: 'utf8' });
    expect(sed.status, sed.stderr).toBe(0);
    // Exactly its two server lines (one per upstream) are down, or none; no other replica is.
    const downLines = readFileSync(siteFile, 'utf8')
      .split('\n')
      .filter((line) => /^\s*server .* down;$/.test(line));
    expect(downLines.map((line) => line.trim().split(' ')[1])).toEqual(down ? [`127.0.0.1:${replica.appPort}`, `127.0.0.1:${replica.loginPort}`] : []);
    const tested = spawnSync(NGINX, ['-t', ...nginxControl], { encoding: 'utf8' });
    expect(tested.status, tested.stderr).toBe(0);
    const master = nginx?.pid ?? 0;
    const before = childrenOf(master);
    expect(before.length).toBeGreaterThan(0);
    const reloadAt = Date.now();
    const window = { from: reloadAt, to: Number.POSITIVE_INFINITY };
    reloads.push(window);
    const reload = spawnSync(NGINX, ['-s', 'reload', ...nginxControl], { encoding: 'utf8' });
    expect(reload.status, reload.stderr).toBe(0);
    await until(
      `nginx's workers from before the reload gone (replica ${replica.name} ${down ? 'down' : 'back'})`,
      () => {
        const now = childrenOf(master);
        return now.length > 0 && now.every((pid) => !before.includes(pid));
      },
      90_000,
    );
    window.to = Date.now();
    return window.to - reloadAt;
  };

  /** The clients' resends (a reused idle connection closed before any answer) that no reload explains. */
  const resendsOutsideReloads = (): string[] =>
    book.resends.filter((r) => !reloads.some((w) => r.at >= w.from && r.at <= w.to + 1000)).map((r) => `${r.what} at ${new Date(r.at).toISOString()}: ${r.code}`);

  /** Waits until nginx has had `replica` answer a request (2xx) on each origin, logged after `since` bytes of the access log. */
  const servedBy = (replica: Replica, since: number): Promise<void> =>
    until(
      `nginx sending requests to replica ${replica.name} again`,
      () => {
        const lines = accessLog().slice(since).split('\n');
        return [replica.appPort, replica.loginPort].every((port) => lines.some((line) => line.includes(`upstream=127.0.0.1:${port} `) && /" 2\d\d /.test(line)));
      },
      60_000,
    );

  beforeAll(async () => {
    await ensureServerBuild();
    chmodSync(dir, 0o755);
    const cert = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { encoding: 'utf8' });
    if (cert.status !== 0) throw new Error(`openssl: ${cert.stderr}`);
    const ca = readFileSync(path.join(dir, 'cert.pem'), 'utf8');

    // The mail server the campaign's emails go to: every recipient of every message kept.
    smtp = createNetServer((socket) => receiveMail(socket, (recipients) => mails.push(...recipients)));
    smtp.listen(0, '127.0.0.1');
    await once(smtp, 'listening');
    const smtpAddress = smtp.address();
    const smtpPort = typeof smtpAddress === 'object' && smtpAddress !== null ? smtpAddress.port : 0;

    const [appListen, loginListen, app1, login1, app2, login2] = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    const appUrl = `https://127.0.0.1:${appListen}`;
    const loginUrl = `https://127.0.0.1:${loginListen}`;
    // Rate limits off: 32 clients from one address would be throttled, which is not under test here.
    const sharedEnv = { ...TEST_PRODUCTION_SECRETS, PUBLIC_URL: `https://localhost:${appListen}`, MANAGED_LOGIN_PUBLIC_URL: `https://localhost:${loginListen}`, CLIENT_REQUEST_LIMIT: '0', CODE_SEND_LIMIT: '0' };

    // The pool, its users (TOTP set up) and a staff token, made by an in-process server on the
    // same schema and secrets; it stops before the replicas start.
    const setup = await startTestServer({ database: 'postgres', schema, clock: systemClock, env: sharedEnv });
    const users: LoadUser[] = [];
    try {
      for (let i = 0; i < CLIENTS * USERS_PER_CLIENT; i++) {
        const user = await createTestUser(setup, { mfa: 'totp' });
        users.push({ username: user.username, password: user.password, totpSecret: user.totpSecret ?? '' });
      }
      const staff = (await issueTokensFor(setup, 'staff')).AccessToken;
      book = new LoadBook({ appUrl, loginUrl, ca, clientId: setup.pool.clientId, userPoolId: setup.pool.userPoolId });
      campaignId = await createCampaign(setup.url, staff);
      // Not due before the rolling restart, which brings them due (no replica runs jobs yet).
      await setup.db.query(`UPDATE jobs SET run_at = now() + interval '1 day' WHERE kind = 'campaign.contact' AND state = 'pending'`);
    } finally {
      await setup.close();
    }

    const conf = readFileSync(CONF_TEMPLATE, 'utf8')
      .replaceAll('{{APP_SERVER_1}}', `127.0.0.1:${app1}`)
      .replaceAll('{{APP_SERVER_2}}', `127.0.0.1:${app2}`)
      .replaceAll('{{LOGIN_SERVER_1}}', `127.0.0.1:${login1}`)
      .replaceAll('{{LOGIN_SERVER_2}}', `127.0.0.1:${login2}`)
      .replaceAll('{{APP_LISTEN}}', `127.0.0.1:${appListen}`)
      .replaceAll('{{LOGIN_LISTEN}}', `127.0.0.1:${loginListen}`)
      .replaceAll(/\{\{(APP|LOGIN)_HOST\}\}/g, 'localhost')
      .replaceAll(/\{\{(APP|LOGIN)_CERT\}\}/g, path.join(dir, 'cert.pem'))
      .replaceAll(/\{\{(APP|LOGIN)_KEY\}\}/g, path.join(dir, 'key.pem'))
      .replaceAll('{{ACCESS_LOG}}', path.join(dir, 'access.log'));
    expect(conf).not.toMatch(/\{\{/);
    writeFileSync(siteFile, conf);
    // What a distribution's nginx.conf provides around a site file; paths in the temporary folder.
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        'worker_processes 2;',
        `error_log ${path.join(dir, 'error.log')} warn;`,
        `pid ${path.join(dir, 'nginx.pid')};`,
        'events { worker_connections 1024; }',
        'http {',
        // The package's default access log (/var/log/nginx) is unwritable without root; the site file sets its own.
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((temp) => `  ${temp}_temp_path ${path.join(dir, `${temp}_temp`)};`),
        `  include ${path.join(dir, 'steward.conf')};`,
        '}',
      ].join('\n'),
    );
    // -e: the error log from the start (not the package's /var/log/nginx, unwritable without root).
    const nginxArgs = [...nginxControl, '-g', 'daemon off;'];
    const tested = spawnSync(NGINX, ['-t', ...nginxArgs], { encoding: 'utf8' });
    expect(tested.error, "nginx is needed: Debian's package (.ci/run installs it)").toBeUndefined();
    expect(tested.status, tested.stderr).toBe(0);
    nginx = spawn(NGINX, nginxArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    nginx.stderr?.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
    await until('nginx listening', async () => (await accepting(appListen)) && (await accepting(loginListen)), 30_000);

    const replicaEnv = {
      PATH: process.env.PATH ?? '',
      STEWARD_MODE: 'production',
      DATABASE_URL: TEST_POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      HOST: '127.0.0.1',
      MANAGED_LOGIN_TLS: 'false',
      // nginx sets X-Forwarded-For to the client's address: audit entries and rate limits use it.
      TRUST_PROXY: 'true',
      // Each replica would need a metrics port of its own; not under test here.
      METRICS_ENABLED: 'false',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JOBS_POLL_INTERVAL_MS: '200',
      SHUTDOWN_TIMEOUT_SECONDS: '30',
      LOG_LEVEL: 'warn',
      ...sharedEnv,
    };
    replicas = [new Replica('A', app1, login1, replicaEnv), new Replica('B', app2, login2, replicaEnv)];
    await Promise.all(replicas.map((replica) => replica.start()));

    db = new pg.Client({ connectionString: TEST_POSTGRES_URL, options: `-c search_path=${schema}` });
    await db.connect();

    clients = Array.from({ length: CLIENTS }, (_, i) => new LoadClient(book, users.slice(i * USERS_PER_CLIENT, (i + 1) * USERS_PER_CLIENT), i));
    load = Promise.all(clients.map((client) => client.run(() => loadRunning))).then(() => undefined);
    await until('every client signed in', () => {
      const failed = failures(book.requests);
      if (failed.length > 0) throw new Error(`requests failed before the clients had signed in:\n${failed.slice(0, 10).join('\n')}\n${replicas.map((r) => r.printed).join('\n')}`);
      return clients.every((client) => client.signIns > 0);
    }, 90_000);
    steadyFrom = Date.now();
  }, 240_000);

  afterAll(async () => {
    loadRunning = false;
    await load;
    book?.close();
    for (const replica of replicas) await replica.stop('SIGKILL');
    if (nginx !== undefined && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = once(nginx, 'exit');
      nginx.kill('SIGTERM');
      await exited;
    }
    await db?.end();
    smtp?.close();
    await dropSchema(schema);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('is run from the nginx configuration docs/operations.md shows, as it is there', () => {
    const runbook = readFileSync(path.join(SERVER_PACKAGE_DIR, '..', '..', 'docs', 'operations.md'), 'utf8');
    expect(runbook).toContain(`\`\`\`nginx\n${readFileSync(CONF_TEMPLATE, 'utf8')}\`\`\``);
  });

  it('serves the clients through nginx with two replicas and with one, failing nothing (requests per second printed)', async () => {
    const [a, b] = replicas as [Replica, Replica];
    // Warm-up (JIT, connection pools) before anything is measured.
    await sleep(PHASE_MS / 2);
    const twoFrom = Date.now();
    await sleep(PHASE_MS);
    const twoTo = Date.now();

    // One replica: B is taken out of nginx first, then stopped (the runbook's way).
    await setDown(b, true);
    expect(await b.stop('SIGTERM')).toEqual([0, null]);
    const oneFrom = Date.now();
    const oneLogFrom = accessLog().length;
    await sleep(PHASE_MS);
    const oneTo = Date.now();
    const since = accessLog().length;
    // What nginx answered meanwhile came from A (a request first tried on B lists both, A last).
    const answered = accessLog()
      .slice(oneLogFrom, since)
      .split('\n')
      .filter((line) => /" 2\d\d /.test(line));
    expect(answered.length).toBeGreaterThan(100);
    expect(answered.filter((line) => !new RegExp(`upstream=(\\S+, )*127\\.0\\.0\\.1:(${a.appPort}|${a.loginPort}) `).test(line))).toEqual([]);
    await b.start();
    await setDown(b, false);
    await servedBy(b, since);

    figures.twoReplicas = perSecond(book, twoFrom, twoTo);
    figures.oneReplica = perSecond(book, oneFrom, oneTo);
    console.log(`two-replica topology, ${CLIENTS} clients through nginx: two replicas ${figures.twoReplicas.toFixed(1)} req/s, one replica ${figures.oneReplica.toFixed(1)} req/s, ratio ${(figures.twoReplicas / figures.oneReplica).toFixed(2)}`);
    // Every kind of request ran in both windows.
    for (const [from, to] of [
      [twoFrom, twoTo],
      [oneFrom, oneTo],
    ] as const) {
      const kinds = new Set(book.startedBetween(from, to).filter((r) => r.ok === true).map((r) => r.what));
      expect([...kinds].sort()).toEqual(['InitiateAuth SRP', 'RespondToAuthChallenge PASSWORD_VERIFIER', 'RespondToAuthChallenge SOFTWARE_TOKEN_MFA', 'createConfigMdl', 'getConfigMdl', 'openid-configuration']);
    }
    expect(a.child?.exitCode).toBeNull();
    expect(failures(book.startedBetween(steadyFrom, Date.now()))).toEqual([]);
  }, 180_000);

  it('restarts the replicas one after the other under load without failing a request, and runs campaign contacts due meanwhile exactly once', async () => {
    const from = Date.now();
    // The contacts come due one after another across the restart (the plan spread them over the day).
    const due = await db.query(
      `UPDATE jobs j SET run_at = now() + s.k * interval '1500 milliseconds' FROM (SELECT "jobId" AS id, row_number() OVER (ORDER BY "plannedAt") AS k FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1) s WHERE j.id::text = s.id AND j.state = 'pending'`,
      [campaignId],
    );
    expect(due.rowCount).toBe(CONTACTS);
    const logFrom = accessLog().length;
    const steps: string[] = [];
    for (const replica of replicas) {
      // 1. Out of nginx: `down`, reload, nginx's previous workers gone (they finish what they have
      //    under way, on this replica too, while the new ones send nothing to it).
      const outFrom = accessLog().length;
      const drainMs = await setDown(replica, true);
      const outTo = accessLog().length;
      // 2. SIGTERM while the clients keep sending (to the other replica): it holds no connection
      //    from nginx any more, so nothing is in flight on it; it drains and exits 0.
      const connections = establishedTo(replica.appPort) + establishedTo(replica.loginPort);
      const stopAt = Date.now();
      expect(await replica.stop('SIGTERM')).toEqual([0, null]);
      const stopMs = Date.now() - stopAt;
      // 3. Started again and ready (start() waits on /health/ready); nginx sent it nothing since step 1.
      await replica.start();
      expect(answeredBy(replica, outTo, accessLog().length)).toEqual([]);
      // 4. Back into nginx: `down` removed, reload; it answers on both origins again.
      const since = accessLog().length;
      const backMs = await setDown(replica, false);
      await servedBy(replica, since);
      steps.push(`${replica.name}: out in ${drainMs} ms (${answeredBy(replica, outFrom, outTo).length} request(s) it answered meanwhile), ${connections} connection(s) from nginx at SIGTERM, exit after ${stopMs} ms, back in ${backMs} ms`);
      expect(connections).toBe(0);
    }
    // nginx never met a stopped replica: no request went to one and on to the other.
    const retried = accessLog()
      .slice(logFrom)
      .split('\n')
      .filter((line) => /upstream=\S+, /.test(line));
    const resent = book.resends.filter((r) => r.at >= from).length;
    console.log(`rolling restart through nginx: ${steps.join('; ')}; ${retried.length} request(s) nginx resent from one replica to the other; ${resent} request(s) the clients resent after a reload closed their idle connection`);
    expect(retried).toEqual([]);
    expect(failures(book.startedBetween(from, Date.now())), errorLog()).toEqual([]);
    expect(resendsOutsideReloads()).toEqual([]);
    expect(book.startedBetween(from, Date.now()).filter((r) => r.ok === true).length).toBeGreaterThan(100);

    // d) Exactly once: one email per contact at the mail server, one claim per job, every contact sent.
    const contactJobs = async (): Promise<string> => JSON.stringify((await db.query(`SELECT j.state, j.attempts, j.run_at, j.last_error, c."status", c."reasons" FROM jobs j JOIN "CampaignContactMdl" c ON c."jobId" = j.id::text WHERE c."campaignmdlID" = $1`, [campaignId])).rows);
    await until('every campaign contact sent', async () => {
      // The contact is marked sent inside its job; the job is recorded done just after.
      const { rows } = await db.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM "CampaignContactMdl" c JOIN jobs j ON c."jobId" = j.id::text WHERE c."campaignmdlID" = $1 AND (c."status" = 'planned' OR j.state IN ('pending', 'running'))`,
        [campaignId],
      );
      return Number(rows[0]?.open) === 0;
    }).catch(async (error: unknown) => {
      throw new Error(`${String(error)}: ${await contactJobs()}\n${replicas.map((r) => r.printed).join('\n')}`);
    });
    const campaignMails = mails.filter((to) => to.endsWith('@topology.example.com'));
    expect(campaignMails).toHaveLength(CONTACTS);
    expect(new Set(campaignMails).size).toBe(CONTACTS);
    const { rows: jobs } = await db.query<{ state: string; attempts: number; locked_by: string | null }>(
      `SELECT j.state, j.attempts, j.locked_by FROM jobs j JOIN "CampaignContactMdl" c ON c."jobId" = j.id::text WHERE c."campaignmdlID" = $1`,
      [campaignId],
    );
    expect(jobs.map((job) => [job.state, job.attempts])).toEqual(Array.from({ length: CONTACTS }, () => ['done', 1]));
    const { rows: statuses } = await db.query<{ status: string }>(`SELECT DISTINCT "status" FROM "CampaignContactMdl" WHERE "campaignmdlID" = $1`, [campaignId]);
    expect(statuses.map((row) => row.status)).toEqual(['sent']);
    const { rows: attempts } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM contact_attempts a JOIN "AccountMdl" m ON m."id" = a.account_id WHERE m."clientNumber" = 'C-TOPO'`);
    expect(Number(attempts[0]?.n)).toBe(CONTACTS);
  }, 240_000);

  it('loses at most the requests in flight when one replica is killed, and the other keeps serving', async () => {
    const [a, b] = replicas as [Replica, Replica];
    await sleep(2000);
    killAt = Date.now();
    const inFlight = book.inFlightNow();
    const [, signal] = await b.stop('SIGKILL');
    const exitedAt = Date.now();
    expect(signal).toBe('SIGKILL');
    await sleep(PHASE_MS / 2);
    const afterTo = Date.now();
    loadRunning = false;
    await load;

    const failed = book.startedBetween(killAt - 60_000, afterTo).filter((r) => r.ok === false);
    // Which replica a request was on is nginx's to know, not the client's. What was in flight on the
    // killed process: the requests in flight at the signal (at most one per client, so at most 32,
    // on either replica), and those nginx sent it while it died: a dying process holds its sockets
    // until the kernel has torn it down (its exit, seen here), and nginx reads a kept-alive
    // connection's end only on its next turn, so a request put on one just then fails too (measured
    // on the loaded 2-core machine: 0 to 22 of them). So: every failure was in flight at the signal,
    // or sent before the exit was seen or within a second of it; after that nothing fails.
    const whileDying = failed.filter((r) => !inFlight.includes(r));
    expect(inFlight.length).toBeLessThanOrEqual(CLIENTS);
    for (const request of whileDying) expect(request.startedAt - exitedAt, `${request.what}: ${request.detail}`).toBeLessThan(1000);
    // POSTs cut by the kill are answered 502 by nginx (it may not resend what the process may have written).
    expect(failed.filter((r) => !r.detail.startsWith('502')).map((r) => `${r.what}: ${r.detail}`)).toEqual([]);
    // Requests started once nginx had seen the process gone all succeeded, through replica A.
    const after = book.startedBetween(exitedAt + 1000, afterTo);
    expect(after.length).toBeGreaterThan(50);
    expect(failures(after)).toEqual([]);
    expect(a.child?.exitCode).toBeNull();
    console.log(
      `SIGKILL of one replica (exit seen after ${exitedAt - killAt} ms): ${inFlight.length} request(s) in flight on both replicas at the signal, ${failed.length - whileDying.length} of them failed; ${whileDying.length} sent while it died failed`,
    );
  }, 120_000);

  it('records the address nginx saw and nginx\'s request id in the audit trail, never what the client claimed', async () => {
    // Threat: a client choosing the address its rate limits and audit entries are kept under by
    // sending its own X-Forwarded-For (the replicas trust the header: TRUST_PROXY=true).
    const { rows } = await db.query<{ ip: string | null; request_id: string | null }>(`SELECT entry->'source'->>'ip' AS ip, entry->'source'->>'requestId' AS request_id FROM audit_log WHERE action = 'sign_in'`);
    expect(rows.length).toBeGreaterThan(CLIENTS);
    expect(rows.filter((row) => row.ip !== '127.0.0.1')).toEqual([]);
    // nginx's $request_id (32 hex digits), the one its access log has, not the client's.
    expect(rows.filter((row) => !/^[0-9a-f]{32}$/.test(row.request_id ?? ''))).toEqual([]);
    const logged = accessLog();
    expect(rows.slice(0, 20).filter((row) => !logged.includes(`rid=${row.request_id ?? ''} `))).toEqual([]);
  });

  it('has every acknowledged write, stops the last replica cleanly, and nginx logged nothing but replicas going away', async () => {
    expect(book.writes.length).toBeGreaterThan(200);
    expect(await missingWrites(book)).toEqual([]);
    const [a] = replicas as [Replica, Replica];
    expect(await a.stop('SIGTERM')).toEqual([0, null]);

    const lines = errorLog().split('\n').filter((line) => line.trim() !== '');
    expect(lines.filter((line) => /\[(emerg|alert|crit)\]/.test(line))).toEqual([]);
    // Up to the kill no error at all: every replica stopped had been taken out of nginx first, so
    // nginx never met a refused or reset connection.
    const beforeKill = lines.filter((line) => / \[error\] /.test(line) && Date.parse(line.slice(0, 19).replaceAll('/', '-').replace(' ', 'T')) < killAt - 1000);
    expect(beforeKill, lines.join('\n')).toEqual([]);
    const unexpected = lines.filter((line) => / \[error\] /.test(line) && !/Connection refused|upstream prematurely closed|Connection reset by peer|Broken pipe/.test(line));
    expect(unexpected, lines.join('\n')).toEqual([]);
    expect(lines.some((line) => /no live upstreams/.test(line))).toBe(false);
    // The kill closed no client connection: every client resend of the run came with a reload.
    expect(resendsOutsideReloads()).toEqual([]);
    expect(nginxOutput).toBe('');
  }, 120_000);
});

/** Accounts, debtors (each in a zone where it is about noon) and an email campaign for today, planned, through the server at `url`; returns the campaign id. */
async function createCampaign(url: string, staff: string): Promise<string> {
  const gql = async (query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: staff }, body: JSON.stringify({ query, variables }) });
    const body = (await response.json()) as { data?: Record<string, unknown> | null; errors?: unknown[] };
    if (response.status !== 200 || body.errors !== undefined || body.data == null) throw new Error(`${query}: ${JSON.stringify(body)}`);
    return body.data;
  };
  const create = async (entity: string, input: Record<string, unknown>): Promise<string> => {
    const data = await gql(`mutation ($i: Create${entity}Input!) { create${entity}(input: $i) { id } }`, { i: input });
    return (data[`create${entity}`] as { id: string }).id;
  };
  const now = new Date();
  const offset = ((12 - now.getUTCHours() + 36) % 24) - 12;
  // Etc/GMT names carry the opposite sign: Etc/GMT-5 is five hours ahead of UTC.
  const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  for (let i = 0; i < CONTACTS; i++) {
    const accountId = await create('AccountMdl', { clientNumber: 'C-TOPO', fileNumber: `T-${i}`, accountStatus: 'ACTIVE', currentUpb: 500 });
    await create('DebtorMdl', { accountmdlID: accountId, clientNumber: 'C-TOPO', fileNumber: `T-${i}`, debtorSeq: 1, firstName: `T${i}`, email: `t${i}@topology.example.com`, timeZone: zone });
  }
  const id = await create('CampaignMdl', {
    campaignName: 'Topology',
    channel: 'email',
    accountFilter: JSON.stringify({ clientNumber: 'C-TOPO' }),
    startDate: today,
    endDate: today,
    timeZone: zone,
    dailyWindows: JSON.stringify([{ start: '00:00', end: '24:00' }]),
    messageTemplate: 'Hello {firstName}',
  });
  const planned = await gql('mutation ($id: ID!) { planCampaign(id: $id) { planned } }', { id });
  if ((planned.planCampaign as { planned: number }).planned !== CONTACTS) throw new Error(`planCampaign: ${JSON.stringify(planned)}`);
  return id;
}
