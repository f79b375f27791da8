import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { clientIdSchema, object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { customizationKey } from './set-ui-customization.js';
import { ALL_CLIENTS, findCustomization } from './ui-customization-repository.js';
import { toUiCustomizationType } from './ui-customization-shapes.js';

/** GetUICustomization: the client's own customization, else the pool's (ClientId ALL), as managed login applies them. */
export const getUiCustomization = defineOperation('GetUICustomization', object({ UserPoolId: userPoolIdSchema, ClientId: optional(clientIdSchema) }), { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('clientKey', (ctx, i, s) => customizationKey(ctx, s.pool.id, i.ClientId))
  .step('customization', async (ctx, _i, s) => {
    const own = await findCustomization(ctx.db, s.pool.id, s.clientKey);
    return own ?? (s.clientKey === ALL_CLIENTS ? undefined : await findCustomization(ctx.db, s.pool.id, ALL_CLIENTS));
  })
  .respond((ctx, _i, s) => ({ UICustomization: toUiCustomizationType(ctx, s.pool.id, s.customization?.clientKey ?? s.clientKey, s.customization) }));
