// The one configuration schema of the server process. Every setting is an environment variable;
// docs/configuration.md describes each of them (a test keeps the two in step).
import path from 'node:path';
import { redirectUrlProblem } from '../user-pool/app-clients/redirect-urls.js';
import { REPO_ROOT } from '../runtime/code-location.js';

export { REPO_ROOT };

/** A value a field could not accept, reported with the variable's name. */
export class ConfigValueError extends Error {
  override readonly name = 'ConfigValueError';
}

/** One environment variable: its name, what the docs show as default, and how to read it. */
export interface ConfigField<T> {
  readonly env: string;
  readonly defaultText: string;
  readonly description: string;
  /** Reads the raw value (undefined when unset or empty). Throws ConfigValueError on bad input. */
  readonly parse: (raw: string | undefined) => T;
}

function field<T>(spec: ConfigField<T>): ConfigField<T> {
  return spec;
}

function integer(min: number, max: number, fallback: number) {
  return (raw: string | undefined): number => {
    if (raw === undefined) return fallback;
    if (!/^-?\d+$/.test(raw)) throw new ConfigValueError(`expected an integer, got "${raw}"`);
    const value = Number(raw);
    if (value < min || value > max) throw new ConfigValueError(`expected ${min}..${max}, got ${value}`);
    return value;
  };
}

function boolean(raw: string | undefined): boolean | undefined {
  if (raw === undefined) return undefined;
  const v = raw.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigValueError(`expected true or false, got "${raw}"`);
}

function optionalUrl(protocols: readonly string[]) {
  return (raw: string | undefined): string | undefined => {
    if (raw === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigValueError(`expected a URL, got "${raw}"`);
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigValueError(`expected a ${protocols.join(' or ')} URL, got "${parsed.protocol}"`);
    }
    return raw;
  };
}

function text(fallback: string) {
  return (raw: string | undefined): string => raw ?? fallback;
}

function optionalText(raw: string | undefined): string | undefined {
  return raw;
}

function oneOf<const T extends string>(values: readonly T[], fallback: T) {
  return (raw: string | undefined): T => {
    if (raw === undefined) return fallback;
    const found = values.find((v) => v === raw);
    if (found === undefined) throw new ConfigValueError(`expected one of ${values.join(', ')}, got "${raw}"`);
    return found;
  };
}

