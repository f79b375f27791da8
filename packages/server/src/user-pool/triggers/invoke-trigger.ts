// Calls a trigger's webhook as Cognito calls a Lambda trigger: synchronously, the event JSON as the
// body, the returned JSON (the event with its `response` filled in) as the result. Each request is
// signed (signature.ts). Timing and failures as Cognito's:
// - each attempt has TRIGGER_TIMEOUT_MS (5 s, Cognito's limit for synchronous triggers; tests of the
//   timeout shorten it through buildApp's `triggerTimeoutMs` dependency, there is no setting for it);
// - a timeout, a connection failure, a 429 or a 5xx without a handler error message is retried,
//   TRIGGER_ATTEMPTS (3) attempts in all, as Cognito retries an unresponsive or throttled function;
//   then UnexpectedLambdaException "<Trigger> invocation failed due to error <reason>.";
// - a non-2xx answer carrying {"errorMessage": …} or {"message": …} is the handler's error (a Lambda
//   function error): UserLambdaValidationException "<Trigger> failed with error <message>.", not retried;
// - a 2xx whose body is not a JSON object: InvalidLambdaResponseException "Unrecognizable lambda output";
// - a redirect is not followed (egress-guard.ts): UnexpectedLambdaException.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { fail } from '../../errors/catalogue.js';
import type { OperationContext } from '../operations/operation-context.js';
import type { PoolRecord } from '../pools/pool-repository.js';
import { EgressRefused, guardedLookup, refusalOf } from './egress-guard.js';
import type { TriggerTarget } from './lambda-config.js';
import { SIGNATURE_HEADER, signatureHeader } from './signature.js';
import { activeTriggerSecrets } from './trigger-secrets.js';

/** Cognito's limit for a synchronous trigger. */
export const TRIGGER_TIMEOUT_MS = 5000;
/** Attempts in all for a trigger that times out, is unreachable or throttled. */
export const TRIGGER_ATTEMPTS = 3;
/** Largest response body read (a Lambda's synchronous response is at most 6 MB; triggers answer small events). */
const MAX_RESPONSE_BYTES = 1024 * 1024;

/** What the services an invocation needs. */
export type TriggerContext = Pick<OperationContext, 'db' | 'secrets' | 'clock' | 'log' | 'triggerTimeoutMs'>;

/** The outcome of one attempt. */
type Attempt =
  | { readonly kind: 'answer'; readonly status: number; readonly body: string }
  | { readonly kind: 'retryable'; readonly reason: string }
  | { readonly kind: 'refused'; readonly reason: string };

function attempt(url: URL, body: string, headers: Record<string, string>, timeoutMs: number): Promise<Attempt> {
  return new Promise((resolve) => {
    const port = url.port !== '' ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An IP literal skips the socket's lookup: check it here.
    if (isIP(host) !== 0) {
      const refusal = refusalOf(host, port, url.protocol);
      if (refusal !== undefined) {
        resolve({ kind: 'refused', reason: `the trigger URL points to ${refusal}` });
        return;
      }
    }
    const transport = url.protocol === 'https:' ? https : http;
    let settled = false;
    const settle = (outcome: Attempt): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = transport.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(port, url.protocol), agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            request.destroy();
            settle({ kind: 'refused', reason: 'the response was too large' });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => settle({ kind: 'answer', status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', () => settle({ kind: 'retryable', reason: 'the connection was reset' }));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      settle({ kind: 'retryable', reason: 'Socket timeout while invoking Lambda function' });
    }, timeoutMs);
    request.on('error', (error) => {
      if (error instanceof EgressRefused) settle({ kind: 'refused', reason: error.message });
      else settle({ kind: 'retryable', reason: 'the trigger URL could not be reached' });
    });
    request.end(body);
  });
}

