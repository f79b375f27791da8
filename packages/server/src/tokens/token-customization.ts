// Changes to a token's claims and scopes decided before signing (the PreTokenGeneration trigger,
// user-pool/triggers/pre-token-generation.ts). The token service asks its customizer, if one is
// installed, and applies the answer here; claims that make a token what it is can never change.
import type { ClientRecord, PoolRecord } from '../user-pool/pools/pool-repository.js';
import type { UserRecord } from '../user-pool/users/user-repository.js';

/** Claim changes for one token. */
export interface ClaimChanges {
  readonly addOrOverride?: Readonly<Record<string, unknown>>;
  readonly suppress?: readonly string[];
}

/** What a customizer decided (absent parts change nothing). */
export interface TokenCustomization {
  readonly idToken?: ClaimChanges;
  readonly accessToken?: ClaimChanges & { readonly scopesToAdd?: readonly string[]; readonly scopesToSuppress?: readonly string[] };
  /** cognito:groups of both tokens, replaced. */
  readonly groups?: readonly string[];
  /** cognito:roles of the id token. */
  readonly iamRoles?: readonly string[];
  /** cognito:preferred_role of the id token. */
  readonly preferredRole?: string;
}

/** Why tokens are being issued (Cognito's TokenGeneration_* trigger sources). */
export type TokenGenerationSource = 'Authentication' | 'HostedAuth' | 'RefreshTokens';

/** Asked before each pair of access and id tokens is signed. */
export type TokenCustomizer = (request: {
  readonly client: ClientRecord;
  readonly user: UserRecord;
  readonly groups: readonly string[];
  readonly scopes: readonly string[];
  readonly source: TokenGenerationSource;
  /** The user's pool when the caller had it at hand. */
  readonly pool?: PoolRecord;
  /** The ClientMetadata of the call that completed the sign-in, if any. */
  readonly clientMetadata?: Readonly<Record<string, string>>;
}) => Promise<TokenCustomization | undefined>;

/** Asked before a client_credentials access token is signed: no user, the app client itself (PreTokenGeneration V3_0). */
export type ClientTokenCustomizer = (request: {
  readonly client: ClientRecord;
  /** The scopes granted before customization. */
  readonly scopes: readonly string[];
  /** The request's client metadata (the token endpoint's aws_client_metadata, GetClientToken's ClientMetadata), if any. */
  readonly clientMetadata?: Readonly<Record<string, string>>;
}) => Promise<TokenCustomization | undefined>;

/**
 * Claims no customization may add, override or suppress (Cognito's list: the claims that say whose
 * token it is, for whom, since when and until when, and how it is verified or revoked). cognito:groups
 * changes only through `groups`, scope only through the scope lists.
 */
export const PROTECTED_CLAIMS: ReadonlySet<string> = new Set([
  'acr', 'amr', 'aud', 'at_hash', 'auth_time', 'azp', 'c_hash', 'client_id', 'cognito:username', 'device_key', 'event_id', 'exp', 'iat', 'identities', 'iss', 'jti', 'nbf',
  'nonce', 'origin_jti', 'scope', 'sub', 'token_use', 'username', 'version', 'cognito:groups', 'cognito:roles', 'cognito:preferred_role',
]);

/** Applies claim changes to a token's payload (protected claims untouched). */
export function applyClaimChanges(payload: Record<string, unknown>, changes: ClaimChanges | undefined): Record<string, unknown> {
  if (changes === undefined) return payload;
  const result = { ...payload };
  for (const name of changes.suppress ?? []) if (!PROTECTED_CLAIMS.has(name)) delete result[name];
  for (const [name, value] of Object.entries(changes.addOrOverride ?? {})) if (!PROTECTED_CLAIMS.has(name)) result[name] = value;
  return result;
}

/** The scope list after a customization: suppressed ones removed, added ones appended (the user-pool API scope is never added). */
export function customizedScopes(scopes: readonly string[], customization: TokenCustomization | undefined, userPoolApiScope: string): string[] {
  const suppress = new Set(customization?.accessToken?.scopesToSuppress ?? []);
  const result = scopes.filter((s) => !suppress.has(s));
  // Adding aws.cognito.signin.user.admin would hand a webhook the power to grant the user-pool API.
  for (const scope of customization?.accessToken?.scopesToAdd ?? []) if (scope !== userPoolApiScope && !result.includes(scope)) result.push(scope);
  return result;
}
