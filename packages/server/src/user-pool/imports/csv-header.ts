// The columns of an import file: Cognito's GetCSVHeader order (standard attributes, the pool's
// custom attributes, then cognito:mfa_enabled and cognito:username).
import type { PoolRecord } from '../pools/pool-repository.js';

/** The standard attributes in the order GetCSVHeader lists them (Cognito's, not alphabetical). */
export const CSV_STANDARD_COLUMNS = [
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'email',
  'email_verified',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'phone_number_verified',
  'address',
  'updated_at',
] as const;

/** The column that must name each user. */
export const USERNAME_COLUMN = 'cognito:username';

/** The column saying whether the user has SMS MFA on. */
export const MFA_COLUMN = 'cognito:mfa_enabled';

/** The header of an import file for `pool`. */
export function csvHeaderOf(pool: PoolRecord): string[] {
  return [...CSV_STANDARD_COLUMNS, ...pool.customAttributes.map((c) => c.name), MFA_COLUMN, USERNAME_COLUMN];
}