/** A comma-separated list of URLs an app client may register (callback / sign-out). */
function redirectUrls(raw: string | undefined): readonly string[] {
  const urls = (raw ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  for (const url of urls) {
    const problem = redirectUrlProblem(url);
    if (problem !== undefined) throw new ConfigValueError(`${url} ${problem}`);
  }
  return urls;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Every setting of the server, keyed by its name in the typed Config. */
export const configSchema = {
  port: field({ env: 'PORT', defaultText: '3000', description: 'TCP port to listen on (0 picks a free port).', parse: integer(0, 65535, 3000) }),
  host: field({ env: 'HOST', defaultText: '127.0.0.1', description: 'Interface to listen on; use 0.0.0.0 to accept connections from other machines.', parse: text('127.0.0.1') }),
  publicUrl: field({
    env: 'PUBLIC_URL',
    defaultText: 'http://HOST:PORT',
    description: 'Origin the browser and clients use to reach this server (behind a proxy: the public https origin). Endpoints in /runtime-config.json are built from it.',
    parse: optionalUrl(['http:', 'https:']),
  }),
  mode: field({
    env: 'STEWARD_MODE',
    defaultText: 'development',
    description: '`development` (dev outbox, demo seed, codes printed) or `production` (real delivery only, no outbox, codes never logged).',
    parse: oneOf(['development', 'production'] as const, 'development'),
  }),
  databaseUrl: field({
    env: 'DATABASE_URL',
    defaultText: '(unset: embedded PGlite)',
    description: 'PostgreSQL connection string. Unset: an embedded PGlite database in DATA_DIR.',
    parse: optionalUrl(['postgres:', 'postgresql:']),
  }),
  databaseSchema: field({
    env: 'DATABASE_SCHEMA',
    defaultText: 'public',
    description: 'PostgreSQL schema (search_path) holding the tables; created if missing. Tests use one fresh schema per suite.',
    parse: (raw: string | undefined): string => {
      const value = raw ?? 'public';
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(value)) throw new ConfigValueError(`expected a lowercase SQL identifier, got "${value}"`);
      return value;
    },
  }),
  dataDir: field({
    env: 'DATA_DIR',
    defaultText: '<repo>/.data/pglite',
    description: 'Folder of the embedded PGlite database when DATABASE_URL is unset; `memory://` keeps it in memory (tests).',
    parse: (raw: string | undefined): string => raw ?? path.join(REPO_ROOT, '.data', 'pglite'),
  }),
  region: field({
    env: 'REGION',
    defaultText: 'us-east-1',
    description: 'AWS-style region used in pool ids, the default token issuer and /runtime-config.json.',
    parse: (raw: string | undefined): string => {
      const value = raw ?? 'us-east-1';
      if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(value)) throw new ConfigValueError(`expected a region like us-east-1, got "${value}"`);
      return value;
    },
  }),
  managedLogin: field({
    env: 'MANAGED_LOGIN',
    defaultText: 'true',
    description: 'Serve managed login (the OAuth 2.0 / OpenID Connect endpoints and the hosted sign-in page) on its own origin, like a Cognito user-pool domain.',
    parse: (raw: string | undefined): boolean => boolean(raw) ?? true,
  }),
  managedLoginPort: field({
    env: 'MANAGED_LOGIN_PORT',
    defaultText: '3443 (0 when PORT is 0)',
    description: 'TCP port of the managed-login origin (0 picks a free port).',
    parse: (raw: string | undefined): number | undefined => (raw === undefined ? undefined : integer(0, 65535, 3443)(raw)),
  }),
  managedLoginPublicUrl: field({
    env: 'MANAGED_LOGIN_PUBLIC_URL',
    defaultText: 'https://localhost:MANAGED_LOGIN_PORT',
    description: 'Origin browsers use to reach managed login (the OAuth domain apps are configured with). aws-amplify always calls it over https.',
    parse: optionalUrl(['http:', 'https:']),
  }),
  managedLoginDomainSuffix: field({
    env: 'MANAGED_LOGIN_DOMAIN_SUFFIX',
    defaultText: '(unset: prefix domains are not served)',
    description: 'Parent domain of user-pool prefix domains: a managed-login request whose Host is `<prefix>.<suffix>` signs in to the pool of the prefix domain (CreateUserPoolDomain).',
    parse: (raw: string | undefined): string | undefined => (raw === undefined || raw.trim() === '' ? undefined : raw.trim().toLowerCase().replace(/^\.+|\.+$/g, '')),
  }),
  managedLoginTls: field({
    env: 'MANAGED_LOGIN_TLS',
    defaultText: 'true',
    description: 'Serve managed login over HTTPS. Turn it off only behind a proxy that terminates TLS.',
    parse: (raw: string | undefined): boolean => boolean(raw) ?? true,
  }),
  managedLoginTlsCertFile: field({
    env: 'MANAGED_LOGIN_TLS_CERT_FILE',
    defaultText: '(development: a self-signed certificate for localhost generated at first start)',
    description: 'PEM certificate chain of the managed-login origin. Required in production when MANAGED_LOGIN_TLS is on.',
    parse: optionalText,
  }),
  managedLoginTlsKeyFile: field({ env: 'MANAGED_LOGIN_TLS_KEY_FILE', defaultText: '(with the certificate)', description: 'PEM private key of MANAGED_LOGIN_TLS_CERT_FILE.', parse: optionalText }),
  metricsEnabled: field({
    env: 'METRICS_ENABLED',
    defaultText: 'true',
    description: 'Serve Prometheus metrics at `/metrics` on a listener of its own (METRICS_HOST:METRICS_PORT), never on PORT. `false`: no listener, and nothing is counted (docs/operations.md "Metrics").',
    parse: (raw: string | undefined): boolean => boolean(raw) ?? true,
  }),
  metricsPort: field({
    env: 'METRICS_PORT',
    defaultText: '9464 (0 when PORT is 0)',
    description: 'TCP port of the metrics listener (0 picks a free port). Two processes on one machine need two ports.',
    parse: (raw: string | undefined): number | undefined => (raw === undefined ? undefined : integer(0, 65535, 9464)(raw)),
  }),
  metricsHost: field({
    env: 'METRICS_HOST',
    defaultText: '127.0.0.1',
    description: 'Interface of the metrics listener. The metrics are not secret but not public either: widen it (e.g. to a private address) only where just Prometheus can reach it.',
    parse: text('127.0.0.1'),
  }),
  issuerBaseUrl: field({
    env: 'ISSUER_BASE_URL',
    defaultText: 'https://cognito-idp.REGION.amazonaws.com',
    description: 'Base of the `iss` claim; tokens carry `<ISSUER_BASE_URL>/<userPoolId>`. Set it to PUBLIC_URL to make OpenID discovery self-consistent.',
    parse: optionalUrl(['http:', 'https:']),
  }),
  accessTokenTtlSeconds: field({ env: 'ACCESS_TOKEN_TTL_SECONDS', defaultText: '3600', description: 'Default access-token lifetime (app clients may override), 300..86400.', parse: integer(300, DAY, HOUR) }),
  idTokenTtlSeconds: field({ env: 'ID_TOKEN_TTL_SECONDS', defaultText: '3600', description: 'Default id-token lifetime (app clients may override), 300..86400.', parse: integer(300, DAY, HOUR) }),
  refreshTokenTtlSeconds: field({ env: 'REFRESH_TOKEN_TTL_SECONDS', defaultText: '2592000 (30 days)', description: 'Default refresh-token lifetime, 3600..315360000.', parse: integer(HOUR, 3650 * DAY, 30 * DAY) }),
  refreshTokenRotation: field({
    env: 'REFRESH_TOKEN_ROTATION',
    defaultText: 'disabled (unset: as UpdateUserPoolClient last set it)',
    description: 'Refresh-token rotation of the default app client, applied at every start: `enabled` (each refresh returns a new refresh token; the one it replaces works for REFRESH_TOKEN_ROTATION_GRACE_SECONDS more, and presenting it later revokes the sign-in; InitiateAuth REFRESH_TOKEN_AUTH is refused) or `disabled`.',
    parse: (raw: string | undefined): 'enabled' | 'disabled' | undefined => (raw === undefined ? undefined : oneOf(['enabled', 'disabled'] as const, 'disabled')(raw)),
  }),
  refreshTokenRotationGraceSeconds: field({
    env: 'REFRESH_TOKEN_ROTATION_GRACE_SECONDS',
    defaultText: '0 (unset: as UpdateUserPoolClient last set it)',
    description: 'RetryGracePeriodSeconds of the default app client, 0..60, applied at every start: how long a rotated-out refresh token still works, for client retries.',
    parse: (raw: string | undefined): number | undefined => (raw === undefined ? undefined : integer(0, 60, 0)(raw)),
  }),
  extraCallbackUrls: field({
    env: 'EXTRA_CALLBACK_URLS',
    defaultText: '(empty)',
    description: 'Comma-separated callback URLs added to the default app client at every start (it always has PUBLIC_URL, localhost:3000, 127.0.0.1:3000 and localhost:5173): https, http only on localhost / 127.0.0.1, or an app scheme (myapp://callback); no fragment.',
    parse: redirectUrls,
  }),
  extraLogoutUrls: field({
    env: 'EXTRA_LOGOUT_URLS',
    defaultText: '(empty)',
    description: 'Comma-separated sign-out URLs added to the default app client at every start, by the same rules as EXTRA_CALLBACK_URLS.',
    parse: redirectUrls,
  }),
  authSessionTtlSeconds: field({ env: 'AUTH_SESSION_TTL_SECONDS', defaultText: '180', description: 'Lifetime of a sign-in challenge session (the `Session` string), 60..900.', parse: integer(60, 900, 180) }),
  authSessionMaxAttempts: field({ env: 'AUTH_SESSION_MAX_ATTEMPTS', defaultText: '5', description: 'Wrong answers that end a challenge session.', parse: integer(1, 100, 5) }),
  codeTtlSeconds: field({ env: 'CODE_TTL_SECONDS', defaultText: '3600', description: 'Lifetime of emailed/texted confirmation, reset and attribute-verification codes.', parse: integer(60, 7 * DAY, HOUR) }),
  codeMaxAttempts: field({ env: 'CODE_MAX_ATTEMPTS', defaultText: '5', description: 'Wrong tries after which a code is void (LimitExceededException).', parse: integer(1, 100, 5) }),
  codePepper: field({
    env: 'CODE_PEPPER',
    defaultText: '(development: a fixed dev value)',
    description: 'Secret mixed into the HMAC of stored one-time codes; keep it outside the database. Required in production (a loud warning otherwise).',
    parse: optionalText,
  }),
  signingKeySecret: field({
    env: 'SIGNING_KEY_SECRET',
    defaultText: '(development: a fixed dev value)',
    description: 'Secret that encrypts the token-signing private keys stored in the database (AES-256-GCM); keep it outside the database. Changing it makes the stored keys unreadable (rotate them first). Required in production (a loud warning otherwise).',
    parse: optionalText,
  }),
  dataSealingSecret: field({
    env: 'DATA_SEALING_SECRET',
    defaultText: '(development: a fixed dev value)',
    description: 'Secret that seals (AES-256-GCM) what would let a reader of the database act as a user or an app client: TOTP secrets, pending sign-in state and app-client secrets. At least 32 characters; keep it outside the database. Required in production (a loud warning otherwise).',
    parse: optionalText,
  }),
  dataSealingPreviousSecrets: field({
    env: 'DATA_SEALING_PREVIOUS_SECRETS',
    defaultText: '(empty)',
    description: 'Comma-separated earlier DATA_SEALING_SECRET values: what they sealed still opens, and start-up re-seals it under the current secret (rotation: set the new secret, move the old one here, start, then remove it).',
    parse: (raw: string | undefined): readonly string[] => (raw ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0),
  }),
  temporaryPasswordTtlDays: field({ env: 'TEMPORARY_PASSWORD_TTL_DAYS', defaultText: '7', description: 'Days a temporary password from AdminCreateUser stays usable (written into the pool’s password policy on first start).', parse: integer(1, 365, 7) }),
  lockoutFreeAttempts: field({
    env: 'LOCKOUT_FREE_ATTEMPTS',
    defaultText: '5',
    description: 'Failed guesses per user (passwords; separately, MFA and custom-challenge codes) allowed before lockouts start, as Cognito’s 5 (0 disables lockouts). The guess that uses the last one is answered "Password attempts exceeded" (codes: TooManyFailedAttemptsException).',
    parse: integer(0, 10_000, 5),
  }),
  lockoutInitialSeconds: field({ env: 'LOCKOUT_INITIAL_SECONDS', defaultText: '1', description: 'First lockout; each further failure doubles it (attempts during a lockout are refused unchecked and not counted).', parse: integer(1, DAY, 1) }),
  lockoutMaxSeconds: field({ env: 'LOCKOUT_MAX_SECONDS', defaultText: '900', description: 'Longest lockout (Cognito: about 15 minutes).', parse: integer(1, 7 * DAY, 900) }),
  lockoutResetSeconds: field({ env: 'LOCKOUT_RESET_SECONDS', defaultText: '900', description: 'A counter with no counted attempt for this long (and no lockout running) starts over; a success resets it at once.', parse: integer(1, 7 * DAY, 900) }),
  codeSendLimit: field({ env: 'CODE_SEND_LIMIT', defaultText: '5', description: 'Codes sent per user and purpose within the window before LimitExceededException (0 disables).', parse: integer(0, 10_000, 5) }),
  codeSendWindowSeconds: field({ env: 'CODE_SEND_WINDOW_SECONDS', defaultText: '3600', description: 'Window of the code-sending counter.', parse: integer(1, 7 * DAY, HOUR) }),
  clientRequestLimit: field({ env: 'CLIENT_REQUEST_LIMIT', defaultText: '600', description: 'Requests per user pool and source address (an IPv6 caller: its /64) within the window before TooManyRequestsException (0 disables).', parse: integer(0, 10_000_000, 600) }),
  clientRequestWindowSeconds: field({ env: 'CLIENT_REQUEST_WINDOW_SECONDS', defaultText: '60', description: 'Window of the request-rate counter.', parse: integer(1, DAY, 60) }),
  smtpUrl: field({ env: 'SMTP_URL', defaultText: '(unset)', description: 'SMTP server for email in production, e.g. smtps://user:pass@mail.example.com:465.', parse: optionalUrl(['smtp:', 'smtps:']) }),
  smtpFrom: field({ env: 'SMTP_FROM', defaultText: 'Steward <no-reply@localhost>', description: 'From address of emails sent through SMTP_URL.', parse: text('Steward <no-reply@localhost>') }),
  smsWebhookUrl: field({
    env: 'SMS_WEBHOOK_URL',
    defaultText: '(unset)',
    description: 'HTTP(S) endpoint receiving `POST {"to","body"}` for each SMS in production.',
    parse: optionalUrl(['http:', 'https:']),
  }),
  smsWebhookSecret: field({
    env: 'SMS_WEBHOOK_SECRET',
    defaultText: '(unset)',
    description: 'When set, each SMS webhook request carries `X-Steward-Signature: sha256=<hex HMAC of the body>`.',
    parse: optionalText,
  }),
  seedDemo: field({
    env: 'SEED_DEMO',
    defaultText: 'true in development, false in production',
    description: 'On first start, also create the demo users (admin, staff, client) with known passwords.',
    parse: boolean,
  }),
  signUpVerification: field({
    env: 'SIGN_UP_VERIFICATION',
    defaultText: 'code',
    description: 'How a new account proves its email: `code` (a 6-digit code typed into the app) or `link` (an emailed link to GET /confirmUser; the app polls until it is opened). Users with only a phone number always get a code.',
    parse: oneOf(['code', 'link'] as const, 'code'),
  }),
  webDistDir: field({
    env: 'WEB_DIST_DIR',
    defaultText: '<repo>/packages/web/dist',
    description: 'Folder of the built web app, served with SPA fallback when it exists.',
    parse: (raw: string | undefined): string => raw ?? path.join(REPO_ROOT, 'packages', 'web', 'dist'),
  }),
  bodyLimitBytes: field({ env: 'BODY_LIMIT_BYTES', defaultText: '65536', description: 'Largest accepted request body; larger ones get InvalidParameterException.', parse: integer(1024, 10 * 1024 * 1024, 65536) }),
  adminAccessKeyId: field({
    env: 'ADMIN_ACCESS_KEY_ID',
    defaultText: '(unset: Admin* operations refused on the wire)',
    description: 'Access key id that may call Admin* and ListUsers on `POST /` with an AWS Signature V4 (e.g. from the AWS SDK or CLI).',
    parse: optionalText,
  }),
  adminSecretAccessKey: field({ env: 'ADMIN_SECRET_ACCESS_KEY', defaultText: '(unset)', description: 'Secret of ADMIN_ACCESS_KEY_ID used to check the signature.', parse: optionalText }),
  allowGuestIdentities: field({ env: 'ALLOW_GUEST_IDENTITIES', defaultText: 'false', description: 'Identity pool: allow unauthenticated (guest) identities.', parse: (raw: string | undefined): boolean => boolean(raw) ?? false }),
  corsOrigins: field({
    env: 'CORS_ORIGINS',
    defaultText: '(empty: same origin only)',
    description: 'Comma-separated origins allowed to call the API from a browser on another origin (e.g. a Vite dev server), or `*`.',
    parse: (raw: string | undefined): readonly string[] => (raw ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0),
  }),
  trustProxy: field({ env: 'TRUST_PROXY', defaultText: 'false', description: 'Trust X-Forwarded-* headers (set when behind a reverse proxy) so rate limits see real client addresses.', parse: (raw: string | undefined): boolean => boolean(raw) ?? false }),
  graphqlIntrospection: field({
    env: 'GRAPHQL_INTROSPECTION',
    defaultText: 'true in development, false in production',
    description: 'Answer GraphQL introspection (`__schema`, `__type`) on /graphql, for code generators. Off, such queries get ValidationError.',
    parse: boolean,
  }),
  graphqlFieldSuggestions: field({
    env: 'GRAPHQL_FIELD_SUGGESTIONS',
    defaultText: 'true in development, false in production',
    description: 'Keep "Did you mean …?" hints (names of the schema) in /graphql error messages.',
    parse: boolean,
  }),
  jobsEnabled: field({
    env: 'JOBS_ENABLED',
    defaultText: 'true',
    description: 'Run the background job runner in this process (campaign contacts and other queued work). It starts only when some feature registers a job handler, so on a server with none it costs nothing. Several processes on one PostgreSQL may all run it: each job runs once.',
    parse: (raw: string | undefined): boolean => boolean(raw) ?? true,
  }),
  jobsPollIntervalMs: field({
    env: 'JOBS_POLL_INTERVAL_MS',
    defaultText: '1000',
    description: 'Pause of the job runner between polls that find nothing due, in milliseconds (50..3600000).',
    parse: integer(50, 3_600_000, 1000),
  }),
  campaignInlinePlanLimit: field({
    env: 'CAMPAIGN_INLINE_PLAN_LIMIT',
    defaultText: '5000',
    description: 'planCampaign plans a campaign selecting at most this many accounts in the request; a wider one (up to 100000) in a background campaign.plan job (1..100000).',
    parse: integer(1, 100_000, 5000),
  }),
  promiseGraceDays: field({
    env: 'PROMISE_GRACE_DAYS',
    defaultText: '3',
    description: 'Days after a due date a payment still keeps a promise installment, when takePromise does not say (0..31).',
    parse: integer(0, 31, 3),
  }),
  collectionsTimeZone: field({
    env: 'COLLECTIONS_TIME_ZONE',
    defaultText: 'America/New_York',
    description: "IANA zone of a promise's due dates when neither the debtor's zone nor a ZIP code of the debtor or the account gives one.",
    parse: (raw: string | undefined): string => {
      if (raw === undefined) return 'America/New_York';
      try {
        return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone;
      } catch {
        throw new ConfigValueError(`expected an IANA time zone such as America/Chicago, got "${raw}"`);
      }
    },
  }),
  keepAliveTimeoutSeconds: field({
    env: 'KEEP_ALIVE_TIMEOUT_SECONDS',
    defaultText: '5',
    description:
      'How long an idle keep-alive connection stays open, 1..600, advertised to clients as `Keep-Alive: timeout=N` (they stop reusing a connection before the server closes it). A proxy in front must use a shorter upstream keep-alive (nginx: `keepalive_timeout` in the `upstream` block). A graceful stop waits this long for idle connections to close.',
    parse: integer(1, 600, 5),
  }),
  shutdownTimeoutSeconds: field({
    env: 'SHUTDOWN_TIMEOUT_SECONDS',
    defaultText: '30',
    description:
      'Bound of a graceful stop (SIGTERM, SIGINT), 1..3600: readiness turns 503, the listener closes, requests in flight and jobs in hand get this long to finish; past it the process logs what was still open and exits 1. Set the process manager\'s stop timeout above it.',
    parse: integer(1, 3600, 30),
  }),
  auditRetentionDays: field({
    env: 'AUDIT_RETENTION_DAYS',
    defaultText: '0 (keep every row)',
    description:
      'Days the audit trail keeps its rows (0..36500; 0 keeps them for ever). Older rows are deleted by the ten-minute housekeeping, oldest first, and the chain is anchored at the last deleted row so `cli audit verify` still checks what is kept.',
    parse: integer(0, 36_500, 0),
  }),
  logLevel: field({
    env: 'LOG_LEVEL',
    defaultText: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent.',
    parse: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  }),
} as const;

/** Names of the settings, as keys of Config. */
export type ConfigKey = keyof typeof configSchema;
