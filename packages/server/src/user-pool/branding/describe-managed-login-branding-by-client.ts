import { requirePoolClient } from '../app-clients/app-client-repository.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { boolean, clientIdSchema, object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { requireBrandingOfClient } from './branding-repository.js';
import { toBrandingType } from './branding-shapes.js';

/** DescribeManagedLoginBrandingByClient: the style of an app client. */
export const describeManagedLoginBrandingByClient = defineOperation(
  'DescribeManagedLoginBrandingByClient',
  object({ UserPoolId: userPoolIdSchema, ClientId: clientIdSchema, ReturnMergedResources: optional(boolean()) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('check the client', (ctx, i, s) => requirePoolClient(ctx, s.pool.id, i.ClientId))
  .step('branding', (ctx, i, s) => requireBrandingOfClient(ctx.db, s.pool.id, i.ClientId))
  .respond((_ctx, i, s) => ({ ManagedLoginBranding: toBrandingType(s.branding, i.ReturnMergedResources === true) }));
