// The identity pool: GetId and GetCredentialsForIdentity on the same JSON 1.1 endpoint, with
// X-Amz-Target AWSCognitoIdentityService.<Op>. Authenticated identities are keyed by the user
// pool's provider name and the user's sub; guests exist only when enabled.
import { randomBytes, randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../db/database.js';
import { fail } from '../errors/catalogue.js';
import { addSeconds, epochSeconds } from '../time/clock.js';
import type { OperationContext } from '../user-pool/operations/operation-context.js';
import { defineOperation } from '../user-pool/operations/operation.js';
import { object, optional, string, stringMap } from '../user-pool/wire/input-schema.js';

const service = { service: 'AWSCognitoIdentityService' } as const;
const identityPoolIdSchema = string({ min: 1, max: 55, pattern: /^[\w-]+:[0-9a-f-]+$/ });
const identityIdSchema = string({ min: 1, max: 55, pattern: /^[\w-]+:[0-9a-f-]+$/ });
const loginsSchema = optional(stringMap({ maxEntries: 10, maxValueLength: 50_000 }));

/** Lifetime of the credentials GetCredentialsForIdentity hands out. */
const CREDENTIALS_TTL_SECONDS = 3600;

interface IdentityPoolRow {
  id: string;
  allow_unauthenticated: boolean;
  user_pool_id: string | null;
  client_ids: string[];
}

async function requireIdentityPool(ctx: OperationContext, id: string): Promise<IdentityPoolRow> {
  const rows = await ctx.db.query<IdentityPoolRow>('SELECT id, allow_unauthenticated, user_pool_id, client_ids FROM identity_pools WHERE id = $1', [id]);
  if (rows[0] === undefined) throw fail('ResourceNotFoundException', `IdentityPool '${id}' not found.`);
  return rows[0];
}

/** The provider name of a user pool in Logins maps: the issuer without its scheme. */
export function providerName(ctx: OperationContext, userPoolId: string): string {
  return ctx.tokens.issuer(userPoolId).replace(/^https?:\/\//, '');
}

/** Checks the Logins map against the identity pool: one id token of its user pool, for one of its clients. Returns the login key, or null for a guest. */
async function loginKey(ctx: OperationContext, pool: IdentityPoolRow, logins: Record<string, string> | undefined): Promise<string | null> {
  const entries = Object.entries(logins ?? {});
  if (entries.length === 0) return null;
  if (pool.user_pool_id === null) throw fail('NotAuthorizedException', 'This identity pool has no user pool provider.');
  const expected = providerName(ctx, pool.user_pool_id);
  const [provider, token] = entries[0] ?? ['', ''];
  if (entries.length > 1 || provider !== expected) throw fail('NotAuthorizedException', `Invalid login token. Only ${expected} is a provider of this identity pool.`);
  const { claims, poolId } = await ctx.tokens.verifyIdToken(token).catch(() => {
    throw fail('NotAuthorizedException', 'Invalid login token.');
  });
  if (poolId !== pool.user_pool_id || (pool.client_ids.length > 0 && !pool.client_ids.includes(claims.aud))) throw fail('NotAuthorizedException', 'Invalid login token. Token is not from a supported provider of this identity pool.');
  return `${provider}:${claims.sub}`;
}

function guestsAllowed(ctx: OperationContext, pool: IdentityPoolRow): boolean {
  return pool.allow_unauthenticated || ctx.config.allowGuestIdentities;
}

/** GetId: the identity of the signed-in user (stable per user), or a new guest identity when guests are allowed. */
export const getId = defineOperation('GetId', object({ IdentityPoolId: identityPoolIdSchema, AccountId: optional(string({ max: 15 })), Logins: loginsSchema }), service)
  .step('pool', (ctx, i) => requireIdentityPool(ctx, i.IdentityPoolId))
  .step('login', (ctx, i, s) => loginKey(ctx, s.pool, i.Logins))
  .step('identityId', async (ctx, i, s) => {
    if (s.login === null && !guestsAllowed(ctx, s.pool)) throw fail('NotAuthorizedException', 'Unauthenticated access is not supported for this identity pool.');
    const now = ctx.clock.now();
    if (s.login !== null) {
      const existing = await ctx.db.query<{ id: string }>('UPDATE identities SET last_used_at = $3 WHERE identity_pool_id = $1 AND login_key = $2 RETURNING id', [s.pool.id, s.login, now]);
      if (existing[0] !== undefined) return existing[0].id;
    }
    const region = i.IdentityPoolId.split(':')[0] ?? ctx.config.region;
    const id = `${region}:${randomUUID()}`;
    try {
      await ctx.db.query('INSERT INTO identities (id, identity_pool_id, login_key, created_at, last_used_at) VALUES ($1, $2, $3, $4, $4)', [id, s.pool.id, s.login, now]);
      return id;
    } catch (error) {
      // Two first calls of the same user at once: the other insert won; use its identity.
      if (!isUniqueViolation(error) || s.login === null) throw error;
      const rows = await ctx.db.query<{ id: string }>('SELECT id FROM identities WHERE identity_pool_id = $1 AND login_key = $2', [s.pool.id, s.login]);
      if (rows[0] === undefined) throw error;
      return rows[0].id;
    }
  })
  .respond((_ctx, _i, s) => ({ IdentityId: s.identityId }));

/**
 * GetCredentialsForIdentity: short-lived credentials for an identity. An authenticated identity
 * needs its user's id token in Logins. There is no AWS account behind this server, so the keys only
 * identify the caller; they grant nothing elsewhere.
 */
export const getCredentialsForIdentity = defineOperation(
  'GetCredentialsForIdentity',
  object({ IdentityId: identityIdSchema, Logins: loginsSchema, CustomRoleArn: optional(string({ max: 2048 })) }),
  service,
)
  .step('identity', async (ctx, i) => {
    const rows = await ctx.db.query<{ id: string; identity_pool_id: string; login_key: string | null }>('SELECT id, identity_pool_id, login_key FROM identities WHERE id = $1', [i.IdentityId]);
    if (rows[0] === undefined) throw fail('ResourceNotFoundException', `Identity '${i.IdentityId}' not found.`);
    return rows[0];
  })
  .step('pool', (ctx, _i, s) => requireIdentityPool(ctx, s.identity.identity_pool_id))
  .do('check the login of the identity', async (ctx, i, s) => {
    const login = await loginKey(ctx, s.pool, i.Logins);
    if (s.identity.login_key !== null && login !== s.identity.login_key) throw fail('NotAuthorizedException', 'Invalid login token. The identity belongs to a signed-in user.');
    if (s.identity.login_key === null && !guestsAllowed(ctx, s.pool)) throw fail('NotAuthorizedException', 'Unauthenticated access is not supported for this identity pool.');
  })
  .respond((ctx, _i, s) => ({
    IdentityId: s.identity.id,
    Credentials: {
      AccessKeyId: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`,
      SecretKey: randomBytes(30).toString('base64'),
      SessionToken: randomBytes(96).toString('base64'),
      Expiration: epochSeconds(addSeconds(ctx.clock.now(), CREDENTIALS_TTL_SECONDS)),
    },
  }));
