import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import type { OperationContext } from '../operations/operation-context.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { deleteProvider, requireProvider } from './identity-provider-repository.js';
import { auditedProvider, providerOfPool } from './identity-provider-shapes.js';
import { refreshIdentitiesAttribute, subsLinkedTo } from './linked-identities.js';

/** Refuses while an app client names the provider: a client must never offer a provider that does not exist. */
async function assertNoClientUses(ctx: OperationContext, poolId: string, name: string): Promise<void> {
  const rows = await ctx.db.query<{ id: string }>('SELECT id FROM app_clients WHERE pool_id = $1 AND supported_identity_providers @> jsonb_build_array($2::text) ORDER BY created_at, id LIMIT 1', [poolId, name]);
  const client = rows[0];
  if (client !== undefined) throw fail('InvalidParameterException', `Identity provider ${name} is supported by app client ${client.id}; remove it from the client's SupportedIdentityProviders first.`);
}

/** DeleteIdentityProvider: the provider, its identifiers, and the identities linked through it (users' `identities` follow). */
export const deleteIdentityProvider = defineOperation('DeleteIdentityProvider', providerOfPool, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('provider', (ctx, i, s) => requireProvider(ctx, s.pool.id, i.ProviderName))
  .do('keep providers clients support', (ctx, i, s) => assertNoClientUses(ctx, s.pool.id, i.ProviderName))
  .do('delete the provider', async (ctx, i, s) => {
    const deleted = await ctx.audit.change(
      async (tx) => {
        const linked = await subsLinkedTo(tx, s.provider.id);
        if (!(await deleteProvider(tx, s.provider.id))) return false;
        for (const sub of linked) await refreshIdentitiesAttribute(tx, sub, ctx.clock.now());
        return true;
      },
      (done) =>
        done
          ? operationEvent(ctx, 'admin.identity_provider.deleted', undefined, {
              record: { type: 'identity_provider', id: `${s.pool.id}/${s.provider.name}` },
              changes: fieldChanges(auditedProvider(s.provider), null),
            })
          : undefined,
    );
    if (!deleted) throw fail('ResourceNotFoundException', `Identity provider ${i.ProviderName} does not exist in user pool ${s.pool.id}.`);
  })
  .respond(() => ({}));
