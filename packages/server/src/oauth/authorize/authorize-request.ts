// GET /oauth2/authorize's parameters, checked as Cognito checks them. The hosted login page checks
// the same query again when the browser arrives there, so this is the one place that decides.
import type { ServerServices } from '../../user-pool/operations/operation-context.js';
import type { ClientRecord, PoolRecord } from '../../user-pool/pools/pool-repository.js';

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
  readonly loginHint: string | undefined;
  /** The query as received (single values), carried from /oauth2/authorize to /login and back. */
  readonly query: Readonly<Record<string, string>>;
}

/** The outcome of checking an authorization request. */
export type AuthorizeCheck =
  | { readonly ok: true; readonly request: AuthorizeRequest }
  /** Client or redirect_uri cannot be trusted: show an error page, never redirect. */
  | { readonly ok: false; readonly page: { readonly status: number; readonly title: string; readonly detail: string } }
  /** A bad request from a known client to a registered redirect_uri: send the OAuth error there. */
  | { readonly ok: false; readonly redirect: string };

/** Checks the query of /oauth2/authorize (or of /login, which carries it). */
export async function checkAuthorizeRequest(steward: ServerServices, query: unknown): Promise<AuthorizeCheck> {
  void steward;
  void query;
  throw new Error('not implemented yet');
}
