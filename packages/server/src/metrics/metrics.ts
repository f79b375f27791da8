// The metrics port: what the server's code tells the metrics (requests, sign-ins, lockouts, MFA
// failures, refreshes, OAuth grants), in label values from closed sets only, so that nothing a
// caller typed (a username, an id, a path with an id, a token) can become a label. Two adapters:
// prometheus-metrics.ts (METRICS_ENABLED, served by metrics-listener.ts) and noMetrics.

/** Which listener answered a request. */
export type RequestListener = 'app' | 'managed_login';

/** One answered HTTP request, with its labels already bounded (request-metrics.ts). */
export interface RequestSample {
  readonly listener: RequestListener;
  readonly method: string;
  /** The route pattern (e.g. /oauth2/token), or "unmatched" when no route answered. */
  readonly route: string;
  /** The Cognito operation (POST /) or GraphQL root field (/graphql); "" elsewhere. */
  readonly operation: string;
  readonly status: number;
  readonly seconds: number;
}

/** The flows sign-ins are counted under: InitiateAuth's (REFRESH_TOKEN counted as REFRESH_TOKEN_AUTH), the hosted login page's, or unknown (a request too malformed to tell). */
export const SIGN_IN_FLOWS = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH', 'CUSTOM_AUTH', 'USER_AUTH', 'REFRESH_TOKEN_AUTH', 'ADMIN_USER_PASSWORD_AUTH', 'MANAGED_LOGIN', 'unknown'] as const;

/** A flow label. */
export type SignInFlow = (typeof SIGN_IN_FLOWS)[number];

/** How one step of a sign-in ended: tokens, another challenge, or an error. */
export type SignInStepOutcome = 'success' | 'challenge' | 'failure';

/** Classes of sign-in failures (metric-labels.ts maps each error to one). */
export const FAILURE_REASONS = [
  'wrong_credentials',
  'locked_out',
  'wrong_code',
  'session_expired',
  'user_state',
  'token_refused',
  'token_reused',
  'not_authorized',
  'rate_limited',
  'invalid_request',
  'internal',
  'other',
] as const;

/** A failure class. */
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** What a lockout counter guards: the password (or SRP proof), or second-factor codes. */
export type LockoutKind = 'password' | 'mfa';

/** Code challenges whose wrong answers are counted as MFA failures. */
export const MFA_FAILURE_KINDS = ['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP', 'SMS_OTP'] as const;

/** An MFA failure kind. */
export type MfaFailureKind = (typeof MFA_FAILURE_KINDS)[number];

/** What a refresh did: new tokens without a new refresh token, with one (rotation), refused, or refused as reuse (the sign-in revoked). */
export type RefreshResult = 'reissued' | 'rotated' | 'refused' | 'reuse_detected';

/** The grant types of /oauth2/token, "none" when absent, "other" when unsupported. */
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials', 'none', 'other'] as const;

/** A grant-type label. */
export type GrantTypeLabel = (typeof GRANT_TYPES)[number];

/** How a grant ended: success, or the OAuth error code it was answered with (server_error for a bug). */
export const GRANT_OUTCOMES = [
  'success',
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'server_error',
] as const;

/** A grant outcome label. */
export type GrantOutcome = (typeof GRANT_OUTCOMES)[number];

/** The metrics of one server process. */
export interface Metrics {
  /** False for noMetrics: callers may skip work that only feeds the metrics. */
  readonly enabled: boolean;
  /** An answered HTTP request. */
  request(sample: RequestSample): void;
  /** One step of a sign-in (an InitiateAuth or RespondToAuthChallenge call); `reason` only for failures. */
  signInStep(flow: SignInFlow, outcome: SignInStepOutcome, reason?: FailureReason): void;
  /** A sign-in guess answered with a lockout (the guess that used the last free attempt, or one while locked). */
  lockout(kind: LockoutKind): void;
  /** A wrong or refused answer to a code challenge. */
  mfaFailure(kind: MfaFailureKind, reason: FailureReason): void;
  /** A refresh-token use (REFRESH_TOKEN_AUTH, GetTokensFromRefreshToken, the refresh_token grant). */
  tokenRefresh(result: RefreshResult): void;
  /** A request to /oauth2/token. */
  oauthGrant(grantType: GrantTypeLabel, outcome: GrantOutcome): void;
  /** The Prometheus text exposition of every metric (empty for noMetrics). */
  exposition(): Promise<{ readonly contentType: string; readonly text: string }>;
}

const ignore = (): void => undefined;

/** Metrics turned off (METRICS_ENABLED=false, the CLI): every call does nothing. */
export const noMetrics: Metrics = {
  enabled: false,
  request: ignore,
  signInStep: ignore,
  lockout: ignore,
  mfaFailure: ignore,
  tokenRefresh: ignore,
  oauthGrant: ignore,
  exposition: async () => ({ contentType: 'text/plain; version=0.0.4; charset=utf-8', text: '' }),
};

/** Where a sign-in step notes the flow it belongs to, when only its stored state knows it (RespondToAuthChallenge). */
export interface SignInProbe {
  flow: string | undefined;
}
