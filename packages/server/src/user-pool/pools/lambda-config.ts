// LambdaConfig of a pool: Cognito's LambdaConfigType, whose "ARN" values are URLs here (triggers are
// signed webhooks). Stored in user_pools.settings under `lambdaConfig` exactly in Cognito's shape;
// the triggers read it from there.
import { fail } from '../../errors/catalogue.js';
import { object, optional, string, enumeration, type Infer } from '../wire/input-schema.js';

const url = optional(string({ min: 1, max: 2048 }));
const versioned = optional(object({ LambdaVersion: enumeration(['V1_0', 'V2_0', 'V3_0'] as const), LambdaArn: string({ min: 1, max: 2048 }) }));

/** LambdaConfigType on the wire. */
export const lambdaConfigSchema = object({
  PreSignUp: url,
  CustomMessage: url,
  PostConfirmation: url,
  PreAuthentication: url,
  PostAuthentication: url,
  DefineAuthChallenge: url,
  CreateAuthChallenge: url,
  VerifyAuthChallengeResponse: url,
  PreTokenGeneration: url,
  UserMigration: url,
  PreTokenGenerationConfig: versioned,
  CustomSMSSender: versioned,
  CustomEmailSender: versioned,
  KMSKeyID: optional(string({ min: 20, max: 2048 })),
});

/** A pool's LambdaConfig. */
export type LambdaConfig = Infer<typeof lambdaConfigSchema>;

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Whether `value` may be a trigger's address: `https://` anywhere, `http://` only to a loopback host. */
export function isTriggerUrl(value: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  if (parsed.username !== '' || parsed.password !== '') return false;
  if (parsed.protocol === 'https:') return parsed.hostname !== '';
  return parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname);
}

/**
 * Checks every URL of a LambdaConfig (InvalidParameterException naming the trigger) and returns it
 * without empty members. PreTokenGeneration and PreTokenGenerationConfig must agree, as Cognito's.
 */
export function checkLambdaConfig(config: LambdaConfig): LambdaConfig {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if (name === 'KMSKeyID') {
      out[name] = value;
      continue;
    }
    const address = typeof value === 'string' ? value : (value as { LambdaArn: string }).LambdaArn;
    if (!isTriggerUrl(address)) {
      throw fail('InvalidParameterException', `LambdaConfig.${name} must be an https:// URL (or http:// to 127.0.0.1, ::1 or localhost).`);
    }
    out[name] = value;
  }
  const v1 = config.PreTokenGeneration;
  const v2 = config.PreTokenGenerationConfig?.LambdaArn;
  if (v1 !== undefined && v2 !== undefined && v1 !== v2) throw fail('InvalidParameterException', 'PreTokenGeneration and PreTokenGenerationConfig.LambdaArn must be the same.');
  if (v2 !== undefined && v1 === undefined) out.PreTokenGeneration = v2;
  return out;
}
