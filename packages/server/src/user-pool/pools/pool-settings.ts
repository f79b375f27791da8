// The settings of CreateUserPool / UpdateUserPool: their wire members, Cognito's checks on them, and
// what is stored (columns of user_pools, the rest in user_pools.settings under the keys of
// StoredPoolSettings). Pure: the operations read and write the database.
import { fail } from '../../errors/catalogue.js';
import { documentSchema } from '../auth/webauthn/document-schema.js';
import { STANDARD_ATTRIBUTES } from '../users/attributes.js';
import { array, boolean, enumeration, integer, object, optional, string, stringMap, type ObjectOf } from '../wire/input-schema.js';
import { checkLambdaConfig, lambdaConfigSchema, type LambdaConfig } from './lambda-config.js';
import { DEFAULT_PASSWORD_POLICY, type CustomAttribute, type DeviceConfiguration, type PasswordPolicy, type PoolRecord } from './pool-repository.js';

/** Most custom attributes a pool may have (Cognito's quota). */
export const MAX_CUSTOM_ATTRIBUTES = 50;
/** Most tags on a pool (Cognito's quota). */
export const MAX_TAGS = 50;

const DATA_TYPES = ['String', 'Number', 'DateTime', 'Boolean'] as const;
const SIGN_IN_ATTRIBUTES = ['phone_number', 'email'] as const;
const ALIAS_ATTRIBUTES = ['phone_number', 'email', 'preferred_username'] as const;

/** Cognito's SchemaAttributeType on the wire. */
export const schemaAttributeSchema = object({
  Name: optional(string({ min: 1, max: 27, pattern: /^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u })),
  AttributeDataType: optional(enumeration(DATA_TYPES)),
  DeveloperOnlyAttribute: optional(boolean()),
  Mutable: optional(boolean()),
  Required: optional(boolean()),
  NumberAttributeConstraints: optional(object({ MinValue: optional(string({ max: 64 })), MaxValue: optional(string({ max: 64 })) })),
  StringAttributeConstraints: optional(object({ MinLength: optional(string({ max: 64 })), MaxLength: optional(string({ max: 64 })) })),
});
const passwordPolicySchema = object({
  MinimumLength: optional(integer(6, 99)),
  RequireUppercase: optional(boolean()),
  RequireLowercase: optional(boolean()),
  RequireNumbers: optional(boolean()),
  RequireSymbols: optional(boolean()),
  PasswordHistorySize: optional(integer(0, 24)),
  TemporaryPasswordValidityDays: optional(integer(0, 365)),
});

const tagsSchema = stringMap({ maxEntries: MAX_TAGS, maxKeyLength: 128, maxValueLength: 256 });

const messageSchema = (min: number, max: number) => optional(string({ min, max }));

