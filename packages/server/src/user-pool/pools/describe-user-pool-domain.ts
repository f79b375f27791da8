import { defineOperation } from '../operations/operation.js';
import { object } from '../wire/input-schema.js';
import { domainSchema } from './domain-input.js';
import { findDomain } from './domain-repository.js';
import { POOL_ACCOUNT_ID } from './user-pool-shapes.js';

/** DescribeUserPoolDomain: the domain's pool and settings; an unknown domain answers an empty DomainDescription, as Cognito's. */
export const describeUserPoolDomain = defineOperation('DescribeUserPoolDomain', object({ Domain: domainSchema }), { access: 'admin' })
  .step('domain', (ctx, i) => findDomain(ctx.db, i.Domain))
  .respond((ctx, _i, s) => {
    const d = s.domain;
    if (d === undefined) return { DomainDescription: {} };
    const suffix = ctx.config.managedLoginDomainSuffix;
    const host = d.custom ? d.domain : suffix !== undefined ? `${d.domain}.${suffix}` : new URL(ctx.config.managedLoginPublicUrl).hostname;
    return {
      DomainDescription: {
        UserPoolId: d.poolId,
        AWSAccountId: POOL_ACCOUNT_ID,
        Domain: d.domain,
        CloudFrontDistribution: host,
        Version: '1',
        Status: 'ACTIVE',
        ...(d.certificateArn !== null ? { CustomDomainConfig: { CertificateArn: d.certificateArn } } : {}),
        ManagedLoginVersion: d.managedLoginVersion,
      },
    };
  });
