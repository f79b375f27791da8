// Cognito's UserPoolType and UserPoolDescriptionType for a stored pool.
import { epochSeconds } from '../../time/clock.js';
import { STANDARD_ATTRIBUTES } from '../users/attributes.js';
import type { PoolRecord } from './pool-repository.js';

/** The account id in the pools' ARNs: there is no AWS account behind the server, so a fixed placeholder. */
export const POOL_ACCOUNT_ID = '000000000000';

/** The pool's ARN, as Cognito forms it. */
export function poolArn(region: string, poolId: string): string {
  return `arn:aws:cognito-idp:${region}:${POOL_ACCOUNT_ID}:userpool/${poolId}`;
}

const BOOLEAN_ATTRIBUTES = new Set(['email_verified', 'phone_number_verified']);

/** SchemaAttributes: `sub`, the standard attributes (required ones marked) and the custom ones. */
function schemaAttributes(pool: PoolRecord) {
  const standard = ['sub', ...STANDARD_ATTRIBUTES].map((name) => ({
    Name: name,
    AttributeDataType: BOOLEAN_ATTRIBUTES.has(name) ? 'Boolean' : name === 'updated_at' ? 'Number' : 'String',
    DeveloperOnlyAttribute: false,
    Mutable: name !== 'sub',
    Required: name === 'sub' || pool.requiredAttributes.includes(name),
    ...(name === 'sub' ? { StringAttributeConstraints: { MinLength: '1', MaxLength: '2048' } } : {}),
  }));
  const custom = pool.customAttributes.map((c) => ({
    Name: c.name,
    AttributeDataType: 'String',
    DeveloperOnlyAttribute: false,
    Mutable: c.mutable,
    Required: false,
    StringAttributeConstraints: { MinLength: '0', MaxLength: '2048' },
  }));
  return [...standard, ...custom];
}

/** UserPoolType. `updatedAt` and `estimatedUsers` come from the database with the pool. */
export function toUserPoolType(pool: PoolRecord, region: string, updatedAt: Date, estimatedUsers: number) {
  const policy = pool.passwordPolicy;
  return {
    Id: pool.id,
    Name: pool.name,
    Arn: poolArn(region, pool.id),
    Policies: {
      PasswordPolicy: {
        MinimumLength: policy.minimumLength,
        RequireUppercase: policy.requireUppercase,
        RequireLowercase: policy.requireLowercase,
        RequireNumbers: policy.requireNumbers,
        RequireSymbols: policy.requireSymbols,
        TemporaryPasswordValidityDays: policy.temporaryPasswordValidityDays,
      },
    },
    DeletionProtection: 'INACTIVE',
    LambdaConfig: {},
    SchemaAttributes: schemaAttributes(pool),
    AutoVerifiedAttributes: [...pool.autoVerifiedAttributes],
    ...(pool.aliasAttributes.length > 0 ? { AliasAttributes: [...pool.aliasAttributes] } : {}),
    MfaConfiguration: pool.mfaConfiguration,
    DeviceConfiguration: {
      ChallengeRequiredOnNewDevice: pool.deviceConfiguration.challengeRequiredOnNewDevice,
      DeviceOnlyRememberedOnUserPrompt: pool.deviceConfiguration.deviceOnlyRememberedOnUserPrompt,
    },
    EstimatedNumberOfUsers: estimatedUsers,
    UsernameConfiguration: { CaseSensitive: false },
    UserPoolTags: {},
    CreationDate: epochSeconds(pool.createdAt),
    LastModifiedDate: epochSeconds(updatedAt),
  };
}

/** UserPoolDescriptionType (ListUserPools). */
export function toUserPoolDescription(pool: PoolRecord, updatedAt: Date) {
  return { Id: pool.id, Name: pool.name, LambdaConfig: {}, CreationDate: epochSeconds(pool.createdAt), LastModifiedDate: epochSeconds(updatedAt) };
}
