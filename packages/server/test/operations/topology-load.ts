// Clients of the two-replica topology test: over HTTPS through nginx (trusting the test's own
// certificate), each client signs in with SRP + TOTP, writes and reads GraphQL and reads managed
// login's discovery document, in a closed loop. Every request is booked client-side (when it
// started and ended, how it ended), so a phase can be judged by its window: requests per second,
// failures, and which requests were in flight at a given instant.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:https';
import {
  computeClaimSignature,
  computePasswordAuthenticationKey,
  createClientEphemeral,
  formatCognitoTimestamp,
  poolNameFromUserPoolId,
} from '@steward/auth-core/srp';
import { totpCode } from '../../src/user-pool/auth/totp/totp.js';

/** One request as the client saw it. */
export interface BookedRequest {
  readonly what: string;
  readonly startedAt: number;
  endedAt: number | undefined;
  /** Undefined while in flight; true for a 2xx answer with the expected content. */
  ok: boolean | undefined;
  /** For a failure: the status and body start, or the network error's code. */
  detail: string;
}

/** An HTTPS JSON answer. */
export interface JsonAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** A user the clients sign in as. */
export interface LoadUser {
  readonly username: string;
  readonly password: string;
  readonly totpSecret: string;
}

/** Where the clients go and what they sign in to. */
export interface LoadTarget {
  readonly appUrl: string;
  readonly loginUrl: string;
  readonly ca: string;
  readonly clientId: string;
  readonly userPoolId: string;
}

/** A ConfigMdl whose create was acknowledged, with a token of the user who wrote it. */
export interface AcknowledgedWrite {
  readonly id: string;
  readonly token: string;
}

const TOTP_STEP_MS = 30_000;
/** The X-Forwarded-For every client sends (TEST-NET-3): a replica behind nginx must never see it. */
export const FORGED_ADDRESS = '203.0.113.7';
/** How often a client signs in again: its users take turns, so each user signs in about once per TOTP step. */
const SIGN_IN_EVERY_MS = 10_000;

/** A request resent because the kept-alive connection it went out on was closed before any answer. */
export interface Resend {
  readonly what: string;
  readonly at: number;
  readonly code: string;
}

/**
 * The kept-alive connection a request was written on was closed by nginx before a byte of answer
 * came: nginx closes its idle client connections when its workers are replaced (`nginx -s
 * reload`), and a request written just then meets the close. nginx never read it.
 */
class ClosedWhileIdle extends Error {
  constructor(readonly code: string) {
    super(`kept-alive connection closed before any answer (${code})`);
  }
}

/** The clients' shared bookkeeping and transport. */
export class LoadBook {
  readonly requests: BookedRequest[] = [];
  readonly writes: AcknowledgedWrite[] = [];
  /**
   * Requests resent on another connection, as browsers and the AWS SDKs do when a reused idle
   * connection is closed before any answer: the request was never read. Never a failure's
   * cover: a 502 or a reset after the answer began is booked as a failure, and a resent write
   * carries its own id (or TOTP step), so one applied twice would fail.
   */
  readonly resends: Resend[] = [];
  private readonly inFlight = new Set<BookedRequest>();
  private readonly agent: Agent;
  /** For a resend: a connection of its own (not one of the kept-alive ones a reload may be closing), closed after. */
  private readonly freshAgent: Agent;

  constructor(readonly target: LoadTarget) {
    this.agent = new Agent({ ca: target.ca, keepAlive: true, maxSockets: 128 });
    this.freshAgent = new Agent({ ca: target.ca, keepAlive: false });
  }

  /** The requests in flight right now. */
  inFlightNow(): BookedRequest[] {
    return [...this.inFlight];
  }

  /** The requests that started in [from, to). */
  startedBetween(from: number, to: number): BookedRequest[] {
    return this.requests.filter((r) => r.startedAt >= from && r.startedAt < to);
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
    this.freshAgent.destroy();
  }

