// Cognito's UserPoolType and UserPoolDescriptionType for a stored pool.
import { epochSeconds } from '../../time/clock.js';
import { STANDARD_ATTRIBUTES } from '../users/attributes.js';
import type { PoolRecord } from './pool-repository.js';
import { storedSetting } from './pool-settings.js';

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
    Mutable: name !== 'sub' && !(storedSetting(pool, 'immutableAttributes') ?? []).includes(name),
    Required: name === 'sub' || pool.requiredAttributes.includes(name),
    ...(name === 'sub' ? { StringAttributeConstraints: { MinLength: '1', MaxLength: '2048' } } : {}),
  }));
  const custom = pool.customAttributes.map((c) => ({
    Name: c.developerOnly === true ? c.name.replace(/^custom:/, 'dev:custom:') : c.name,
    AttributeDataType: c.dataType ?? 'String',
    DeveloperOnlyAttribute: c.developerOnly ?? false,
    Mutable: c.mutable,
    Required: false,
    ...((c.dataType ?? 'String') === 'String' ? { StringAttributeConstraints: { MinLength: '0', MaxLength: '2048', ...c.stringConstraints } } : {}),
    ...(c.dataType === 'Number' ? { NumberAttributeConstraints: { ...c.numberConstraints } } : {}),
  }));
  return [...standard, ...custom];
}

/** The pool's domains as DescribeUserPool shows them (prefix domain, custom domain). */
export interface PoolDomains {
  readonly domain?: string;
  readonly customDomain?: string;
}

/** UserPoolType. `updatedAt`, `estimatedUsers` and `domains` come from the database with the pool. */
export function toUserPoolType(pool: PoolRecord, region: string, updatedAt: Date, estimatedUsers: number, domains: PoolDomains = {}) {
  const policy = pool.passwordPolicy;
  const messages = storedSetting(pool, 'poolMessages') ?? {};
  const { PasswordHistorySize, SignInPolicy, ...shownMessages } = messages as Record<string, unknown>;
  const usernameAttributes = storedSetting(pool, 'usernameAttributes') ?? [];
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
        ...(PasswordHistorySize !== undefined ? { PasswordHistorySize } : {}),
      },
      ...(SignInPolicy !== undefined ? { SignInPolicy } : {}),
    },
    DeletionProtection: storedSetting(pool, 'deletionProtection') ?? 'INACTIVE',
    LambdaConfig: storedSetting(pool, 'lambdaConfig') ?? {},
    SchemaAttributes: schemaAttributes(pool),
    AutoVerifiedAttributes: [...pool.autoVerifiedAttributes],
    ...(pool.aliasAttributes.length > 0 ? { AliasAttributes: [...pool.aliasAttributes] } : {}),
    ...(usernameAttributes.length > 0 ? { UsernameAttributes: [...usernameAttributes] } : {}),
    MfaConfiguration: pool.mfaConfiguration,
    // A pool without device tracking (settings.deviceTracking false) has no DeviceConfiguration, as on Cognito.
    ...(pool.settings.deviceTracking !== false
      ? {
          DeviceConfiguration: {
            ChallengeRequiredOnNewDevice: pool.deviceConfiguration.challengeRequiredOnNewDevice,
            DeviceOnlyRememberedOnUserPrompt: pool.deviceConfiguration.deviceOnlyRememberedOnUserPrompt,
          },
        }
      : {}),
    EstimatedNumberOfUsers: estimatedUsers,
    UsernameConfiguration: storedSetting(pool, 'usernameConfiguration') ?? { CaseSensitive: false },
    UserPoolTags: { ...storedSetting(pool, 'userPoolTags') },
    ...shownMessages,
    ...(domains.domain !== undefined ? { Domain: domains.domain } : {}),
    ...(domains.customDomain !== undefined ? { CustomDomain: domains.customDomain } : {}),
    CreationDate: epochSeconds(pool.createdAt),
    LastModifiedDate: epochSeconds(updatedAt),
  };
}

/** UserPoolDescriptionType (ListUserPools). */
export function toUserPoolDescription(pool: PoolRecord, updatedAt: Date) {
  return { Id: pool.id, Name: pool.name, LambdaConfig: storedSetting(pool, 'lambdaConfig') ?? {}, CreationDate: epochSeconds(pool.createdAt), LastModifiedDate: epochSeconds(updatedAt) };
}
