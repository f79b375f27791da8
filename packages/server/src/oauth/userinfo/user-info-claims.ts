// Which user attributes /oauth2/userInfo answers with, by the access token's scopes, as Cognito:
// `openid` alone gives every attribute the app client may read; with `email`, `phone` or `profile`
// it gives those scopes' claims only. `sub` and `username` always; aws.cognito.signin.user.admin
// changes nothing.
import { attributeClaims } from '../../tokens/token-service.js';
import type { ClientRecord } from '../../user-pool/pools/pool-repository.js';
import type { UserRecord } from '../../user-pool/users/user-repository.js';

/** OIDC's standard profile claims (OpenID Connect Core §5.4). */
export const PROFILE_CLAIMS: readonly string[] = [
  'name',
  'family_name',
  'given_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'updated_at',
  'address',
];

const SCOPE_CLAIMS: Readonly<Record<string, readonly string[]>> = {
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
  profile: PROFILE_CLAIMS,
};

/** The userInfo response of `user` for a token with `scopes`, through `client` (its read attributes). */
export function userInfoClaims(user: UserRecord, client: ClientRecord, scopes: readonly string[]): Record<string, unknown> {
  const readable = attributeClaims(user, client);
  const limiting = Object.keys(SCOPE_CLAIMS).filter((s) => scopes.includes(s));
  const wanted = (name: string): boolean =>
    limiting.length === 0 || limiting.some((s) => SCOPE_CLAIMS[s]?.includes(name) === true) || (scopes.includes('profile') && name.startsWith('custom:'));
  const claims: Record<string, unknown> = { sub: user.sub };
  for (const [name, value] of Object.entries(readable)) if (name !== 'sub' && wanted(name)) claims[name] = value;
  claims.username = user.username;
  return claims;
}
