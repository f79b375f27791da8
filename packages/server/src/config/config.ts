import { configSchema, ConfigValueError, type ConfigKey } from './config-schema.js';

type Parsed = { readonly [K in ConfigKey]: ReturnType<(typeof configSchema)[K]['parse']> };

/** The validated configuration of one server process (derived defaults filled in). */
export interface Config extends Omit<Parsed, 'publicUrl' | 'managedLoginPort' | 'metricsPort' | 'managedLoginPublicUrl' | 'issuerBaseUrl' | 'seedDemo' | 'codePepper' | 'signingKeySecret' | 'dataSealingSecret'> {
  /** Origin of this server as clients see it, without a trailing slash. */
  readonly publicUrl: string;
  /** True when PUBLIC_URL was set; otherwise URLs handed to clients follow the request's Host. */
  readonly publicUrlIsExplicit: boolean;
  readonly managedLoginPort: number;
  /** Origin of managed login (OAuth endpoints, hosted sign-in page) as browsers see it, without a trailing slash. */
  readonly managedLoginPublicUrl: string;
  /** True when MANAGED_LOGIN_PUBLIC_URL was set; otherwise it follows the port the origin really listens on. */
  readonly managedLoginPublicUrlIsExplicit: boolean;
  readonly metricsPort: number;
  /** Base of the `iss` claim, without a trailing slash. */
  readonly issuerBaseUrl: string;
  readonly seedDemo: boolean;
  readonly codePepper: string;
  /** True when the development pepper is in use (CODE_PEPPER unset or set to it); never in production. */
  readonly usesDevPepper: boolean;
  readonly signingKeySecret: string;
  /** True when the development signing-key secret is in use; never in production. */
  readonly usesDevSigningKeySecret: boolean;
  readonly dataSealingSecret: string;
  /** True when the development data-sealing secret is in use; never in production. */
  readonly usesDevDataSealingSecret: boolean;
}

/** Thrown when the environment does not describe a valid configuration; lists every problem. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

const DEV_PEPPER = 'steward-development-pepper-not-secret';
const DEV_SIGNING_KEY_SECRET = 'steward-development-signing-key-secret-not-secret';
const DEV_DATA_SEALING_SECRET = 'steward-development-data-sealing-secret-not-secret';

/** The secrets' public development values (in the sources, so anyone can read them), by variable. */
export const DEVELOPMENT_SECRET_VALUES = { CODE_PEPPER: DEV_PEPPER, SIGNING_KEY_SECRET: DEV_SIGNING_KEY_SECRET, DATA_SEALING_SECRET: DEV_DATA_SEALING_SECRET } as const;

/**
 * Why production must not start with these secrets: each variable still at its public development
 * value (unset, or set to that very value), with what a reader of the database could then do.
 */
export function developmentSecretProblems(secrets: { readonly codePepper: string | undefined; readonly signingKeySecret: string | undefined; readonly dataSealingSecret: string | undefined }): string[] {
  const consequences = [
    ['CODE_PEPPER', secrets.codePepper, 'one-time codes would be hashed with a pepper anyone can read'],
    ['SIGNING_KEY_SECRET', secrets.signingKeySecret, 'the token-signing keys would be encrypted with a secret anyone can read, so a copy of the database could forge tokens'],
    ['DATA_SEALING_SECRET', secrets.dataSealingSecret, 'TOTP secrets, pending sign-ins and app-client secrets would be sealed with a secret anyone can read'],
  ] as const;
  return consequences
    .filter(([name, value]) => value === undefined || value === DEVELOPMENT_SECRET_VALUES[name])
    .map(([name, value, consequence]) => `${name}: production refuses the public development value (${value === undefined ? 'unset' : 'set to it'}): ${consequence}. Set a secret of your own, e.g. $(openssl rand -hex 32).`);
}

