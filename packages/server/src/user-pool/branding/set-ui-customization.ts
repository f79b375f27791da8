import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { requirePoolClient } from '../app-clients/app-client-repository.js';
import type { OperationContext } from '../operations/operation-context.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { clientIdSchema, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { checkCustomizationCss, logoType } from './customization-css.js';
import { ALL_CLIENTS, findCustomization, saveCustomization, type CustomizationWrite, type UiCustomizationRecord } from './ui-customization-repository.js';
import { toUiCustomizationType } from './ui-customization-shapes.js';

/** Cognito's largest logo. */
export const MAX_LOGO_BYTES = 100 * 1024;

/** The client key a request names: ALL when ClientId is left out or ALL, else a client of the pool (ResourceNotFoundException). */
export async function customizationKey(ctx: OperationContext, poolId: string, clientId: string | undefined): Promise<string> {
  if (clientId === undefined || clientId === ALL_CLIENTS) return ALL_CLIENTS;
  await requirePoolClient(ctx, poolId, clientId);
  return clientId;
}

function decodeLogo(base64: string | undefined): CustomizationWrite['image'] {
  if (base64 === undefined || base64 === '') return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw fail('InvalidParameterException', 'ImageFile must be base64.');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_LOGO_BYTES) throw fail('InvalidParameterException', `ImageFile must be at most ${MAX_LOGO_BYTES / 1024} KB.`);
  return { type: logoType(bytes), base64: bytes.toString('base64') };
}

/** What the audit trail records of a customization: the CSS and the logo's type and size (not its bytes). */
function audited(c: { css: string | null; imageType: string | null; imageBase64: string | null } | undefined): Record<string, unknown> | null {
  if (c === undefined) return null;
  return { css: c.css, logo: c.imageBase64 === null ? null : { type: c.imageType, bytes: Buffer.from(c.imageBase64, 'base64').length } };
}

/**
 * SetUICustomization: the classic hosted UI's CSS and logo for the pool (ClientId ALL or left out)
 * or one app client. As Cognito's, each call sets both: a part left out is removed; with neither,
 * the client falls back to the pool's customization.
 */
export const setUiCustomization = defineOperation(
  'SetUICustomization',
  object({ UserPoolId: userPoolIdSchema, ClientId: optional(clientIdSchema), CSS: optional(string({ max: 131072 })), ImageFile: optional(string({ max: 140000 })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('clientKey', (ctx, i, s) => customizationKey(ctx, s.pool.id, i.ClientId))
  .step('write', (_ctx, i, s): CustomizationWrite => {
    const css = i.CSS === undefined || i.CSS.trim() === '' ? null : checkCustomizationCss(i.CSS);
    return { poolId: s.pool.id, clientKey: s.clientKey, css, image: decodeLogo(i.ImageFile) };
  })
  .step('before', (ctx, _i, s) => findCustomization(ctx.db, s.pool.id, s.clientKey))
  .do('save the customization', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => saveCustomization(tx, s.write, ctx.clock.now()),
      () =>
        operationEvent(ctx, 'admin.ui_customization.set', undefined, {
          record: { type: 'ui_customization', id: `${s.pool.id}/${s.clientKey}` },
          changes: fieldChanges(audited(s.before), audited(s.write.css === null && s.write.image === null ? undefined : { css: s.write.css, imageType: s.write.image?.type ?? null, imageBase64: s.write.image?.base64 ?? null })),
        }),
    ),
  )
  .step('saved', (ctx, _i, s): Promise<UiCustomizationRecord | undefined> => findCustomization(ctx.db, s.pool.id, s.clientKey))
  .respond((ctx, _i, s) => ({ UICustomization: toUiCustomizationType(ctx, s.pool.id, s.clientKey, s.saved) }));
