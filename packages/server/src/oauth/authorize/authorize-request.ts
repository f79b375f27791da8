// GET /oauth2/authorize's parameters, checked as Cognito checks them. The hosted login page checks
// the same query again when the browser arrives there, so this is the one place that decides.
//
// Until the client and its redirect_uri are known to be trustworthy, every problem is an error page
// and never a redirect (an open redirector otherwise). After that, problems go back to the client at
// its redirect_uri as RFC 6749 §4.1.2.1 errors with the request's state.
import type { HostedLook } from '../../hosted/hosted-look.js';
import type { ServerServices } from '../../user-pool/operations/operation-context.js';
import { findClient, findPool, type ClientRecord, type PoolRecord } from '../../user-pool/pools/pool-repository.js';
import { describeProblem, readParameters } from '../http/parameters.js';
import { errorRedirect } from '../http/redirect.js';
import { isCustomScope, parseScope, resourceServerScopes, scopeExists } from '../scopes/scopes.js';

/** A checked authorization request. */
export interface AuthorizeRequest {
  readonly client: ClientRecord;
  readonly pool: PoolRecord;
  readonly responseType: 'code' | 'token';
  /** Exactly one of the client's CallbackURLs. */
  readonly redirectUri: string;
  readonly state: string | undefined;
  /** Granted scopes: those asked for (or, when none are, all the client allows). */
  readonly scopes: readonly string[];
  readonly nonce: string | undefined;
  readonly codeChallenge: string | undefined;
  readonly codeChallengeMethod: 'S256' | undefined;
  readonly identityProvider: string | undefined;
  readonly lang: string | undefined;
  /** OIDC prompt: 'login' makes the hosted page ask again even with a live hosted session. */
  readonly prompt: string | undefined;
  /** The prompt values one by one ('none', 'login', 'consent', 'select_account'). */
  readonly prompts: readonly string[];
  readonly loginHint: string | undefined;
  /** The query as received (single values), carried from /oauth2/authorize to /login and back. */
  readonly query: Readonly<Record<string, string>>;
  /** The client's look on the hosted page (UI customization, terms); set by the hosted page's own check. */
  readonly look?: HostedLook;
}

/** The outcome of checking an authorization request. */
export type AuthorizeCheck =
  | { readonly ok: true; readonly request: AuthorizeRequest }
  /** Client or redirect_uri cannot be trusted: show an error page, never redirect. */
  | { readonly ok: false; readonly page: { readonly status: number; readonly title: string; readonly detail: string } }
  /** A bad request from a known client to a registered redirect_uri: send the OAuth error there. */
  | { readonly ok: false; readonly redirect: string };

/** The parameters of /oauth2/authorize and their longest values. */
export const AUTHORIZE_PARAMETERS = {
  response_type: 32,
  client_id: 128,
  redirect_uri: 2048,
  state: 4096,
  scope: 4096,
  nonce: 2048,
  code_challenge: 128,
  code_challenge_method: 16,
  identity_provider: 128,
  idp_identifier: 128,
  lang: 35,
  prompt: 64,
  login_hint: 256,
} as const;

type AuthorizeParameter = keyof typeof AUTHORIZE_PARAMETERS;

/** Cognito's ClientId pattern. */
const CLIENT_ID = /^[\w+]+$/;
const PROMPTS = new Set(['none', 'login', 'consent', 'select_account']);
/** An S256 challenge is base64url of 32 bytes. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

function page(title: string, detail: string): AuthorizeCheck {
  return { ok: false, page: { status: 400, title, detail } };
}

/** Whether the client takes part in managed login's browser flows at all. */
export function usesManagedLogin(client: ClientRecord): boolean {
  return client.allowedOAuthFlowsUserPoolClient && client.allowedOAuthFlows.length > 0;
}

/**
 * Checks the query of /oauth2/authorize (or of /login, which carries it). `domainPoolId`: the pool
 * the request's user-pool domain is bound to; a client of another pool is then unknown there.
 */
