import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { boolean, object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { requireBranding } from './branding-repository.js';
import { brandingIdSchema, toBrandingType } from './branding-shapes.js';

/** DescribeManagedLoginBranding; with ReturnMergedResources, Settings laid on Steward's defaults. */
export const describeManagedLoginBranding = defineOperation(
  'DescribeManagedLoginBranding',
  object({ UserPoolId: userPoolIdSchema, ManagedLoginBrandingId: brandingIdSchema, ReturnMergedResources: optional(boolean()) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('branding', (ctx, i, s) => requireBranding(ctx.db, s.pool.id, i.ManagedLoginBrandingId))
  .respond((_ctx, i, s) => ({ ManagedLoginBranding: toBrandingType(s.branding, i.ReturnMergedResources === true) }));
