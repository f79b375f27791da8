import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { STANDARD_ATTRIBUTES } from '../users/attributes.js';
import { defineOperation } from '../operations/operation.js';
import { array, object, userPoolIdSchema } from '../wire/input-schema.js';
import { toPool, type CustomAttribute, type PoolRow } from './pool-repository.js';
import { customAttributeOf, MAX_CUSTOM_ATTRIBUTES, schemaAttributeSchema } from './pool-settings.js';

const STANDARD = new Set<string>(['sub', ...STANDARD_ATTRIBUTES]);

/**
 * AddCustomAttributes: 1–25 new custom attributes (named without the `custom:` prefix, which is
 * added; a name given with it is taken as is), at most 50 in the pool. An existing attribute cannot
 * be added again or changed, and a custom attribute cannot be required, as on Cognito.
 */
export const addCustomAttributes = defineOperation(
  'AddCustomAttributes',
  object({ UserPoolId: userPoolIdSchema, CustomAttributes: array(schemaAttributeSchema, { max: 25 }) }),
  { access: 'admin' },
)
  .step('wanted', (_ctx, i) => {
    if (i.CustomAttributes.length === 0) throw fail('InvalidParameterException', "1 validation error detected: Value at 'customAttributes' failed to satisfy constraint: Member must have length greater than or equal to 1");
    return i.CustomAttributes.map((attribute) => {
      if (attribute.Name !== undefined && STANDARD.has(attribute.Name)) throw fail('InvalidParameterException', `Existing attribute already has name ${attribute.Name}.`);
      return customAttributeOf(attribute);
    });
  })
  .do('add them', (ctx, i, s) =>
    ctx.audit.transaction(async (tx, audit) => {
      // The row lock orders concurrent additions, so two of them cannot both pass the count check.
      const rows = await tx.query<PoolRow>('SELECT * FROM user_pools WHERE id = $1 FOR UPDATE', [i.UserPoolId]);
      if (rows[0] === undefined) throw fail('ResourceNotFoundException', `User pool ${i.UserPoolId} does not exist.`);
      const pool = toPool(rows[0]);
      const names = new Set(pool.customAttributes.map((c) => c.name));
      for (const attribute of s.wanted) {
        if (names.has(attribute.name)) throw fail('InvalidParameterException', `Existing attribute already has name ${attribute.name}.`);
        names.add(attribute.name);
      }
      if (names.size > MAX_CUSTOM_ATTRIBUTES) throw fail('InvalidParameterException', `A user pool has at most ${MAX_CUSTOM_ATTRIBUTES} custom attributes; it has ${pool.customAttributes.length}.`);
      const all: CustomAttribute[] = [...pool.customAttributes, ...s.wanted];
      await tx.query('UPDATE user_pools SET custom_attributes = $2, updated_at = $3 WHERE id = $1', [pool.id, JSON.stringify(all), ctx.clock.now()]);
      audit.record(
        operationEvent(ctx, 'admin.pool.attributes_added', undefined, {
          record: { type: 'user_pool', id: pool.id },
          changes: fieldChanges({ customAttributes: pool.customAttributes.map((c) => c.name) }, { customAttributes: all.map((c) => c.name) }),
        }),
      );
    }),
  )
  .respond(() => ({}));
