// The session configuration of a pool (SetUserPoolSessionConfiguration) and of its app clients
// (SetUserPoolClientSessionConfiguration): stored, and read where they apply — session tracking
// gates the session operations, MaxPerUser evicts token sessions at sign-in (user-session-repository.ts),
// and a client's SSO MaxValidityMinutes bounds how long managed login silently reuses a hosted session.
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { PoolRecord } from '../pools/pool-repository.js';

/** The pool's session configuration, in Cognito's shape. */
export interface PoolSessionConfiguration {
  readonly UserSessionTracking: 'ENABLED' | 'DISABLED';
  readonly TokenSession: { readonly MaxPerUser: number };
}

/** Key of user_pools.settings holding it. */
export const SESSION_CONFIGURATION_KEY = 'sessionConfiguration';

/** What a pool has until SetUserPoolSessionConfiguration is called (Cognito's defaults). */
export const DEFAULT_POOL_SESSION_CONFIGURATION: PoolSessionConfiguration = { UserSessionTracking: 'DISABLED', TokenSession: { MaxPerUser: 20 } };

/** Cognito's default and range of a client's SSO MaxValidityMinutes (0: never reuse silently; 129 600: 90 days). */
export const SSO_MAX_VALIDITY = { default: 60, min: 0, max: 129600 } as const;

/** The pool's session configuration (its defaults when never set). */
export function poolSessionConfiguration(pool: Pick<PoolRecord, 'settings'>): PoolSessionConfiguration {
  const stored = pool.settings[SESSION_CONFIGURATION_KEY] as Partial<PoolSessionConfiguration> | undefined;
  const max = stored?.TokenSession?.MaxPerUser;
  return {
    UserSessionTracking: stored?.UserSessionTracking === 'ENABLED' ? 'ENABLED' : 'DISABLED',
    TokenSession: { MaxPerUser: typeof max === 'number' ? max : DEFAULT_POOL_SESSION_CONFIGURATION.TokenSession.MaxPerUser },
  };
}

/** OperationNotEnabledException unless the pool tracks sessions (the session operations need it, as on Cognito). */
export function requireSessionTracking(pool: PoolRecord): void {
  if (poolSessionConfiguration(pool).UserSessionTracking !== 'ENABLED') {
    throw fail('OperationNotEnabledException', `Session tracking is not enabled for user pool ${pool.id}; turn it on with SetUserPoolSessionConfiguration.`);
  }
}

/** Stores the pool's session configuration (its key of user_pools.settings only: the other settings stay). */
export async function savePoolSessionConfiguration(q: Queryable, poolId: string, configuration: PoolSessionConfiguration, now: Date): Promise<void> {
  await q.query(`UPDATE user_pools SET settings = settings || jsonb_build_object('${SESSION_CONFIGURATION_KEY}', $2::jsonb), updated_at = $3 WHERE id = $1`, [
    poolId,
    JSON.stringify(configuration),
    now,
  ]);
}

/** The client's SSO MaxValidityMinutes (the default when never set); undefined when the pool has no such client. */
export async function clientSsoMaxValidityMinutes(q: Queryable, poolId: string, clientId: string): Promise<number | undefined> {
  const rows = await q.query<{ minutes: number | null }>('SELECT sso_max_validity_minutes AS minutes FROM app_clients WHERE id = $1 AND pool_id = $2', [clientId, poolId]);
  const row = rows[0];
  return row === undefined ? undefined : (row.minutes ?? SSO_MAX_VALIDITY.default);
}
