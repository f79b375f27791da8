import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { requirePoolClient } from '../app-clients/app-client-repository.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { boolean, clientIdSchema, object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { auditedBranding, brandingContent } from './branding-content.js';
import { insertBranding, requireBranding } from './branding-repository.js';
import { assetsSchema, settingsDocument, toBrandingType } from './branding-shapes.js';

/** CreateManagedLoginBranding: the branding style of one app client (ManagedLoginBrandingExistsException when it has one). */
export const createManagedLoginBranding = defineOperation(
  'CreateManagedLoginBranding',
  object({ UserPoolId: userPoolIdSchema, ClientId: clientIdSchema, UseCognitoProvidedValues: optional(boolean()), Settings: optional(settingsDocument()), Assets: assetsSchema }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('client', (ctx, i, s) => requirePoolClient(ctx, s.pool.id, i.ClientId))
  .step('content', (_ctx, i) => brandingContent(i))
  .step('id', (ctx, i, s) =>
    ctx.audit.change(
      (tx) => insertBranding(tx, s.pool.id, i.ClientId, s.content, ctx.clock.now()),
      (id) => operationEvent(ctx, 'admin.branding.created', undefined, { record: { type: 'managed_login_branding', id }, related: [{ type: 'app_client', id: i.ClientId }], changes: fieldChanges(null, auditedBranding(s.content)) }),
    ),
  )
  .step('created', (ctx, _i, s) => requireBranding(ctx.db, s.pool.id, s.id))
  .respond((_ctx, _i, s) => ({ ManagedLoginBranding: toBrandingType(s.created, false) }));
