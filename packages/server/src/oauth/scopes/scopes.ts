// OAuth scopes of managed login: the standard ones Cognito knows and the custom scopes of the pool's
// resource servers (`<identifier>/<scope name>`).
import type { Queryable } from '../../db/database.js';

/** Scopes every pool has. */
export const STANDARD_SCOPES = ['openid', 'email', 'phone', 'profile', 'aws.cognito.signin.user.admin'] as const;

/** Whether a scope is a resource server's (`<identifier>/<scope name>`). */
export function isCustomScope(scope: string): boolean {
  return !(STANDARD_SCOPES as readonly string[]).includes(scope) && scope.includes('/');
}

/** The scopes of a `scope` parameter: space-separated, each once, in the order given. */
export function parseScope(text: string | undefined): string[] {
  if (text === undefined) return [];
  return [...new Set(text.split(' ').filter((s) => s !== ''))];
}

/** Every custom scope the pool's resource servers define. */
export async function resourceServerScopes(q: Queryable, poolId: string): Promise<Set<string>> {
  const rows = await q.query<{ identifier: string; scopes: { ScopeName?: unknown }[] }>('SELECT identifier, scopes FROM resource_servers WHERE pool_id = $1', [poolId]);
  const scopes = new Set<string>();
  for (const row of rows) {
    for (const scope of Array.isArray(row.scopes) ? row.scopes : []) if (typeof scope.ScopeName === 'string') scopes.add(`${row.identifier}/${scope.ScopeName}`);
  }
  return scopes;
}

/** Whether `scope` exists in the pool: a standard scope, or a custom one its resource servers define. */
export function scopeExists(scope: string, custom: ReadonlySet<string>): boolean {
  return (STANDARD_SCOPES as readonly string[]).includes(scope) || custom.has(scope);
}
