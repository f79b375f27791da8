// Test support: a runtime with an oauth block whose fetch answers the managed-login token endpoint
// (and passes every other request to the fake Cognito), recording what the app sent and replaced.
// Used by auth-core's unit tests only (not exported from index.ts).
import type { OAuthConfigInput } from '../src/config/auth-config.js';
import type { AuthRuntimeIO } from '../src/runtime/auth-runtime.js';
import { createTestHarness, epochSeconds, makeAuthenticationResult } from './test-runtime.js';
import type { TestHarness } from './test-runtime.js';

/** The oauth block of the tests: the app on https://app.example.com, managed login on auth.example.com. */
export const TEST_OAUTH: OAuthConfigInput = {
  domain: 'auth.example.com',
  redirectSignIn: ['https://app.example.com/'],
  redirectSignOut: ['https://app.example.com/login'],
};

/** The token endpoint of TEST_OAUTH. */
export const TEST_TOKEN_ENDPOINT = 'https://auth.example.com/oauth2/token';

/** How the fake token endpoint answers one request: a status and a JSON body. */
export type TokenReply = { status: number; body: unknown } | { networkError: true };

/** A harness whose fetch also serves the token endpoint. */
export interface ManagedLoginHarness extends TestHarness {
  /** The form of every token request, in order. */
  tokenRequests: URLSearchParams[];
  /** Every address the runtime put in the address bar (replaceUrl). */
  replaced: string[];
  /** Replaces the token endpoint's answer (default: fresh tokens for alice, with a refresh token). */
  answerToken(reply: (form: URLSearchParams) => TokenReply | Promise<TokenReply>): void;
}

/** Fresh tokens for alice as the token endpoint writes them. */
export function tokenEndpointTokens(harness: TestHarness): Record<string, unknown> {
  const result = makeAuthenticationResult({ iat: epochSeconds(harness.clock) });
  return { access_token: result.AccessToken, id_token: result.IdToken, refresh_token: 'oauth-refresh-1', token_type: 'Bearer', expires_in: 3600 };
}

/** Builds the harness; `oauth` overrides fields of TEST_OAUTH. */
export function createManagedLoginHarness(options: { oauth?: Partial<OAuthConfigInput>; io?: Partial<AuthRuntimeIO> } = {}): ManagedLoginHarness {
  const tokenRequests: URLSearchParams[] = [];
  const replaced: string[] = [];
  let reply: (form: URLSearchParams) => TokenReply | Promise<TokenReply> = () => ({ status: 200, body: tokenEndpointTokens(harness) });
  const harness: TestHarness = createTestHarness({
    config: { oauth: { ...TEST_OAUTH, ...options.oauth } },
    io: {
      fetch: async (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url !== TEST_TOKEN_ENDPOINT) return harness.fake.fetch(input, init);
        const headers = new Headers(init?.headers);
        if (init?.method !== 'POST' || headers.get('content-type') !== 'application/x-www-form-urlencoded' || typeof init.body !== 'string') {
          return new Response(JSON.stringify({ error: 'invalid_request', error_description: 'not a form POST' }), { status: 400 });
        }
        const form = new URLSearchParams(init.body);
        tokenRequests.push(form);
        const answer = await reply(form);
        if ('networkError' in answer) throw new TypeError('fetch failed');
        return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
      },
      replaceUrl: (url) => {
        replaced.push(url);
      },
      ...options.io,
    },
  });
  return {
    ...harness,
    tokenRequests,
    replaced,
    answerToken(next) {
      reply = next;
    },
  };
}