  /** Sends one JSON request, booked; `check` says whether a 2xx answer has the expected content. */
  async send(what: string, url: string, method: 'GET' | 'POST', headers: Record<string, string>, body: unknown, check: (answer: JsonAnswer) => boolean = () => true): Promise<JsonAnswer | undefined> {
    const booked: BookedRequest = { what, startedAt: Date.now(), endedAt: undefined, ok: undefined, detail: '' };
    this.requests.push(booked);
    this.inFlight.add(booked);
    try {
      let answer: JsonAnswer;
      try {
        answer = await this.exchange(this.agent, url, method, headers, body);
      } catch (error) {
        if (!(error instanceof ClosedWhileIdle)) throw error;
        // Once, on a new connection: whatever happens to it is booked as it is.
        this.resends.push({ what, at: Date.now(), code: error.code });
        answer = await this.exchange(this.freshAgent, url, method, headers, body);
      }
      booked.ok = answer.status >= 200 && answer.status < 300 && check(answer);
      if (!booked.ok) booked.detail = `${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
      return answer;
    } catch (error) {
      booked.ok = false;
      booked.detail = error instanceof Error ? error.message : String(error);
      return undefined;
    } finally {
      booked.endedAt = Date.now();
      this.inFlight.delete(booked);
    }
  }

  private exchange(agent: Agent, url: string, method: 'GET' | 'POST', headers: Record<string, string>, body: unknown): Promise<JsonAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // Every client claims an address it does not have (and a request id of its own): nginx must replace both.
    const sent = { ...headers, 'x-forwarded-for': FORGED_ADDRESS, 'x-request-id': 'client-chosen-id', ...(payload === undefined ? {} : { 'content-length': String(Buffer.byteLength(payload)) }) };
    return new Promise((resolve, reject) => {
      let answered = false;
      const outgoing = request(url, { method, agent, headers: sent, timeout: 60_000 }, (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: Record<string, unknown>;
          try {
            parsed = text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
          } catch {
            parsed = { unparsed: text.slice(0, 200) };
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      });
      outgoing.on('timeout', () => outgoing.destroy(new Error('client timeout')));
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        // Only a reused connection's reset or end before any answer (Node's 'socket hang up' is ECONNRESET too).
        const idleClose = outgoing.reusedSocket && !answered && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        if (idleClose) reject(new ClosedWhileIdle(error.code ?? ''));
        else reject(Object.assign(new Error(`${error.code ?? error.message} (${outgoing.reusedSocket ? 'reused' : 'new'} connection, ${answered ? 'after' : 'before'} the answer began)`), { code: error.code }));
      });
      outgoing.end(payload);
    });
  }

  /** A JSON 1.1 user-pool call through the app origin (`what` names it in the book). */
  cognito(what: string, target: string, body: unknown, check?: (answer: JsonAnswer) => boolean): Promise<JsonAnswer | undefined> {
    return this.send(what, `${this.target.appUrl}/`, 'POST', { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` }, body, check);
  }

  /** A GraphQL request through the app origin; a 200 carrying errors is a failure. */
  graphql(what: string, token: string, query: string, variables: Record<string, unknown>, check: (data: Record<string, unknown>) => boolean): Promise<JsonAnswer | undefined> {
    return this.send(what, `${this.target.appUrl}/graphql`, 'POST', { 'content-type': 'application/json', authorization: token }, { query, variables }, (answer) => answer.body.errors === undefined && check((answer.body.data ?? {}) as Record<string, unknown>));
  }
}

const CREATE = 'mutation ($input: CreateConfigMdlInput!) { createConfigMdl(input: $input) { id configName } }';
const READ = 'query ($id: ID!) { getConfigMdl(id: $id) { id configName } }';

/**
 * One client: its users (taking turns; a user's TOTP step is never used twice, so a user signs in
 * at most about once per 30 s step), its token and its own writes. Runs until `running()` is false.
 */
export class LoadClient {
  private token = '';
  private signedInAs = '';
  private turn = 0;
  private readonly usedSteps = new Map<string, Set<number>>();
  /** Each user's own writes (ConfigMdl is owner-scoped: a user reads back what they wrote). */
  private readonly mine = new Map<string, string[]>();
  /** Completed sign-ins. */
  signIns = 0;

  constructor(
    private readonly book: LoadBook,
    private readonly users: readonly LoadUser[],
    private readonly index: number,
  ) {}

