import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { customDomainConfigSchema, domainSchema, managedLoginVersionSchema } from './domain-input.js';
import { findDomain } from './domain-repository.js';

/** UpdateUserPoolDomain: a custom domain's certificate ARN, a domain's managed-login version (members left out are kept). */
export const updateUserPoolDomain = defineOperation(
  'UpdateUserPoolDomain',
  object({ Domain: domainSchema, UserPoolId: userPoolIdSchema, ManagedLoginVersion: managedLoginVersionSchema, CustomDomainConfig: optional(customDomainConfigSchema) }),
  { access: 'admin' },
)
  .step('domain', async (ctx, i) => {
    const found = await findDomain(ctx.db, i.Domain);
    if (found === undefined || found.poolId !== i.UserPoolId) throw fail('ResourceNotFoundException', `Domain ${i.Domain} does not exist in user pool ${i.UserPoolId}.`);
    if (i.CustomDomainConfig !== undefined && !found.custom) throw fail('InvalidParameterException', 'CustomDomainConfig applies to custom domains only.');
    return found;
  })
  .step('after', (_ctx, i, s) => ({ certificateArn: i.CustomDomainConfig?.CertificateArn ?? s.domain.certificateArn, managedLoginVersion: i.ManagedLoginVersion ?? s.domain.managedLoginVersion }))
  .do('store it', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => tx.query('UPDATE user_pool_domains SET certificate_arn = $2, managed_login_version = $3, updated_at = $4 WHERE domain = $1', [s.domain.domain, s.after.certificateArn, s.after.managedLoginVersion, ctx.clock.now()]),
      () =>
        operationEvent(ctx, 'admin.domain.updated', undefined, {
          record: { type: 'user_pool', id: s.domain.poolId },
          details: { domain: s.domain.domain },
          changes: fieldChanges({ certificateArn: s.domain.certificateArn, managedLoginVersion: s.domain.managedLoginVersion }, s.after),
        }),
    ),
  )
  .respond((ctx, _i, s) => ({ ManagedLoginVersion: s.after.managedLoginVersion, ...(s.domain.custom ? { CloudFrontDomain: new URL(ctx.config.managedLoginPublicUrl).hostname } : {}) }));
