import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { boolean, object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { auditedBranding, brandingContent } from './branding-content.js';
import { requireBranding, updateBranding, type BrandingContent } from './branding-repository.js';
import { assetsSchema, brandingIdSchema, settingsDocument, toBrandingType } from './branding-shapes.js';

/**
 * UpdateManagedLoginBranding. UseCognitoProvidedValues true drops Settings and Assets; otherwise
 * Settings and Assets given replace the stored ones and those left out are kept.
 */
export const updateManagedLoginBranding = defineOperation(
  'UpdateManagedLoginBranding',
  object({ UserPoolId: userPoolIdSchema, ManagedLoginBrandingId: brandingIdSchema, UseCognitoProvidedValues: optional(boolean()), Settings: optional(settingsDocument()), Assets: assetsSchema }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('current', (ctx, i, s) => requireBranding(ctx.db, s.pool.id, i.ManagedLoginBrandingId))
  .step('content', (_ctx, i, s): BrandingContent => {
    if (i.UseCognitoProvidedValues === true) return brandingContent(i);
    const checked = brandingContent({ Settings: i.Settings, Assets: i.Assets });
    return {
      useCognitoProvidedValues: false,
      settings: i.Settings !== undefined ? checked.settings : s.current.settings,
      assets: i.Assets !== undefined ? checked.assets : s.current.assets,
    };
  })
  .do('save the branding', async (ctx, i, s) => {
    const saved = await ctx.audit.change(
      (tx) => updateBranding(tx, s.current.id, s.content, ctx.clock.now()),
      (done) =>
        done
          ? operationEvent(ctx, 'admin.branding.updated', undefined, {
              record: { type: 'managed_login_branding', id: s.current.id },
              related: [{ type: 'app_client', id: s.current.clientId }],
              changes: fieldChanges(auditedBranding(s.current), auditedBranding(s.content)),
            })
          : undefined,
    );
    if (!saved) throw fail('ResourceNotFoundException', `Managed login branding ${i.ManagedLoginBrandingId} does not exist.`);
  })
  .step('updated', (ctx, _i, s) => requireBranding(ctx.db, s.pool.id, s.current.id))
  .respond((_ctx, _i, s) => ({ ManagedLoginBranding: toBrandingType(s.updated, false) }));
