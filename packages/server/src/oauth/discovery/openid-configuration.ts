// The OpenID Provider metadata (OpenID Connect Discovery 1.0 §3, RFC 8414) of a pool, listing
// exactly what is served. The managed-login origin and the main origin answer with the same
// document; the OAuth endpoints live on the managed-login origin only. There is no
// end_session_endpoint: /logout takes Cognito's client_id and logout_uri, not RP-Initiated Logout's
// id_token_hint and post_logout_redirect_uri, so an OIDC client following the metadata would fail.
import type { Queryable } from '../../db/database.js';
import { STANDARD_SCOPES, resourceServerScopes } from '../scopes/scopes.js';
import { PROFILE_CLAIMS } from '../userinfo/user-info-claims.js';

/** Where a pool's document points. */
export interface DiscoveryTargets {
  readonly issuer: string;
  /** Absolute URL of the pool's JWKS on the origin answering. */
  readonly jwksUri: string;
  /** Origin of managed login; undefined when it is off (then no OAuth endpoint is listed). */
  readonly managedLoginUrl: string | undefined;
}

const CLAIMS = [
  'sub',
  'iss',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  'at_hash',
  'token_use',
  'cognito:username',
  'cognito:groups',
  'username',
  'email',
  'email_verified',
  'phone_number',
  'phone_number_verified',
  ...PROFILE_CLAIMS,
];

/** The discovery document of `poolId`. */
export async function openIdConfiguration(q: Queryable, poolId: string, targets: DiscoveryTargets): Promise<Record<string, unknown>> {
  const custom = [...(await resourceServerScopes(q, poolId))].sort();
  const common = {
    issuer: targets.issuer,
    jwks_uri: targets.jwksUri,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    claims_supported: CLAIMS,
  };
  const base = targets.managedLoginUrl;
  if (base === undefined) return { ...common, response_types_supported: [] };
  const clientAuth = ['client_secret_basic', 'client_secret_post', 'none'];
  return {
    ...common,
    authorization_endpoint: `${base}/oauth2/authorize`,
    token_endpoint: `${base}/oauth2/token`,
    userinfo_endpoint: `${base}/oauth2/userInfo`,
    revocation_endpoint: `${base}/oauth2/revoke`,
    response_types_supported: ['code', 'token'],
    response_modes_supported: ['query', 'fragment'],
    grant_types_supported: ['authorization_code', 'implicit', 'refresh_token', 'client_credentials'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: clientAuth,
    revocation_endpoint_auth_methods_supported: clientAuth,
    scopes_supported: [...STANDARD_SCOPES, ...custom],
    prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
  };
}