/** The handler's error message of a non-2xx body ({"errorMessage"} as Lambda reports it, or {"message"}), if any. */
function handlerError(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { errorMessage, message } = parsed as { errorMessage?: unknown; message?: unknown };
    if (typeof errorMessage === 'string') return errorMessage;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** Options for tests of the timing (the defaults are Cognito's). */
export interface InvokeOptions {
  readonly timeoutMs?: number;
  readonly attempts?: number;
}

/**
 * Sends `event` to the trigger's URL, signed with the pool's active secrets; returns the JSON object
 * the handler answered (the event with its response). Errors as the header comment says.
 */
export async function invokeTrigger(ctx: TriggerContext, pool: Pick<PoolRecord, 'id'>, target: TriggerTarget, event: object, options: InvokeOptions = {}): Promise<Record<string, unknown>> {
  const { name } = target;
  const body = JSON.stringify(event);
  const secrets = await activeTriggerSecrets(ctx.db, ctx.secrets, pool.id, ctx.clock.now());
  const signWith = secrets.previous === null ? [secrets.current] : [secrets.current, secrets.previous];
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    url = new URL('invalid:');
  }
  // Written around the URL rule (e.g. straight into the database): a broken configuration, not a server error.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw fail('UnexpectedLambdaException', `${name} invocation failed due to error an invalid trigger URL.`);
  const attempts = options.attempts ?? TRIGGER_ATTEMPTS;
  let reason = 'the trigger was not called';
  for (let n = 1; n <= attempts; n += 1) {
    // The receiver's clock, not the server's (possibly manual) one, judges the timestamp: wall time.
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Steward-Triggers/1',
      'x-steward-trigger': name,
      [SIGNATURE_HEADER]: signatureHeader(signWith, timestamp, body),
    };
    const outcome = await attempt(url, body, headers, options.timeoutMs ?? ctx.triggerTimeoutMs ?? TRIGGER_TIMEOUT_MS);
    if (outcome.kind === 'refused') {
      ctx.log.warn('trigger request refused', { trigger: name, poolId: pool.id, reason: outcome.reason });
      throw fail('UnexpectedLambdaException', `${name} invocation failed due to error ${outcome.reason}.`);
    }
    if (outcome.kind === 'retryable') {
      reason = outcome.reason;
      ctx.log.warn('trigger attempt failed', { trigger: name, poolId: pool.id, attempt: n, reason });
      continue;
    }
    const { status } = outcome;
    if (status >= 200 && status < 300) return parseAnswer(outcome.body);
    const message = status >= 300 && status < 400 ? undefined : handlerError(outcome.body);
    if (message !== undefined) throw fail('UserLambdaValidationException', `${name} failed with error ${message}.`);
    if (status === 429 || status >= 500) {
      reason = status === 429 ? 'TooManyRequestsException' : `ServiceException (HTTP ${status})`;
      ctx.log.warn('trigger attempt failed', { trigger: name, poolId: pool.id, attempt: n, status });
      continue;
    }
    ctx.log.warn('trigger answered an unexpected status', { trigger: name, poolId: pool.id, status });
    throw fail('UnexpectedLambdaException', `${name} invocation failed due to error ${status >= 300 && status < 400 ? 'a redirect (not followed)' : `HTTP ${status}`}.`);
  }
  throw fail('UnexpectedLambdaException', `${name} invocation failed due to error ${reason}.`);
}

function parseAnswer(body: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Falls through to the error below.
  }
  throw unrecognizable();
}

/** Cognito's error for a trigger answer it cannot read. */
export function unrecognizable(): Error {
  return fail('InvalidLambdaResponseException', 'Unrecognizable lambda output');
}

/** The `response` object of an answer (InvalidLambdaResponseException when it is there but not an object); {} when null or absent. */
export function responseOf(answer: Record<string, unknown>): Record<string, unknown> {
  const response = answer.response;
  if (response === undefined || response === null) return {};
  if (typeof response !== 'object' || Array.isArray(response)) throw unrecognizable();
  return response as Record<string, unknown>;
}

/** An optional boolean member of a response (InvalidLambdaResponseException when it has another type). */
export function optionalBoolean(response: Record<string, unknown>, key: string): boolean {
  const value = response[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw unrecognizable();
  return value;
}
