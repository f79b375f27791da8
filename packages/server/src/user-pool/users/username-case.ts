// UsernameConfiguration.CaseSensitive: whether "Alice" and "alice" are one sign-in name or two. The
// rule is kept in users.username_key (the username NFC-normalized, lower-cased only in a
// case-insensitive pool), so the unique constraint users_pool_username holds it under concurrency.
// The same rule applies to the email a user signs in with (as an alias or as the username).
import type { PoolRecord } from '../pools/pool-repository.js';
import type { SqlParams } from '../../db/sql-params.js';

/** Whether the pool's usernames (and sign-in emails) match only in their exact case; false for pools without the setting (the demo pool). */
export function usernamesCaseSensitive(pool: Pick<PoolRecord, 'settings'>): boolean {
  const config = pool.settings.usernameConfiguration as { CaseSensitive?: unknown } | undefined;
  return config?.CaseSensitive === true;
}

/** The lookup key of a sign-in name: NFC-normalized, and lower-cased unless the pool is case-sensitive. */
export function usernameKey(username: string, caseSensitive: boolean): string {
  const nfc = username.normalize('NFC');
  return caseSensitive ? nfc : nfc.toLowerCase();
}

/** SQL (boolean) of whether the pool whose id is the SQL expression `poolIdSql` has case-sensitive usernames, as usernamesCaseSensitive. */
export function caseSensitiveSql(poolIdSql: string): string {
  return `coalesce((SELECT (cs.settings #>> '{usernameConfiguration,CaseSensitive}') = 'true' FROM user_pools cs WHERE cs.id = ${poolIdSql}), false)`;
}

/**
 * SQL (text) of the key of `username` in the pool whose id is the SQL expression `poolIdSql`, for
 * statements that have the pool's id but not its settings; adds its parameters to `params`.
 */
export function usernameKeySql(params: SqlParams, poolIdSql: string, username: string): string {
  const exact = params.add(usernameKey(username, true));
  const folded = params.add(usernameKey(username, false));
  return `(CASE WHEN ${caseSensitiveSql(poolIdSql)} THEN ${exact}::text ELSE ${folded}::text END)`;
}
