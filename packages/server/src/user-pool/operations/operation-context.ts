import type { AbuseLimits } from '../../abuse/abuse-limits.js';
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { Lockout } from '../../abuse/lockout.js';
import type { Config } from '../../config/config.js';
import type { Database } from '../../db/database.js';
import type { MessageDelivery } from '../../delivery/message-delivery.js';
import type { Metrics, SignInProbe } from '../../metrics/metrics.js';
import type { SecretBox } from '../../sealing/secret-box.js';
import type { Clock } from '../../time/clock.js';
import type { TokenService } from '../../tokens/token-service.js';
import type { Logger } from './logger.js';

/** The long-lived services of one server process, built once by buildApp (or the CLI). */
export interface ServerServices {
  readonly db: Database;
  readonly config: Config;
  readonly clock: Clock;
  readonly tokens: TokenService;
  readonly delivery: MessageDelivery;
  readonly limits: AbuseLimits;
  /** Failed-guess counters with Cognito's lockout schedule. */
  readonly lockout: Lockout;
  /** Seals what a database reader must not be able to use (TOTP secrets, sign-in state). */
  readonly secrets: SecretBox;
  /** The audit trail: events are appended in the transaction of the change they record. */
  readonly audit: AuditTrail;
  readonly log: Logger;
  /** Counters and histograms for /metrics (noMetrics when METRICS_ENABLED is off). */
  readonly metrics: Metrics;
  /** Where managed login is reached (its publicUrl follows the real port once it listens); absent: config.managedLoginPublicUrl. */
  readonly managedLogin?: { readonly publicUrl: string };
  /** Time each trigger attempt may take; absent: Cognito's 5 s (TRIGGER_TIMEOUT_MS). Only tests set it, through buildApp's dependencies. */
  readonly triggerTimeoutMs?: number;
}

/** Who is calling: anyone (public operations), the admin credential (SigV4), an Admins-group user (REST API), the CLI or the hosted login page. */
export type Caller =
  | { readonly kind: 'public' }
  | { readonly kind: 'admin-credential'; readonly accessKeyId: string }
  | { readonly kind: 'admin-user'; readonly sub: string; readonly username: string }
  | { readonly kind: 'cli' }
  /**
   * The hosted login page, running the public sign-in operations for a browser (src/oauth/login/).
   * `origin`: where its pages are served (steward.managedLogin.publicUrl), the one origin its
   * passkey ceremonies run on.
   */
  | { readonly kind: 'managed-login'; readonly origin: string };

/** Facts about the HTTP request (or CLI invocation) behind an operation. */
export interface RequestInfo {
  readonly requestId: string;
  /** Source address (after TRUST_PROXY), "cli" for the CLI. */
  readonly ip: string;
  readonly userAgent?: string;
  /** The Origin header, when a browser sent one (WebAuthn checks it). */
  readonly origin?: string;
  /** Where this server was reached (PUBLIC_URL when set, else the request's own origin), for URLs handed back (an import job's upload URL). */
  readonly baseUrl?: string;
}

/** Everything an operation step may use. I/O only through these, so steps stay testable. */
export interface OperationContext extends ServerServices {
  readonly request: RequestInfo;
  readonly caller: Caller;
  /** Set by the sign-in metrics (metrics/sign-in-metrics.ts) for the step to note its flow on. */
  readonly signInProbe?: SignInProbe;
}
