import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { object, optional, userPoolIdSchema } from '../wire/input-schema.js';
import { checkDomainName, customDomainConfigSchema, domainSchema, managedLoginVersionSchema } from './domain-input.js';
import { findDomain, findPoolDomain, insertDomain } from './domain-repository.js';
import { requirePool } from './pool-repository.js';

/**
 * CreateUserPoolDomain: binds a prefix domain (or, with CustomDomainConfig, a custom domain) to the
 * pool: managed login reached through it signs in to this pool only. A domain belongs to one pool,
 * and a pool has at most one domain of each kind.
 */
export const createUserPoolDomain = defineOperation(
  'CreateUserPoolDomain',
  object({ Domain: domainSchema, UserPoolId: userPoolIdSchema, ManagedLoginVersion: managedLoginVersionSchema, CustomDomainConfig: optional(customDomainConfigSchema) }),
  { access: 'admin' },
)
  .step('domain', (_ctx, i) => checkDomainName(i.Domain, i.CustomDomainConfig !== undefined))
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('insert the domain', (ctx, i, s) =>
    ctx.audit.transaction(async (tx, audit) => {
      const custom = i.CustomDomainConfig !== undefined;
      // The pool row lock orders two creations for one pool.
      await tx.query('SELECT id FROM user_pools WHERE id = $1 FOR UPDATE', [s.pool.id]);
      if ((await findDomain(tx, s.domain)) !== undefined) throw fail('InvalidParameterException', 'Domain already associated with another user pool.');
      if ((await findPoolDomain(tx, s.pool.id, custom)) !== undefined) throw fail('InvalidParameterException', `The user pool already has a ${custom ? 'custom' : 'prefix'} domain configured.`);
      const inserted = await insertDomain(tx, { domain: s.domain, poolId: s.pool.id, custom, certificateArn: i.CustomDomainConfig?.CertificateArn ?? null, managedLoginVersion: i.ManagedLoginVersion ?? 1 }, ctx.clock.now());
      if (!inserted) throw fail('InvalidParameterException', 'Domain already associated with another user pool.');
      audit.record(operationEvent(ctx, 'admin.domain.created', undefined, { record: { type: 'user_pool', id: s.pool.id }, details: { domain: s.domain, custom } }));
    }),
  )
  .respond((ctx, i) => ({
    ManagedLoginVersion: i.ManagedLoginVersion ?? 1,
    // Cognito answers a custom domain with the CloudFront host to point its DNS at: here, managed login's own host.
    ...(i.CustomDomainConfig !== undefined ? { CloudFrontDomain: new URL(ctx.config.managedLoginPublicUrl).hostname } : {}),
  }));
