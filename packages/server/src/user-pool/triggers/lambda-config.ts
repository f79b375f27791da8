// A pool's LambdaConfig (Cognito's LambdaConfigType, PascalCase keys) as stored in
// user_pools.settings.lambdaConfig by CreateUserPool/UpdateUserPool: the "ARN" of each trigger is
// the URL of a webhook. This module only reads it (and, for tests and tools, writes it whole).
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import type { PoolRecord } from '../pools/pool-repository.js';

/** The triggers a pool may configure, by their LambdaConfig key (also Cognito's name in error messages). */
export type TriggerName =
  | 'PreSignUp'
  | 'CustomMessage'
  | 'PostConfirmation'
  | 'PreAuthentication'
  | 'PostAuthentication'
  | 'DefineAuthChallenge'
  | 'CreateAuthChallenge'
  | 'VerifyAuthChallengeResponse'
  | 'PreTokenGeneration'
  | 'UserMigration'
  | 'CustomSMSSender'
  | 'CustomEmailSender';

/** A versioned trigger ({LambdaVersion, LambdaArn}) of LambdaConfigType. */
export interface VersionedTrigger {
  readonly LambdaVersion?: string;
  readonly LambdaArn?: string;
}

/** LambdaConfigType with URLs for ARNs. */
export interface LambdaConfig {
  readonly PreSignUp?: string;
  readonly CustomMessage?: string;
  readonly PostConfirmation?: string;
  readonly PreAuthentication?: string;
  readonly PostAuthentication?: string;
  readonly DefineAuthChallenge?: string;
  readonly CreateAuthChallenge?: string;
  readonly VerifyAuthChallengeResponse?: string;
  readonly PreTokenGeneration?: string;
  readonly UserMigration?: string;
  readonly PreTokenGenerationConfig?: VersionedTrigger;
  readonly CustomSMSSender?: VersionedTrigger;
  readonly CustomEmailSender?: VersionedTrigger;
  readonly KMSKeyID?: string;
}

/** Where a configured trigger is called, and the event version it expects. */
export interface TriggerTarget {
  readonly name: TriggerName;
  readonly url: string;
  /** PreTokenGeneration: 'V1_0', 'V2_0' (or 'V3_0'); the senders: 'V1_0'. */
  readonly lambdaVersion: string;
}

/** The pool's LambdaConfig ({} when none). */
export function lambdaConfigOf(pool: Pick<PoolRecord, 'settings'>): LambdaConfig {
  const config = pool.settings.lambdaConfig;
  return typeof config === 'object' && config !== null && !Array.isArray(config) ? (config) : {};
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The configured target of trigger `name` of the pool, or undefined when it is not configured. */
export function triggerTarget(pool: Pick<PoolRecord, 'settings'>, name: TriggerName): TriggerTarget | undefined {
  const config = lambdaConfigOf(pool);
  switch (name) {
    case 'PreTokenGeneration': {
      // PreTokenGenerationConfig wins over the older PreTokenGeneration key, as in Cognito.
      const versioned = config.PreTokenGenerationConfig;
      const url = text(versioned?.LambdaArn) ?? text(config.PreTokenGeneration);
      return url === undefined ? undefined : { name, url, lambdaVersion: text(versioned?.LambdaVersion) ?? 'V1_0' };
    }
    case 'CustomSMSSender':
    case 'CustomEmailSender': {
      const url = text(config[name]?.LambdaArn);
      return url === undefined ? undefined : { name, url, lambdaVersion: text(config[name]?.LambdaVersion) ?? 'V1_0' };
    }
    default: {
      const url = text(config[name]);
      return url === undefined ? undefined : { name, url, lambdaVersion: 'V1_0' };
    }
  }
}

/** True for a URL the contract allows: https anywhere, http only to a loopback host. */
export function isAllowedTriggerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

/** Every URL of a LambdaConfig (for validation). */
function urlsOf(config: LambdaConfig): string[] {
  const plain = [config.PreSignUp, config.CustomMessage, config.PostConfirmation, config.PreAuthentication, config.PostAuthentication, config.DefineAuthChallenge, config.CreateAuthChallenge, config.VerifyAuthChallengeResponse, config.PreTokenGeneration, config.UserMigration];
  const versioned = [config.PreTokenGenerationConfig, config.CustomSMSSender, config.CustomEmailSender].map((v) => v?.LambdaArn);
  return [...plain, ...versioned].filter((u): u is string => u !== undefined);
}

/** InvalidParameterException unless every URL of `config` follows the URL rule. */
export function assertLambdaConfigUrls(config: LambdaConfig): void {
  for (const url of urlsOf(config)) {
    if (!isAllowedTriggerUrl(url)) throw fail('InvalidParameterException', `Invalid trigger URL ${JSON.stringify(url)}: use https://, or http:// to 127.0.0.1, ::1 or localhost.`);
  }
}

/** Replaces the pool's LambdaConfig (the pools operations write it; tests and tools use this). */
export async function setPoolLambdaConfig(q: Queryable, poolId: string, config: LambdaConfig): Promise<void> {
  assertLambdaConfigUrls(config);
  await q.query(`UPDATE user_pools SET settings = jsonb_set(settings, '{lambdaConfig}', $2::jsonb) WHERE id = $1`, [poolId, JSON.stringify(config)]);
}
