import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { domainSchema } from './domain-input.js';

/** DeleteUserPoolDomain: unbinds the domain from its pool (it must be that pool's). */
export const deleteUserPoolDomain = defineOperation('DeleteUserPoolDomain', object({ Domain: domainSchema, UserPoolId: userPoolIdSchema }), { access: 'admin' })
  .do('delete it', async (ctx, i) => {
    const deleted = await ctx.audit.change(
      (tx) => tx.query('DELETE FROM user_pool_domains WHERE domain = $1 AND pool_id = $2 RETURNING 1', [i.Domain.toLowerCase(), i.UserPoolId]),
      (rows) => (rows.length > 0 ? operationEvent(ctx, 'admin.domain.deleted', undefined, { record: { type: 'user_pool', id: i.UserPoolId }, details: { domain: i.Domain.toLowerCase() } }) : undefined),
    );
    if (deleted.length === 0) throw fail('InvalidParameterException', `Domain ${i.Domain} is not a domain of user pool ${i.UserPoolId}.`);
  })
  .respond(() => ({}));
