import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { object, userPoolIdSchema } from '../wire/input-schema.js';
import { auditedBranding } from './branding-content.js';
import { deleteBranding, requireBranding } from './branding-repository.js';
import { brandingIdSchema } from './branding-shapes.js';

/** DeleteManagedLoginBranding: the client's pages go back to the default look. */
export const deleteManagedLoginBranding = defineOperation('DeleteManagedLoginBranding', object({ UserPoolId: userPoolIdSchema, ManagedLoginBrandingId: brandingIdSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('current', (ctx, i, s) => requireBranding(ctx.db, s.pool.id, i.ManagedLoginBrandingId))
  .do('delete the branding', async (ctx, i, s) => {
    const deleted = await ctx.audit.change(
      (tx) => deleteBranding(tx, s.current.id),
      (done) =>
        done
          ? operationEvent(ctx, 'admin.branding.deleted', undefined, {
              record: { type: 'managed_login_branding', id: s.current.id },
              related: [{ type: 'app_client', id: s.current.clientId }],
              changes: fieldChanges(auditedBranding(s.current), null),
            })
          : undefined,
    );
    if (!deleted) throw fail('ResourceNotFoundException', `Managed login branding ${i.ManagedLoginBrandingId} does not exist.`);
  })
  .respond(() => ({}));