/** Reads and validates the configuration from environment variables (all problems reported at once). */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const problems: string[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(configSchema)) {
    const raw = env[spec.env];
    try {
      parsed[key] = spec.parse(raw === undefined || raw.trim() === '' ? undefined : raw.trim());
    } catch (error) {
      if (!(error instanceof ConfigValueError)) throw error;
      problems.push(`${spec.env}: ${error.message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const p = parsed as unknown as Parsed;

  if ((p.adminAccessKeyId === undefined) !== (p.adminSecretAccessKey === undefined)) {
    problems.push('ADMIN_ACCESS_KEY_ID and ADMIN_SECRET_ACCESS_KEY must be set together');
  }
  if (p.mode === 'production' && p.codePepper !== undefined && p.codePepper.length < 16) {
    problems.push('CODE_PEPPER: use at least 16 characters');
  }
  if (p.signingKeySecret !== undefined && p.signingKeySecret.length < 32) {
    problems.push('SIGNING_KEY_SECRET: use at least 32 characters');
  }
  for (const [name, secret] of [['DATA_SEALING_SECRET', p.dataSealingSecret], ...p.dataSealingPreviousSecrets.map((s) => ['DATA_SEALING_PREVIOUS_SECRETS', s] as const)] as const) {
    if (secret !== undefined && secret.length < 32) problems.push(`${name}: use at least 32 characters`);
  }
  // Refused rather than warned about: a database copy of a careless deployment could forge tokens.
  if (p.mode === 'production') problems.push(...developmentSecretProblems(p));
  if ((p.managedLoginTlsCertFile === undefined) !== (p.managedLoginTlsKeyFile === undefined)) {
    problems.push('MANAGED_LOGIN_TLS_CERT_FILE and MANAGED_LOGIN_TLS_KEY_FILE must be set together');
  }
  if (p.mode === 'production' && p.managedLogin && p.managedLoginTls && p.managedLoginTlsCertFile === undefined) {
    problems.push('MANAGED_LOGIN_TLS_CERT_FILE: production serves managed login over HTTPS with a real certificate (or set MANAGED_LOGIN_TLS=false behind a TLS proxy)');
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const managedLoginPort = p.managedLoginPort ?? (p.port === 0 ? 0 : 3443);
  const publicUrl = (p.publicUrl ?? `http://${p.host.includes(':') ? `[${p.host}]` : p.host}:${p.port}`).replace(/\/+$/, '');
  return {
    ...p,
    publicUrl,
    publicUrlIsExplicit: p.publicUrl !== undefined,
    managedLoginPort,
    managedLoginPublicUrl: (p.managedLoginPublicUrl ?? `${p.managedLoginTls ? 'https' : 'http'}://localhost:${managedLoginPort}`).replace(/\/+$/, ''),
    managedLoginPublicUrlIsExplicit: p.managedLoginPublicUrl !== undefined,
    metricsPort: p.metricsPort ?? (p.port === 0 ? 0 : 9464),
    issuerBaseUrl: (p.issuerBaseUrl ?? `https://cognito-idp.${p.region}.amazonaws.com`).replace(/\/+$/, ''),
    seedDemo: p.seedDemo ?? p.mode === 'development',
    codePepper: p.codePepper ?? DEV_PEPPER,
    usesDevPepper: (p.codePepper ?? DEV_PEPPER) === DEV_PEPPER,
    signingKeySecret: p.signingKeySecret ?? DEV_SIGNING_KEY_SECRET,
    usesDevSigningKeySecret: (p.signingKeySecret ?? DEV_SIGNING_KEY_SECRET) === DEV_SIGNING_KEY_SECRET,
    dataSealingSecret: p.dataSealingSecret ?? DEV_DATA_SEALING_SECRET,
    usesDevDataSealingSecret: (p.dataSealingSecret ?? DEV_DATA_SEALING_SECRET) === DEV_DATA_SEALING_SECRET,
  };
}

/** Loud warnings for development defaults that are active in production mode (empty when none); the secrets' development values are refused by loadConfig instead. */
export function productionWarnings(config: Config): string[] {
  if (config.mode !== 'production') return [];
  const warnings: string[] = [];
  if (config.seedDemo) warnings.push('SEED_DEMO is on: demo users with published passwords are created.');
  if (config.smtpUrl === undefined) warnings.push('SMTP_URL is unset: emails (codes, invitations) cannot be delivered and those operations fail with CodeDeliveryFailureException.');
  if (config.smsWebhookUrl === undefined) warnings.push('SMS_WEBHOOK_URL is unset: SMS codes cannot be delivered.');
  if (config.databaseUrl === undefined) warnings.push('DATABASE_URL is unset: data lives in an embedded PGlite folder; use PostgreSQL for several processes or backups.');
  if (config.corsOrigins.includes('*')) warnings.push('CORS_ORIGINS is "*": any web page may call the API from a browser.');
  if (!config.publicUrl.startsWith('https://')) warnings.push(`PUBLIC_URL (${config.publicUrl}) is not https.`);
  if (config.managedLogin && !config.managedLoginPublicUrl.startsWith('https://')) warnings.push(`MANAGED_LOGIN_PUBLIC_URL (${config.managedLoginPublicUrl}) is not https: sign-in cookies and codes would cross the network in clear.`);
  return warnings;
}
