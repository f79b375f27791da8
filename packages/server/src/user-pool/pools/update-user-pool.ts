import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { defineOperation } from '../operations/operation.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { describePool } from './pool-description.js';
import { requirePool } from './pool-repository.js';
import { resolvePoolWrite, storedSetting, updatePoolMembers } from './pool-settings.js';

/** What the audit trail compares before and after an update: the pool's settings without counters and dates. */
function audited(pool: Awaited<ReturnType<typeof describePool>>): Record<string, unknown> {
  const { EstimatedNumberOfUsers: _users, LastModifiedDate: _modified, CreationDate: _created, SchemaAttributes: _schema, ...settings } = pool;
  return settings;
}

/**
 * UpdateUserPool, with Cognito's semantics: the request is the pool's whole updatable setup, so a
 * member left out takes its default (MFA off, no triggers, the default password policy and
 * messages, no device tracking, deletion protection off) — describe the pool and send everything
 * back to change one thing. PoolName and UserPoolTags left out are kept. What CreateUserPool fixes
 * for good (Schema, UsernameAttributes, AliasAttributes, UsernameConfiguration) is not a member.
 */
export const updateUserPool = defineOperation('UpdateUserPool', object({ UserPoolId: userPoolIdSchema, ...updatePoolMembers }), { access: 'admin' })
  .step('current', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('write', (_ctx, i, s) => {
    const write = resolvePoolWrite(i, { name: s.current.name, tags: storedSetting(s.current, 'userPoolTags') ?? {} });
    // The MFA methods are SetUserPoolMfaConfig's: kept, unless MFA comes on in a pool that has none.
    return s.current.enabledMfas.length > 0 ? { ...write, enabledMfas: s.current.enabledMfas } : write;
  })
  .step('before', (ctx, i) => describePool(ctx, i.UserPoolId))
  .do('store the settings', (ctx, i, s) =>
    ctx.audit.transaction(async (tx, audit) => {
      await tx.query(
        `UPDATE user_pools SET name = $2, mfa_configuration = $3, enabled_mfas = $4, password_policy = $5, auto_verified_attributes = $6,
                device_configuration = $7, settings = settings || $8::jsonb, updated_at = $9 WHERE id = $1`,
        [
          i.UserPoolId,
          s.write.name,
          s.write.mfaConfiguration,
          JSON.stringify(s.write.enabledMfas),
          JSON.stringify(s.write.passwordPolicy),
          JSON.stringify(s.write.autoVerifiedAttributes),
          JSON.stringify(s.write.deviceConfiguration),
          JSON.stringify(s.write.settings),
          ctx.clock.now(),
        ],
      );
      const after = await describePool({ db: tx, config: ctx.config }, i.UserPoolId);
      audit.record(operationEvent(ctx, 'admin.pool.updated', undefined, { record: { type: 'user_pool', id: i.UserPoolId }, changes: fieldChanges(audited(s.before), audited(after)) }));
    }),
  )
  .respond(() => ({}));
