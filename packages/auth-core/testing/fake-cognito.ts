// A tiny in-memory stand-in for the Cognito endpoints, used by unit tests as the injected `fetch`
// port (real end-to-end tests run against packages/server). It checks every request has the
// protocol's shape and answers with Cognito-shaped JSON from per-operation handlers. Public through
// @steward/auth-core/testing; the in-memory user pool is built on it.
import type { FetchLike } from '../src/cognito/aws-json-transport.js';
import type { UserPoolOperation, UserPoolRequest } from '../src/cognito/user-pool-operations.js';
import type { IdentityPoolOperation, IdentityPoolOperations } from '../src/identity-pool/identity-pool-operations.js';

/** One request the fake received. */
export interface FakeCall {
  url: string;
  service: 'user-pool' | 'identity-pool';
  operation: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** A raw reply; a handler may also return a plain object (200 with that JSON). */
export interface FakeReply {
  status: number;
  body?: unknown;
  /** Sent instead of JSON.stringify(body), to test non-JSON answers. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** What a handler returns: a raw reply, or a plain object answered as 200 with that JSON. */
export type FakeAnswer = FakeReply | Record<string, unknown>;
/** Answers one operation's request (the parsed JSON body) and sees the whole call. */
export type FakeHandler<Req> = (request: Req, call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/** A Cognito `{__type, message}` error reply. */
export function cognitoError(name: string, message: string, status = 400): FakeReply {
  return { status, body: { __type: name, message } };
}

function isFakeReply(reply: FakeAnswer): reply is FakeReply {
  return typeof (reply as FakeReply).status === 'number' && Object.keys(reply).every((key) => ['status', 'body', 'rawBody', 'headers'].includes(key));
}

/** The default user-pool endpoint: Cognito's in us-east-1, where a `us-east-1_…` pool's runtime sends by default. */
export const FAKE_USER_POOL_ENDPOINT = 'https://cognito-idp.us-east-1.amazonaws.com/';
/** The default identity-pool endpoint: Cognito's in us-east-1. */
export const FAKE_IDENTITY_POOL_ENDPOINT = 'https://cognito-identity.us-east-1.amazonaws.com/';

/** The fake: register handlers, pass `fetch` to the runtime, inspect `calls` and `problems`. */
export interface FakeCognito {
  fetch: FetchLike;
  calls: FakeCall[];
  /** Protocol violations seen (wrong headers, endpoint, body, unhandled operation); tests expect none. */
  problems: string[];
  /** Answers a user-pool operation with `handler` (replacing any earlier one). */
  on<Op extends UserPoolOperation>(operation: Op, handler: FakeHandler<UserPoolRequest<Op>>): FakeCognito;
  /** Answers an identity-pool operation with `handler` (replacing any earlier one). */
  onIdentity<Op extends IdentityPoolOperation>(operation: Op, handler: FakeHandler<IdentityPoolOperations[Op]['request']>): FakeCognito;
  /** The calls of one operation. */
  callsTo(operation: string): FakeCall[];
}

/** Creates a fake Cognito answering on the default us-east-1 endpoints (or the given ones). */
export function createFakeCognito(
  endpoints: { userPool?: string; identityPool?: string } = {},
): FakeCognito {
  const userPoolEndpoint = endpoints.userPool ?? FAKE_USER_POOL_ENDPOINT;
  const identityPoolEndpoint = endpoints.identityPool ?? FAKE_IDENTITY_POOL_ENDPOINT;
  const handlers = new Map<string, FakeHandler<never>>();
  const fake: FakeCognito = {
    calls: [],
    problems: [],
    on(operation, handler) {
      handlers.set(`AWSCognitoIdentityProviderService.${operation}`, handler);
      return fake;
    },
    onIdentity(operation, handler) {
      handlers.set(`AWSCognitoIdentityService.${operation}`, handler);
      return fake;
    },
    callsTo(operation) {
      return fake.calls.filter((call) => call.operation === operation);
    },
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const problem = (text: string) => {
        fake.problems.push(text);
        return new Response(JSON.stringify({ __type: 'FakeCognitoProtocolViolation', message: text }), { status: 400 });
      };
      if (init?.method !== 'POST') return problem(`method ${String(init?.method)} instead of POST`);
      if (headers['content-type'] !== 'application/x-amz-json-1.1') return problem(`Content-Type ${headers['content-type']}`);
      if (headers['cache-control'] !== 'no-store') return problem(`Cache-Control ${headers['cache-control']}`);
      const target = headers['x-amz-target'] ?? '';
      const match = /^(AWSCognitoIdentityProviderService|AWSCognitoIdentityService)\.([A-Za-z]+)$/.exec(target);
      if (match === null) return problem(`X-Amz-Target ${target}`);
      const service = match[1] === 'AWSCognitoIdentityService' ? 'identity-pool' : 'user-pool';
      const expectedUrl = service === 'user-pool' ? userPoolEndpoint : identityPoolEndpoint;
      if (url !== expectedUrl) return problem(`${target} sent to ${url}, expected ${expectedUrl}`);
      let body: unknown;
      try {
        body = JSON.parse(typeof init.body === 'string' ? init.body : '');
      } catch {
        return problem(`${target} body is not JSON`);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return problem(`${target} body is not an object`);
      const call: FakeCall = { url, service, operation: match[2] ?? '', headers, body: body as Record<string, unknown> };
      fake.calls.push(call);
      const handler = handlers.get(target);
      if (handler === undefined) return problem(`no handler for ${target}`);
      const reply = await (handler as FakeHandler<Record<string, unknown>>)(call.body, call);
      const raw: FakeReply = isFakeReply(reply) ? reply : { status: 200, body: reply };
      return new Response(raw.rawBody ?? JSON.stringify(raw.body ?? {}), {
        status: raw.status,
        headers: { 'Content-Type': 'application/x-amz-json-1.1', ...raw.headers },
      });
    },
  };
  return fake;
}
