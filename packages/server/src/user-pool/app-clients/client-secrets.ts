// Client-secret rotation: AddUserPoolClientSecret, ListUserPoolClientSecrets, DeleteUserPoolClientSecret.
// A confidential client has at most two active secrets; both are accepted in SECRET_HASH, in
// GetTokensFromRefreshToken / RevokeToken and at the OAuth endpoints (app-client-checks.ts,
// client-authentication.ts). The first is app_clients.secret (what DescribeUserPoolClient shows);
// the second lives in app_clients.more_secrets, sealed the same way. Deleting the first promotes the
// second; the last one cannot be deleted (migration 0012).
import { operationEvent } from '../../audit/operation-audit.js';
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool, sealClientSecret } from '../pools/pool-repository.js';
import { clientIdSchema, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { newClientSecret } from './app-client-repository.js';

/** Cognito's limit of active secrets per app client. */
export const MAX_CLIENT_SECRETS = 2;

/** One stored secret: its id, its sealed value, when it was created. */
interface StoredSecret {
  readonly id: string;
  readonly sealed: string;
  readonly createdAt: Date;
}

interface SecretRow {
  id: string;
  secret: string | null;
  secret_id: string | null;
  secret_created_at: Date | null;
  more_secrets: { id: string; secret: string; createdAt: string }[] | null;
  created_at: Date;
}

/** A ClientSecretId in Cognito's form: `<client id>--<epoch milliseconds of its creation>`. */
function secretId(clientId: string, at: Date): string {
  return `${clientId}--${at.getTime()}`;
}

/** The client's row locked for a change of its secrets; ResourceNotFoundException when the pool has no such client. */
async function lockClientSecrets(tx: Queryable, poolId: string, clientId: string): Promise<{ row: SecretRow; secrets: StoredSecret[] }> {
  const rows = await tx.query<SecretRow>(
    'SELECT id, secret, secret_id, secret_created_at, more_secrets, created_at FROM app_clients WHERE id = $1 AND pool_id = $2 FOR UPDATE',
    [clientId, poolId],
  );
  const row = rows[0];
  if (row === undefined) throw fail('ResourceNotFoundException', `User pool client ${clientId} does not exist.`);
  return { row, secrets: storedSecrets(row) };
}

/** The active secrets of a client row, the one DescribeUserPoolClient shows first. */
function storedSecrets(row: SecretRow): StoredSecret[] {
  if (row.secret === null) return [];
  const createdAt = new Date(row.secret_created_at ?? row.created_at);
  const first: StoredSecret = { id: row.secret_id ?? secretId(row.id, new Date(row.created_at)), sealed: row.secret, createdAt };
  return [first, ...(row.more_secrets ?? []).map((m) => ({ id: m.id, sealed: m.secret, createdAt: new Date(m.createdAt) }))];
}

/** Writes the client's secrets back: the first in `secret`, the rest in `more_secrets`. */
async function saveSecrets(tx: Queryable, clientId: string, secrets: readonly StoredSecret[], now: Date): Promise<void> {
  const [first, ...more] = secrets;
  if (first === undefined) throw new Error('a confidential client keeps at least one secret');
  await tx.query('UPDATE app_clients SET secret = $2, secret_id = $3, secret_created_at = $4, more_secrets = $5, updated_at = $6 WHERE id = $1', [
    clientId,
    first.sealed,
    first.id,
    first.createdAt,
    JSON.stringify(more.map((m) => ({ id: m.id, secret: m.sealed, createdAt: m.createdAt.toISOString() }))),
    now,
  ]);
}

/** A ClientSecretDescriptorType without the value (what ListUserPoolClientSecrets shows). */
function descriptor(secret: StoredSecret): { ClientSecretId: string; ClientSecretCreateDate: number } {
  return { ClientSecretId: secret.id, ClientSecretCreateDate: secret.createdAt.getTime() / 1000 };
}

const clientOfPool = { UserPoolId: userPoolIdSchema, ClientId: clientIdSchema };

/**
 * AddUserPoolClientSecret: a second active secret for a confidential client (generated, or the
 * ClientSecret given). The value is answered only when the server generated it, as Cognito's.
 */
export const addUserPoolClientSecret = defineOperation(
  'AddUserPoolClientSecret',
  object({ ...clientOfPool, ClientSecret: optional(string({ min: 24, max: 64, pattern: /^[\w+]+$/ })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('added', (ctx, i, s) =>
    ctx.audit.transaction(async (tx, audit) => {
      const { secrets } = await lockClientSecrets(tx, s.pool.id, i.ClientId);
      if (secrets.length === 0) throw fail('InvalidParameterException', `User pool client ${i.ClientId} has no client secret: secrets can be added to confidential clients only.`);
      if (secrets.length >= MAX_CLIENT_SECRETS) {
        throw fail('LimitExceededException', `User pool client ${i.ClientId} already has ${MAX_CLIENT_SECRETS} client secrets; delete one before adding another.`);
      }
      const value = i.ClientSecret ?? newClientSecret();
      // Two secrets added within one millisecond still get distinct ids.
      let at = ctx.clock.now();
      while (secrets.some((x) => x.id === secretId(i.ClientId, at))) at = new Date(at.getTime() + 1);
      const added: StoredSecret = { id: secretId(i.ClientId, at), sealed: sealClientSecret(ctx.secrets, i.ClientId, value), createdAt: at };
      await saveSecrets(tx, i.ClientId, [...secrets, added], ctx.clock.now());
      audit.record(operationEvent(ctx, 'admin.client.secret_added', undefined, { record: { type: 'app_client', id: i.ClientId }, details: { clientSecretId: added.id } }));
      return { added, value: i.ClientSecret === undefined ? value : undefined };
    }),
  )
  .respond((_ctx, _i, s) => ({
    ClientSecretDescriptor: { ...descriptor(s.added.added), ...(s.added.value !== undefined ? { ClientSecretValue: s.added.value } : {}) },
  }));

/** ListUserPoolClientSecrets: the ids and dates of the client's active secrets (never their values); one page. */
export const listUserPoolClientSecrets = defineOperation(
  'ListUserPoolClientSecrets',
  object({ ...clientOfPool, NextToken: optional(string({ min: 1, max: 131072, pattern: /^[\S]+$/ })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('secrets', async (ctx, i, s) => {
    const rows = await ctx.db.query<SecretRow>('SELECT id, secret, secret_id, secret_created_at, more_secrets, created_at FROM app_clients WHERE id = $1 AND pool_id = $2', [
      i.ClientId,
      s.pool.id,
    ]);
    if (rows[0] === undefined) throw fail('ResourceNotFoundException', `User pool client ${i.ClientId} does not exist.`);
    // There are never more than two: every list is one page, and no NextToken is ever handed out.
    if (i.NextToken !== undefined) throw fail('InvalidParameterException', 'Invalid pagination token.');
    return storedSecrets(rows[0]);
  })
  .respond((_ctx, _i, s) => ({ ClientSecrets: s.secrets.map(descriptor) }));

/** DeleteUserPoolClientSecret: ends one of the client's secrets at once; the last one stays (InvalidParameterException). */
export const deleteUserPoolClientSecret = defineOperation(
  'DeleteUserPoolClientSecret',
  object({ ...clientOfPool, ClientSecretId: string({ min: 1, max: 128 }) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('delete the secret', (ctx, i, s) =>
    ctx.audit.transaction(async (tx, audit) => {
      const { secrets } = await lockClientSecrets(tx, s.pool.id, i.ClientId);
      const remaining = secrets.filter((x) => x.id !== i.ClientSecretId);
      if (remaining.length === secrets.length) throw fail('ResourceNotFoundException', `Client secret ${i.ClientSecretId} does not exist for user pool client ${i.ClientId}.`);
      if (remaining.length === 0) throw fail('InvalidParameterException', `Client secret ${i.ClientSecretId} is the last secret of user pool client ${i.ClientId}; it cannot be deleted.`);
      await saveSecrets(tx, i.ClientId, remaining, ctx.clock.now());
      audit.record(operationEvent(ctx, 'admin.client.secret_deleted', undefined, { record: { type: 'app_client', id: i.ClientId }, details: { clientSecretId: i.ClientSecretId } }));
    }),
  )
  .respond(() => ({}));