export async function checkAuthorizeRequest(steward: ServerServices, query: unknown, domainPoolId?: string): Promise<AuthorizeCheck> {
  const { values: p, problem } = readParameters<AuthorizeParameter>(query, AUTHORIZE_PARAMETERS);

  // 1. Who is asking, and where the answer goes: a page, never a redirect, until both are known.
  if (problem?.name === 'client_id' || problem?.name === 'redirect_uri') return page('Invalid request', describeProblem(problem));
  const clientId = p.client_id;
  if (clientId === undefined) return page('Invalid request', 'The sign-in link does not name an application (client_id is missing).');
  if (!CLIENT_ID.test(clientId)) return page('Unknown application', 'The sign-in link names an application that does not exist.');
  const client = await findClient(steward, clientId);
  if (client === undefined || (domainPoolId !== undefined && client.poolId !== domainPoolId)) return page('Unknown application', 'The sign-in link names an application that does not exist.');
  if (!usesManagedLogin(client)) return page('Sign-in not enabled', 'This application is not set up to sign in through this page.');
  const redirectUri = p.redirect_uri;
  if (redirectUri === undefined) return page('Invalid request', 'The sign-in link does not say where to return (redirect_uri is missing).');
  if (!client.callbackUrls.includes(redirectUri)) {
    return page('Return address not allowed', 'The address to return to after signing in is not one of the callback URLs configured for this application.');
  }
  const pool = await findPool(steward.db, client.poolId);
  if (pool === undefined) return page('Unknown application', 'The sign-in link names an application that does not exist.');

  // 2. Everything else is the client's to hear about, at its redirect_uri.
  const state = problem?.name === 'state' ? undefined : p.state;
  const refuse = (error: string, description: string): AuthorizeCheck => ({ ok: false, redirect: errorRedirect(redirectUri, error, description, state) });
  if (problem !== undefined) return refuse('invalid_request', describeProblem(problem));

  const responseType = p.response_type;
  if (responseType === undefined) return refuse('invalid_request', 'The response_type parameter is required.');
  if (responseType !== 'code' && responseType !== 'token') return refuse('unsupported_response_type', 'The response_type must be code or token.');
  if (responseType === 'code' && !client.allowedOAuthFlows.includes('code')) return refuse('unauthorized_client', 'The client is not allowed the authorization code flow.');
  if (responseType === 'token' && !client.allowedOAuthFlows.includes('implicit')) return refuse('unauthorized_client', 'The client is not allowed the implicit flow.');

  const asked = parseScope(p.scope);
  const custom = asked.some(isCustomScope) || client.allowedOAuthScopes.some(isCustomScope) ? await resourceServerScopes(steward.db, pool.id) : new Set<string>();
  const notAllowed = asked.filter((s) => !client.allowedOAuthScopes.includes(s) || !scopeExists(s, custom));
  if (notAllowed.length > 0) return refuse('invalid_scope', `The scope ${notAllowed.join(' ')} is not allowed for this client.`);
  const scopes = asked.length > 0 ? asked : client.allowedOAuthScopes.filter((s) => scopeExists(s, custom));
  if (scopes.length === 0) return refuse('invalid_scope', 'The client is allowed no scopes.');

  const identityProvider = p.identity_provider;
  if (p.idp_identifier !== undefined) return refuse('invalid_request', 'The idp_identifier parameter is not supported: name the provider with identity_provider.');
  if (identityProvider !== undefined && !client.supportedIdentityProviders.includes(identityProvider)) {
    return refuse('invalid_request', `The identity provider ${identityProvider} is not enabled for this client.`);
  }
  // Federation is not implemented: a provider other than the pool's own directory cannot be reached.
  const provider = identityProvider ?? (client.supportedIdentityProviders.includes('COGNITO') ? 'COGNITO' : client.supportedIdentityProviders[0]);
  if (provider !== 'COGNITO') {
    return refuse('invalid_request', `The identity provider ${provider ?? '(none)'} cannot be reached: this server signs users in with COGNITO only.`);
  }

  const codeChallenge = p.code_challenge;
  const method = p.code_challenge_method;
  if (method !== undefined && codeChallenge === undefined) return refuse('invalid_request', 'The code_challenge_method parameter needs a code_challenge.');
  if (codeChallenge !== undefined && method !== 'S256') return refuse('invalid_request', 'The code_challenge_method must be S256.');
  if (codeChallenge !== undefined && !S256_CHALLENGE.test(codeChallenge)) return refuse('invalid_request', 'The code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).');
  if (responseType === 'code' && client.secret === null && codeChallenge === undefined) {
    return refuse('invalid_request', 'The code_challenge parameter is required: clients without a secret must use PKCE (S256).');
  }

  const prompts = parseScope(p.prompt);
  if (prompts.some((v) => !PROMPTS.has(v))) return refuse('invalid_request', 'The prompt must be none, login, consent or select_account.');
  if (prompts.includes('none') && prompts.length > 1) return refuse('invalid_request', 'The prompt none cannot be combined with other values.');

  const received: Record<string, string> = {};
  for (const [name, value] of Object.entries(p)) if (value !== undefined) received[name] = value;
  return {
    ok: true,
    request: {
      client,
      pool,
      responseType,
      redirectUri,
      state,
      scopes,
      nonce: p.nonce,
      codeChallenge: responseType === 'code' ? codeChallenge : undefined,
      codeChallengeMethod: responseType === 'code' && codeChallenge !== undefined ? 'S256' : undefined,
      identityProvider,
      lang: p.lang !== undefined && LANGUAGE_TAG.test(p.lang) ? p.lang : undefined,
      prompt: prompts.length > 0 ? prompts.join(' ') : undefined,
      prompts,
      loginHint: p.login_hint,
      query: received,
    },
  };
}
