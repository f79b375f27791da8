import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { boolean, enumeration, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { requirePool, type PoolRecord } from './pool-repository.js';
import { EMAIL_MFA_SETTING } from '../codes/pool-messages.js';
import { checkMfaMessages } from './pool-settings.js';
import { mfaConfigOf } from './user-pool-mfa-config.js';

type Method = PoolRecord['enabledMfas'][number];

// The message templates word the MFA codes (codes/pool-messages.ts); SmsConfiguration (SNS) has no
// meaning here (the SMS webhook is the server's) and is accepted and not stored.
const smsConfig = object({
  SmsAuthenticationMessage: optional(string({ min: 6, max: 140 })),
  SmsConfiguration: optional(object({ SnsCallerArn: optional(string({ min: 20, max: 2048 })), ExternalId: optional(string({ max: 256 })), SnsRegion: optional(string({ min: 5, max: 32 })) })),
});
const emailConfig = object({ Message: optional(string({ min: 6, max: 20000 })), Subject: optional(string({ min: 1, max: 140 })) });

/**
 * SetUserPoolMfaConfig: the request describes the pool's whole MFA setup, as Cognito's: a method is
 * on when its member is present (SoftwareTokenMfaConfiguration with Enabled true), off when left
 * out; MfaConfiguration left out keeps the mode. ON or OPTIONAL with every method off is refused.
 */
export const setUserPoolMfaConfig = defineOperation(
  'SetUserPoolMfaConfig',
  object({
    UserPoolId: userPoolIdSchema,
    MfaConfiguration: optional(enumeration(['OFF', 'ON', 'OPTIONAL'] as const)),
    SoftwareTokenMfaConfiguration: optional(object({ Enabled: optional(boolean()) })),
    SmsMfaConfiguration: optional(smsConfig),
    EmailMfaConfiguration: optional(emailConfig),
  }),
  { access: 'admin' },
)
  .step('before', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('methods', (_ctx, i, s) => {
    const on: Method[] = [];
    if (i.SmsMfaConfiguration !== undefined) on.push('SMS_MFA');
    if (i.SoftwareTokenMfaConfiguration?.Enabled === true) on.push('SOFTWARE_TOKEN_MFA');
    if (i.EmailMfaConfiguration !== undefined) on.push('EMAIL_OTP');
    checkMfaMessages({ SmsAuthenticationMessage: i.SmsMfaConfiguration?.SmsAuthenticationMessage, EmailMfaMessage: i.EmailMfaConfiguration?.Message });
    const mode = i.MfaConfiguration ?? s.before.mfaConfiguration;
    if (mode !== 'OFF' && on.length === 0) throw fail('InvalidParameterException', 'At least one MFA method must be enabled when MfaConfiguration is ON or OPTIONAL.');
    return { mode, on };
  })
  .do('store the settings', (ctx, i, s) =>
    ctx.audit.change(
      (tx) =>
        tx.query(
          // SmsAuthenticationMessage is the pool's (DescribeUserPool shows it); the email MFA message is kept beside it.
          `UPDATE user_pools SET mfa_configuration = $2, enabled_mfas = $3, updated_at = $4,
                  settings = settings || jsonb_build_object($5::text, $6::jsonb, 'poolMessages', COALESCE(settings -> 'poolMessages', '{}'::jsonb) || $7::jsonb)
            WHERE id = $1`,
          [
            s.before.id,
            s.methods.mode,
            JSON.stringify(s.methods.on),
            ctx.clock.now(),
            EMAIL_MFA_SETTING,
            JSON.stringify({ ...(i.EmailMfaConfiguration?.Message !== undefined ? { Message: i.EmailMfaConfiguration.Message } : {}), ...(i.EmailMfaConfiguration?.Subject !== undefined ? { Subject: i.EmailMfaConfiguration.Subject } : {}) }),
            JSON.stringify(i.SmsMfaConfiguration?.SmsAuthenticationMessage !== undefined ? { SmsAuthenticationMessage: i.SmsMfaConfiguration.SmsAuthenticationMessage } : {}),
          ],
        ),
      () =>
        operationEvent(ctx, 'admin.pool.mfa_config_set', undefined, {
          record: { type: 'user_pool', id: s.before.id },
          changes: fieldChanges({ mfaConfiguration: s.before.mfaConfiguration, enabledMfas: s.before.enabledMfas }, { mfaConfiguration: s.methods.mode, enabledMfas: s.methods.on }),
        }),
    ),
  )
  .step('pool', (ctx, _i, s) => requirePool(ctx.db, s.before.id))
  .respond((_ctx, _i, s) => mfaConfigOf(s.pool));