  /**
   * Signs in once (the first time), then loops over writes, reads and discovery reads, signing in
   * again every SIGN_IN_EVERY_MS (the clients spread over that period, so sign-ins run steadily).
   */
  async run(running: () => boolean): Promise<void> {
    while (this.token === '' && running()) {
      if (!(await this.signIn())) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    let nextSignIn = Date.now() + Math.random() * SIGN_IN_EVERY_MS;
    for (let n = 1; running(); n++) {
      if (Date.now() >= nextSignIn) {
        nextSignIn += SIGN_IN_EVERY_MS;
        if (await this.signIn()) continue;
      }
      const slot = n % 10;
      if (slot <= 3) await this.write(n);
      else if (slot === 9) await this.book.send('openid-configuration', `${this.book.target.loginUrl}/.well-known/openid-configuration`, 'GET', {}, undefined, (answer) => typeof answer.body.issuer === 'string');
      else await this.read();
    }
  }

  /** The next user in turn with a TOTP step it has not used (this step or the next: both are inside the server's window), and that step. */
  private nextSignIn(): { user: LoadUser; step: number } | undefined {
    const current = Math.floor(Date.now() / TOTP_STEP_MS);
    this.turn += 1;
    for (const user of [...this.users.slice(this.turn % this.users.length), ...this.users.slice(0, this.turn % this.users.length)]) {
      const used = this.usedSteps.get(user.username) ?? new Set<number>();
      this.usedSteps.set(user.username, used);
      for (const step of [current, current + 1]) if (!used.has(step)) return { user, step };
    }
    return undefined;
  }

  /** USER_SRP_AUTH, PASSWORD_VERIFIER, SOFTWARE_TOKEN_MFA; false when no user had a fresh step or a step failed. */
  private async signIn(): Promise<boolean> {
    const next = this.nextSignIn();
    if (next === undefined) return false;
    const { user, step } = next;
    this.usedSteps.get(user.username)?.add(step);
    const { clientId, userPoolId } = this.book.target;
    const ephemeral = createClientEphemeral();
    const start = await this.book.cognito('InitiateAuth SRP', 'InitiateAuth', { AuthFlow: 'USER_SRP_AUTH', ClientId: clientId, AuthParameters: { USERNAME: user.username, SRP_A: ephemeral.srpAHex } }, (a) => a.body.ChallengeName === 'PASSWORD_VERIFIER');
    if (start?.body.ChallengeName !== 'PASSWORD_VERIFIER') return false;
    const p = (start.body.ChallengeParameters ?? {}) as Record<string, string>;
    const poolName = poolNameFromUserPoolId(userPoolId);
    const userIdForSrp = p.USER_ID_FOR_SRP ?? '';
    const key = computePasswordAuthenticationKey({ poolName, username: userIdForSrp, password: user.password, saltHex: p.SALT ?? '', serverBHex: p.SRP_B ?? '', a: ephemeral.a, A: ephemeral.A });
    const timestamp = formatCognitoTimestamp(new Date());
    const signature = computeClaimSignature({ key, poolName, userIdForSrp, secretBlockB64: p.SECRET_BLOCK ?? '', timestamp });
    const verified = await this.book.cognito(
      'RespondToAuthChallenge PASSWORD_VERIFIER',
      'RespondToAuthChallenge',
      { ClientId: clientId, ChallengeName: 'PASSWORD_VERIFIER', Session: start.body.Session, ChallengeResponses: { USERNAME: userIdForSrp, PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK ?? '', TIMESTAMP: timestamp, PASSWORD_CLAIM_SIGNATURE: signature } },
      (a) => a.body.ChallengeName === 'SOFTWARE_TOKEN_MFA',
    );
    if (verified?.body.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return false;
    const code = totpCode(user.totpSecret, new Date(step * TOTP_STEP_MS + 1000));
    const done = await this.book.cognito(
      'RespondToAuthChallenge SOFTWARE_TOKEN_MFA',
      'RespondToAuthChallenge',
      { ClientId: clientId, ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: verified.body.Session, ChallengeResponses: { USERNAME: user.username, SOFTWARE_TOKEN_MFA_CODE: code } },
      (a) => typeof (a.body.AuthenticationResult as { AccessToken?: unknown } | undefined)?.AccessToken === 'string',
    );
    const accessToken = (done?.body.AuthenticationResult as { AccessToken?: string } | undefined)?.AccessToken;
    if (accessToken === undefined) return false;
    this.token = accessToken;
    this.signedInAs = user.username;
    this.signIns += 1;
    return true;
  }

  private async write(n: number): Promise<void> {
    const id = randomUUID();
    const { token, signedInAs } = this;
    const answer = await this.book.graphql('createConfigMdl', token, CREATE, { input: { id, configName: `client ${this.index} write ${n}` } }, (data) => (data.createConfigMdl as { id?: string } | null | undefined)?.id === id);
    const created = (answer?.body.data as { createConfigMdl?: { id?: string } | null } | null | undefined)?.createConfigMdl;
    if (answer?.status === 200 && answer.body.errors === undefined && created?.id === id) {
      const own = this.mine.get(signedInAs) ?? [];
      own.push(id);
      this.mine.set(signedInAs, own);
      this.book.writes.push({ id, token });
    }
  }

  private async read(): Promise<void> {
    const own = this.mine.get(this.signedInAs) ?? [];
    const id = own[Math.floor(Math.random() * own.length)];
    if (id === undefined) {
      await this.write(0);
      return;
    }
    await this.book.graphql('getConfigMdl', this.token, READ, { id }, (data) => (data.getConfigMdl as { id?: string } | null | undefined)?.id === id);
  }
}

/** The acknowledged writes not readable through `book` (expected: none). */
export async function missingWrites(book: LoadBook): Promise<string[]> {
  const missing: string[] = [];
  const queue = [...book.writes];
  const worker = async (): Promise<void> => {
    for (let write = queue.shift(); write !== undefined; write = queue.shift()) {
      const id = write.id;
      const answer = await book.graphql('read back', write.token, READ, { id }, (data) => (data.getConfigMdl as { id?: string } | null | undefined)?.id === id);
      if ((answer?.body.data as { getConfigMdl?: { id?: string } | null } | null | undefined)?.getConfigMdl?.id !== id) missing.push(`ConfigMdl ${id}: ${answer === undefined ? 'no answer' : JSON.stringify(answer.body).slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, () => worker()));
  return missing;
}