const CODE = '{####}';
/** `{##link text##}` (pool-messages.ts LINK_PLACEHOLDER, not global: `test` keeps no state). */
const LINK_PLACEHOLDER = /\{##[^#][\s\S]*?##\}/;
const USERNAME = '{username}';
/** An email address (Cognito's EmailAddressType), no spaces or control characters. */
const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+$/;
/** `address` or `Display Name <address>`, on one line. */
const SENDER = /^(?:[^\s@<>",;]+@[^\s@<>",;]+|[^\p{Cc}<>]*<[^\s@<>",;]+@[^\s@<>",;]+>)$/u;

/** InvalidParameterException when a message member given lacks one of its placeholders. */
function requirePlaceholders(member: string, value: string | undefined, placeholders: readonly string[]): void {
  if (value === undefined) return;
  const missing = placeholders.filter((p) => !value.includes(p));
  if (missing.length > 0) throw fail('InvalidParameterException', `${member} must contain the ${missing.join(' and ')} placeholder${missing.length > 1 ? 's' : ''}.`);
}

/** Checks SetUserPoolMfaConfig's message members as CreateUserPool checks its own. */
export function checkMfaMessages(input: { SmsAuthenticationMessage?: string | undefined; EmailMfaMessage?: string | undefined }): void {
  requirePlaceholders('SmsMfaConfiguration.SmsAuthenticationMessage', input.SmsAuthenticationMessage, [CODE]);
  requirePlaceholders('EmailMfaConfiguration.Message', input.EmailMfaMessage, [CODE]);
}

/** The wire members CreateUserPool and UpdateUserPool both take. */
const sharedMembers = {
  Policies: optional(object({ PasswordPolicy: optional(passwordPolicySchema), SignInPolicy: optional(documentSchema()) })),
  DeletionProtection: optional(enumeration(['ACTIVE', 'INACTIVE'] as const)),
  LambdaConfig: optional(lambdaConfigSchema),
  AutoVerifiedAttributes: optional(array(enumeration(SIGN_IN_ATTRIBUTES), { max: 2 })),
  SmsVerificationMessage: messageSchema(6, 140),
  EmailVerificationMessage: messageSchema(6, 20000),
  EmailVerificationSubject: messageSchema(1, 140),
  VerificationMessageTemplate: optional(
    object({
      SmsMessage: messageSchema(6, 140),
      EmailMessage: messageSchema(6, 20000),
      EmailSubject: messageSchema(1, 140),
      EmailMessageByLink: messageSchema(6, 20000),
      EmailSubjectByLink: messageSchema(1, 140),
      DefaultEmailOption: optional(enumeration(['CONFIRM_WITH_LINK', 'CONFIRM_WITH_CODE'] as const)),
    }),
  ),
  SmsAuthenticationMessage: messageSchema(6, 140),
  UserAttributeUpdateSettings: optional(object({ AttributesRequireVerificationBeforeUpdate: optional(array(enumeration(SIGN_IN_ATTRIBUTES), { max: 2 })) })),
  MfaConfiguration: optional(enumeration(['OFF', 'ON', 'OPTIONAL'] as const)),
  DeviceConfiguration: optional(object({ ChallengeRequiredOnNewDevice: optional(boolean()), DeviceOnlyRememberedOnUserPrompt: optional(boolean()) })),
  EmailConfiguration: optional(
    object({
      SourceArn: optional(string({ min: 20, max: 2048 })),
      ReplyToEmailAddress: optional(string({ max: 320 })),
      EmailSendingAccount: optional(enumeration(['COGNITO_DEFAULT', 'DEVELOPER'] as const)),
      From: optional(string({ max: 320 })),
      ConfigurationSet: optional(string({ min: 1, max: 64 })),
    }),
  ),
  SmsConfiguration: optional(object({ SnsCallerArn: optional(string({ min: 20, max: 2048 })), ExternalId: optional(string({ max: 256 })), SnsRegion: optional(string({ min: 5, max: 32 })) })),
  UserPoolTags: optional(tagsSchema),
  AdminCreateUserConfig: optional(
    object({
      AllowAdminCreateUserOnly: optional(boolean()),
      UnusedAccountValidityDays: optional(integer(0, 365)),
      InviteMessageTemplate: optional(object({ SMSMessage: messageSchema(6, 140), EmailMessage: messageSchema(6, 20000), EmailSubject: messageSchema(1, 140) })),
    }),
  ),
  UserPoolAddOns: optional(documentSchema()),
  AccountRecoverySetting: optional(
    object({
      RecoveryMechanisms: optional(
        array(object({ Priority: integer(1, 2), Name: enumeration(['verified_email', 'verified_phone_number', 'admin_only'] as const) }), { max: 2 }),
      ),
    }),
  ),
  UserPoolTier: optional(enumeration(['LITE', 'ESSENTIALS', 'PLUS'] as const)),
};

const poolNameSchema = string({ min: 1, max: 128, pattern: /^[\w\s+=,.@-]+$/ });

/** CreateUserPool's members. */
export const createPoolMembers = {
  PoolName: poolNameSchema,
  ...sharedMembers,
  AliasAttributes: optional(array(enumeration(ALIAS_ATTRIBUTES), { max: 3 })),
  UsernameAttributes: optional(array(enumeration(SIGN_IN_ATTRIBUTES), { max: 2 })),
  Schema: optional(array(schemaAttributeSchema, { max: 50 })),
  UsernameConfiguration: optional(object({ CaseSensitive: boolean() })),
};

/** UpdateUserPool's members (besides UserPoolId). */
export const updatePoolMembers = { PoolName: optional(poolNameSchema), ...sharedMembers };

type Shared = ObjectOf<typeof sharedMembers>;
/** CreateUserPool's input (without the id). */
export type CreatePoolInput = ObjectOf<typeof createPoolMembers>;
type SchemaAttribute = NonNullable<CreatePoolInput['Schema']>[number];

/** What user_pools.settings holds for the settings of this module (Cognito's shapes, under these keys). */
export interface StoredPoolSettings {
  readonly lambdaConfig: LambdaConfig;
  readonly deletionProtection: 'ACTIVE' | 'INACTIVE';
  readonly usernameAttributes: readonly string[];
  readonly usernameConfiguration: { readonly CaseSensitive: boolean };
  readonly immutableAttributes: readonly string[];
  readonly deviceTracking: boolean;
  readonly userPoolTags: Readonly<Record<string, string>>;
  readonly poolMessages: Readonly<Record<string, unknown>>;
}

/** The columns and settings CreateUserPool / UpdateUserPool write. */
export interface PoolWrite {
  readonly name: string;
  readonly mfaConfiguration: PoolRecord['mfaConfiguration'];
  readonly enabledMfas: PoolRecord['enabledMfas'];
  readonly passwordPolicy: PasswordPolicy;
  readonly autoVerifiedAttributes: readonly string[];
  readonly deviceConfiguration: DeviceConfiguration;
  /** Keys merged into user_pools.settings (others' keys are kept). */
  readonly settings: Partial<StoredPoolSettings>;
}

/** The schema part of CreateUserPool: alias, required and custom attributes. */
export interface PoolSchemaWrite {
  readonly aliasAttributes: readonly string[];
  readonly requiredAttributes: readonly string[];
  readonly customAttributes: readonly CustomAttribute[];
}

const STANDARD = new Set<string>(['sub', ...STANDARD_ATTRIBUTES]);

/** The custom attribute `input` describes; Cognito's messages for a bad one. `custom:` given in the name is taken as the prefix, not doubled. */
export function customAttributeOf(input: SchemaAttribute): CustomAttribute {
  const raw = input.Name;
  if (raw === undefined) throw fail('InvalidParameterException', 'Attribute name is required for a custom attribute.');
  const bare = raw.startsWith('custom:') ? raw.slice('custom:'.length) : raw;
  if (bare.length < 1 || bare.length > 20 || bare.includes(':')) throw fail('InvalidParameterException', `Invalid custom attribute name ${raw}: 1 to 20 characters, without ':'.`);
  if (input.Required === true) throw fail('InvalidParameterException', 'Required custom attributes are not supported currently.');
  const dataType = input.AttributeDataType ?? 'String';
  const ints = (v: string | undefined, what: string): number | undefined => {
    if (v === undefined) return undefined;
    if (!/^-?\d+$/.test(v)) throw fail('InvalidParameterException', `${what} of ${raw} must be an integer.`);
    return Number(v);
  };
  const min = ints(input.StringAttributeConstraints?.MinLength, 'MinLength');
  const max = ints(input.StringAttributeConstraints?.MaxLength, 'MaxLength');
  if ((min !== undefined && (min < 0 || min > 2048)) || (max !== undefined && (max < 0 || max > 2048)) || (min !== undefined && max !== undefined && min > max)) {
    throw fail('InvalidParameterException', `StringAttributeConstraints of ${raw} must be within 0 and 2048, MinLength not above MaxLength.`);
  }
  const minValue = ints(input.NumberAttributeConstraints?.MinValue, 'MinValue');
  const maxValue = ints(input.NumberAttributeConstraints?.MaxValue, 'MaxValue');
  if (minValue !== undefined && maxValue !== undefined && minValue > maxValue) throw fail('InvalidParameterException', `MinValue of ${raw} is above its MaxValue.`);
  return {
    name: `custom:${bare}`,
    mutable: input.Mutable ?? true,
    dataType,
    developerOnly: input.DeveloperOnlyAttribute ?? false,
    ...(dataType === 'String' ? { stringConstraints: { ...(min !== undefined ? { MinLength: String(min) } : {}), ...(max !== undefined ? { MaxLength: String(max) } : {}) } } : {}),
    ...(dataType === 'Number' ? { numberConstraints: { ...(minValue !== undefined ? { MinValue: String(minValue) } : {}), ...(maxValue !== undefined ? { MaxValue: String(maxValue) } : {}) } } : {}),
  };
}

/** The alias, required, immutable and custom attributes of a new pool (CreateUserPool's Schema, AliasAttributes, UsernameAttributes). */
export function resolvePoolSchema(input: CreatePoolInput): PoolSchemaWrite & { immutableAttributes: string[]; usernameAttributes: string[] } {
  if (input.AliasAttributes !== undefined && input.UsernameAttributes !== undefined && input.AliasAttributes.length > 0 && input.UsernameAttributes.length > 0) {
    throw fail('InvalidParameterException', 'Only one of AliasAttributes or UsernameAttributes can be set in a User Pool.');
  }
  const seen = new Set<string>();
  const required: string[] = [];
  const immutable: string[] = [];
  const custom: CustomAttribute[] = [];
  for (const attribute of input.Schema ?? []) {
    const name = attribute.Name;
    if (name === undefined) throw fail('InvalidParameterException', 'Attribute name is required for a schema attribute.');
    if (STANDARD.has(name)) {
      if (seen.has(name)) throw fail('InvalidParameterException', `Duplicate attribute names: ${name}`);
      seen.add(name);
      if (name === 'sub') throw fail('InvalidParameterException', 'The sub attribute cannot be modified.');
      if (attribute.Required === true) required.push(name);
      if (attribute.Mutable === false) immutable.push(name);
      continue;
    }
    const attr = customAttributeOf(attribute);
    if (seen.has(attr.name)) throw fail('InvalidParameterException', `Duplicate attribute names: ${attr.name}`);
    seen.add(attr.name);
    custom.push(attr);
  }
  if (custom.length > MAX_CUSTOM_ATTRIBUTES) throw fail('InvalidParameterException', `A user pool has at most ${MAX_CUSTOM_ATTRIBUTES} custom attributes.`);
  return {
    aliasAttributes: [...new Set(input.AliasAttributes ?? [])],
    usernameAttributes: [...new Set(input.UsernameAttributes ?? [])],
    requiredAttributes: required,
    immutableAttributes: immutable,
    customAttributes: custom,
  };
}

/** The MFA methods a mode turns on when a pool is created or updated (SetUserPoolMfaConfig narrows them). */
function methodsFor(mode: PoolRecord['mfaConfiguration']): PoolRecord['enabledMfas'] {
  // Cognito's CreateUserPool knows SMS only; this server also delivers TOTP without extra setup, so both are on.
  return mode === 'OFF' ? [] : ['SMS_MFA', 'SOFTWARE_TOKEN_MFA'];
}

/** The password policy a request asks for: members left out take Cognito's values (false, 8 characters, 7 days). */
function passwordPolicyOf(input: Shared['Policies']): PasswordPolicy {
  const p = input?.PasswordPolicy;
  if (p === undefined) return DEFAULT_PASSWORD_POLICY;
  return {
    minimumLength: p.MinimumLength ?? 8,
    requireUppercase: p.RequireUppercase ?? false,
    requireLowercase: p.RequireLowercase ?? false,
    requireNumbers: p.RequireNumbers ?? false,
    requireSymbols: p.RequireSymbols ?? false,
    temporaryPasswordValidityDays: p.TemporaryPasswordValidityDays ?? 7,
  };
}

/**
 * The settings both operations write. Every member left out takes its default, as Cognito's
 * UpdateUserPool documents ("If you don't provide a value for an attribute, Amazon Cognito sets
 * it to its default value"); `name` and `tags` are what to keep when PoolName / UserPoolTags are absent.
 */
export function resolvePoolWrite(input: Shared & { PoolName?: string | undefined }, keep: { name: string; tags: Readonly<Record<string, string>> }): PoolWrite {
  const mode = input.MfaConfiguration ?? 'OFF';
  const lambdaConfig = checkLambdaConfig(input.LambdaConfig ?? {});
  const recovery = input.AccountRecoverySetting?.RecoveryMechanisms;
  if (recovery !== undefined) {
    const priorities = recovery.map((m) => m.Priority);
    const names = recovery.map((m) => m.Name);
    if (new Set(priorities).size !== priorities.length || new Set(names).size !== names.length) throw fail('InvalidParameterException', 'RecoveryMechanisms must have distinct names and priorities.');
    if (names.includes('admin_only') && names.length > 1) throw fail('InvalidParameterException', 'admin_only cannot be combined with another recovery mechanism.');
  }
  const template = input.VerificationMessageTemplate;
  const defaultEmailOption = template?.DefaultEmailOption ?? 'CONFIRM_WITH_CODE';
  // Every message member given must hold its placeholders (Cognito's patterns), the legacy members too.
  requirePlaceholders('VerificationMessageTemplate.EmailMessage', template?.EmailMessage, [CODE]);
  requirePlaceholders('VerificationMessageTemplate.SmsMessage', template?.SmsMessage, [CODE]);
  requirePlaceholders('EmailVerificationMessage', input.EmailVerificationMessage, [CODE]);
  requirePlaceholders('SmsVerificationMessage', input.SmsVerificationMessage, [CODE]);
  requirePlaceholders('SmsAuthenticationMessage', input.SmsAuthenticationMessage, [CODE]);
  if (template?.EmailMessageByLink !== undefined && !LINK_PLACEHOLDER.test(template.EmailMessageByLink)) {
    throw fail('InvalidParameterException', 'VerificationMessageTemplate.EmailMessageByLink must contain a link placeholder such as {##Verify Email##}.');
  }
  const emailMessage = template?.EmailMessage ?? input.EmailVerificationMessage;
  const smsMessage = template?.SmsMessage ?? input.SmsVerificationMessage;
  const invite = input.AdminCreateUserConfig?.InviteMessageTemplate;
  requirePlaceholders('InviteMessageTemplate.EmailMessage', invite?.EmailMessage, [USERNAME, CODE]);
  requirePlaceholders('InviteMessageTemplate.SMSMessage', invite?.SMSMessage, [USERNAME, CODE]);
  const emailConfiguration = input.EmailConfiguration ?? { EmailSendingAccount: 'COGNITO_DEFAULT' };
  if (emailConfiguration.EmailSendingAccount === 'DEVELOPER' && emailConfiguration.SourceArn === undefined) {
    throw fail('InvalidParameterException', 'SourceArn is required when EmailSendingAccount is DEVELOPER.');
  }
  // Threat: a line break in an address written into the email's headers (header injection).
  if (emailConfiguration.From !== undefined && !SENDER.test(emailConfiguration.From)) {
    throw fail('InvalidParameterException', 'EmailConfiguration.From must be an email address, or a name with the address in angle brackets.');
  }
  if (emailConfiguration.ReplyToEmailAddress !== undefined && !ADDRESS.test(emailConfiguration.ReplyToEmailAddress)) {
    throw fail('InvalidParameterException', 'EmailConfiguration.ReplyToEmailAddress must be an email address.');
  }
  const tracked = input.DeviceConfiguration !== undefined;
  const messages: Record<string, unknown> = {
    VerificationMessageTemplate: {
      ...(smsMessage !== undefined ? { SmsMessage: smsMessage } : {}),
      ...(emailMessage !== undefined ? { EmailMessage: emailMessage } : {}),
      ...((template?.EmailSubject ?? input.EmailVerificationSubject) !== undefined ? { EmailSubject: template?.EmailSubject ?? input.EmailVerificationSubject } : {}),
      ...(template?.EmailMessageByLink !== undefined ? { EmailMessageByLink: template.EmailMessageByLink } : {}),
      ...(template?.EmailSubjectByLink !== undefined ? { EmailSubjectByLink: template.EmailSubjectByLink } : {}),
      DefaultEmailOption: defaultEmailOption,
    },
    ...(smsMessage !== undefined ? { SmsVerificationMessage: smsMessage } : {}),
    ...(emailMessage !== undefined ? { EmailVerificationMessage: emailMessage } : {}),
    ...((template?.EmailSubject ?? input.EmailVerificationSubject) !== undefined ? { EmailVerificationSubject: template?.EmailSubject ?? input.EmailVerificationSubject } : {}),
    ...(input.SmsAuthenticationMessage !== undefined ? { SmsAuthenticationMessage: input.SmsAuthenticationMessage } : {}),
    EmailConfiguration: emailConfiguration,
    ...(input.SmsConfiguration !== undefined ? { SmsConfiguration: input.SmsConfiguration } : {}),
    AdminCreateUserConfig: {
      AllowAdminCreateUserOnly: input.AdminCreateUserConfig?.AllowAdminCreateUserOnly ?? false,
      UnusedAccountValidityDays: input.AdminCreateUserConfig?.UnusedAccountValidityDays ?? 7,
      ...(invite !== undefined ? { InviteMessageTemplate: invite } : {}),
    },
    ...(recovery !== undefined ? { AccountRecoverySetting: { RecoveryMechanisms: recovery } } : {}),
    ...(input.UserAttributeUpdateSettings !== undefined ? { UserAttributeUpdateSettings: input.UserAttributeUpdateSettings } : {}),
    ...(input.UserPoolAddOns !== undefined ? { UserPoolAddOns: input.UserPoolAddOns } : {}),
    ...(input.Policies?.SignInPolicy !== undefined ? { SignInPolicy: input.Policies.SignInPolicy } : {}),
    ...(input.Policies?.PasswordPolicy?.PasswordHistorySize !== undefined ? { PasswordHistorySize: input.Policies.PasswordPolicy.PasswordHistorySize } : {}),
    UserPoolTier: input.UserPoolTier ?? 'ESSENTIALS',
  };
  return {
    name: input.PoolName ?? keep.name,
    mfaConfiguration: mode,
    enabledMfas: methodsFor(mode),
    passwordPolicy: passwordPolicyOf(input.Policies),
    autoVerifiedAttributes: [...new Set(input.AutoVerifiedAttributes ?? [])],
    deviceConfiguration: {
      challengeRequiredOnNewDevice: input.DeviceConfiguration?.ChallengeRequiredOnNewDevice ?? false,
      deviceOnlyRememberedOnUserPrompt: input.DeviceConfiguration?.DeviceOnlyRememberedOnUserPrompt ?? false,
    },
    settings: {
      lambdaConfig,
      deletionProtection: input.DeletionProtection ?? 'INACTIVE',
      deviceTracking: tracked,
      userPoolTags: input.UserPoolTags ?? keep.tags,
      poolMessages: messages,
    },
  };
}

/** Whether users may sign themselves up (AdminCreateUserConfig.AllowAdminCreateUserOnly off, the default). */
export function allowsSignUp(pool: Pick<PoolRecord, 'settings'>): boolean {
  const config = (storedSetting(pool, 'poolMessages') ?? {}).AdminCreateUserConfig as { AllowAdminCreateUserOnly?: boolean } | undefined;
  return config?.AllowAdminCreateUserOnly !== true;
}

/** A stored setting of this module, or undefined when the pool has none (pools created before, the demo pool). */
export function storedSetting<K extends keyof StoredPoolSettings>(pool: Pick<PoolRecord, 'settings'>, key: K): StoredPoolSettings[K] | undefined {
  return pool.settings[key] as StoredPoolSettings[K] | undefined;
}
