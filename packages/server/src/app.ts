// Builds the HTTP server without listening, so tests can `inject` requests or listen on port 0.
import { registerAuditRoutes } from './audit/audit-routes.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { AbuseLimits } from './abuse/abuse-limits.js';
import { Lockout } from './abuse/lockout.js';
import { AuditTrail } from './audit/audit-trail.js';
import { SecretBox } from './sealing/secret-box.js';
import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import { createDelivery } from './delivery/create-delivery.js';
import type { DevOutbox } from './delivery/dev-outbox.js';
import type { MessageDelivery } from './delivery/message-delivery.js';
import { registerOutboxRoutes } from './delivery/outbox-routes.js';
import { registerTestClockRoutes, type ShiftableClock } from './time/test-clock.js';
import { registerConfirmUserRoutes } from './hosted/confirm-user-routes.js';
import { registerLogoutRoutes } from './hosted/logout-routes.js';
import { registerRequestLogContext, requestAwareLogger } from './logging/request-log-context.js';
import { registerRequestIdHeader, serverLoggingOptions } from './logging/server-logging.js';
import { registerRuntimeConfigRoutes } from './runtime-config/runtime-config-routes.js';
import { systemClock, type Clock } from './time/clock.js';
import { SigningKeys } from './tokens/signing-keys.js';
import { TokenService } from './tokens/token-service.js';
import { registerWellKnownRoutes } from './tokens/well-known-routes.js';
import { createRegistry } from './user-pool/operations/all-operations.js';
import type { Logger } from './user-pool/operations/logger.js';
import type { Operation } from './user-pool/operations/operation.js';
import type { ServerServices } from './user-pool/operations/operation-context.js';
import type { OperationRegistry } from './user-pool/operations/registry.js';
import { registerJsonProtocolRoutes } from './user-pool/wire/json-protocol-routes.js';
import { guardOwnListener } from './user-pool/triggers/egress-guard.js';
import { preTokenGenerationClientCustomizer, preTokenGenerationCustomizer } from './user-pool/triggers/pre-token-generation.js';
import { registerAdminApiRoutes } from './admin/admin-api-routes.js';
import { readSessionLengthMax } from './user-pool/admin/session-policy.js';
import { registerGraphqlApi } from './graphql/index.js';
import { CampaignService } from './campaigns/campaign-service.js';
import { campaignSchemaExtension } from './campaigns/graphql/campaign-schema.js';
import { moneySchemaExtension } from './collections/graphql/money-schema.js';
import { PaymentService } from './collections/payments/payment-service.js';
import { PromiseService } from './collections/promises/promise-service.js';
import { DashboardService } from './collections/dashboard/dashboard-service.js';
import { rebuildDashboardRollups } from './collections/dashboard/dashboard-rollups.js';
import { deskSchemaExtension } from './collections/graphql/desk-schema.js';
import { DeskService } from './collections/desk-service.js';
import { registerAppSecurityHeaders } from './security-headers/app-security-headers.js';
import { registerCspReportRoutes } from './security-headers/csp-report-routes.js';
import { campaignMessageSettings } from './campaigns/messages/opt-out.js';
import { registerOptOutRoutes } from './campaigns/messages/opt-out-routes.js';
import { noMetrics, type Metrics } from './metrics/metrics.js';
import { PrometheusMetrics } from './metrics/prometheus-metrics.js';
import { cognitoOperationLabel, noteRequestOperation, registerRequestMetrics } from './metrics/request-metrics.js';
import { processRevocations } from './tokens/revocation-feed.js';
import { ServerHealth } from './health/server-health.js';
import { registerHealthRoutes } from './health/health-routes.js';
import { registerUserImportUploadRoutes } from './user-pool/imports/index.js';

/** What buildApp needs besides the configuration; only `db` is required. */
export interface AppDependencies {
  /** An open, migrated database. */
  readonly db: Database;
  readonly clock?: Clock;
  /** Replaces the delivery the configuration would choose (tests of production delivery). */
  readonly delivery?: MessageDelivery;
  /** Replaces the operation list (tests of the framework). */
  readonly operations?: readonly Operation[];
  /** Where log lines go (default stdout); tests capture them to check that secrets never appear. */
  readonly logStream?: { write(line: string): void };
  /** A clock e2e tests move over `POST /dev/clock`; honoured in development mode only (main.ts builds it for STEWARD_TEST_CLOCK=on). */
  readonly testClock?: ShiftableClock;
  /** Replaces the metrics METRICS_ENABLED would choose; createServices alone (the CLI) counts nothing unless given. */
  readonly metrics?: Metrics;
  /** 'off' writes no audit trail: only for benchmarks measuring what it costs (there is no setting for it). */
  readonly auditTrail?: 'on' | 'off';
  /** Replaces Cognito's 5 s per trigger attempt: only for tests of the timeout (there is no setting for it). */
  readonly triggerTimeoutMs?: number;
}

/** The services and registry of a built app, reachable as `app.steward`. */
export interface StewardHandle extends ServerServices {
  readonly registry: OperationRegistry;
  /** The dev outbox in development mode; undefined in production. */
  readonly outbox: DevOutbox | undefined;
  /** Where managed login is reached; publicUrl follows the real port once it listens (port 0). */
  readonly managedLogin: { publicUrl: string };
  /** Lifecycle phase and readiness checks (/health/ready); whoever starts the server marks it ready. */
  readonly health: ServerHealth;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's services (database, tokens, delivery, limits…) for tests, the CLI and other route modules. */
    steward: StewardHandle;
  }
}

/** Builds the long-lived services of a process (shared by buildApp and the CLI). */
export function createServices(config: Config, deps: AppDependencies, log: Logger): StewardHandle {
  const clock = deps.clock ?? systemClock;
  const metrics = deps.metrics ?? noMetrics;
  const keys = new SigningKeys(deps.db, clock, config.signingKeySecret);
  const audit = new AuditTrail(deps.db, clock, deps.auditTrail !== 'off');
  const tokens = new TokenService(deps.db, config, clock, keys, processRevocations, metrics, audit);
  const created = createDelivery(config, deps.db, clock, log);
  return {
    db: deps.db,
    config,
    clock,
    tokens,
    delivery: deps.delivery ?? created.delivery,
    outbox: created.outbox,
    limits: new AbuseLimits(deps.db, clock, config),
    lockout: new Lockout(
      deps.db,
      clock,
      { freeAttempts: config.lockoutFreeAttempts, initialSeconds: config.lockoutInitialSeconds, maxSeconds: config.lockoutMaxSeconds, resetSeconds: config.lockoutResetSeconds },
      config.codePepper,
    ),
    secrets: new SecretBox(config.dataSealingSecret, config.dataSealingPreviousSecrets),
    audit,
    log,
    metrics,
    registry: createRegistry(deps.operations),
    managedLogin: { publicUrl: config.managedLoginPublicUrl },
    health: new ServerHealth({ db: deps.db, keys, log }),
    ...(deps.triggerTimeoutMs !== undefined ? { triggerTimeoutMs: deps.triggerTimeoutMs } : {}),
  };
}

const CORS_HEADERS = 'content-type, x-amz-target, x-amz-user-agent, x-amz-date, x-amz-content-sha256, x-amz-security-token, amz-sdk-invocation-id, amz-sdk-request, authorization, cache-control';

/** Builds the Fastify app with every route; does not listen. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // JSON lines with a request id; never bodies, headers or secret URL parameters (src/logging/).
    ...serverLoggingOptions(config, 'app', deps.logStream),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // Advertised as Keep-Alive: timeout=N, so clients drop an idle connection before the server does (and before a drain closes it).
    keepAliveTimeout: config.keepAliveTimeoutSeconds * 1000,
  });
  // Trigger webhooks may never be this listener (SSRF guard, user-pool/triggers/egress-guard.ts).
  guardOwnListener(app.server);
  const metrics = deps.metrics ?? (config.metricsEnabled ? new PrometheusMetrics({ db: deps.db, clock: deps.clock ?? systemClock }) : noMetrics);
  // Services log through the request being answered, when there is one: its lines carry its id.
  const steward = createServices(config, { ...deps, metrics }, requestAwareLogger(app.log));
  app.decorate('steward', steward);
  // PreTokenGeneration: asked before each pair of tokens is signed, and (V3_0) before each client_credentials token (user-pool/triggers/).
  steward.tokens.useCustomizer(preTokenGenerationCustomizer(steward));
  steward.tokens.useClientCustomizer(preTokenGenerationClientCustomizer(steward));
  registerRequestIdHeader(app);
  registerRequestLogContext(app);
  // The JSON 1.1 endpoint's requests are labelled by operation; /graphql's by the root field it ran ("other" when none).
  registerRequestMetrics(app, metrics, 'app', (request, route) => (route === '/' ? cognitoOperationLabel(steward.registry, request.headers['x-amz-target']) : route === '/graphql' ? 'other' : ''));
  // First, so every response (pages, runtime config, APIs, errors) carries them.
  registerAppSecurityHeaders(app, config, () => steward.managedLogin.publicUrl);

  const origin = (request: FastifyRequest): string => {
    if (config.publicUrlIsExplicit) return config.publicUrl;
    const host = request.headers.host ?? `${config.host}:${config.port}`;
    return `${request.protocol}://${host}`;
  };

  if (config.corsOrigins.length > 0) {
    app.addHook('onRequest', async (request, reply) => {
      const requestOrigin = request.headers.origin;
      if (requestOrigin === undefined) return;
      const allowed = config.corsOrigins.includes('*') || config.corsOrigins.includes(requestOrigin);
      if (!allowed) return;
      void reply
        .header('access-control-allow-origin', config.corsOrigins.includes('*') ? '*' : requestOrigin)
        .header('vary', 'Origin')
        .header('access-control-expose-headers', 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, x-request-id');
      if (request.method === 'OPTIONS') {
        return reply
          .status(204)
          .header('access-control-allow-methods', 'GET, POST, OPTIONS')
          .header('access-control-allow-headers', CORS_HEADERS)
          .header('access-control-max-age', '600')
          .send();
      }
    });
  }

  registerHealthRoutes(app, steward.health);

  await registerJsonProtocolRoutes(app, steward, steward.registry);
  registerWellKnownRoutes(app, steward.db, steward.tokens, origin, () => (config.managedLogin ? steward.managedLogin.publicUrl : undefined));
  registerRuntimeConfigRoutes(app, config, steward, origin);
  registerLogoutRoutes(app, steward);
  registerConfirmUserRoutes(app, steward);
  await registerUserImportUploadRoutes(app, steward);
  await registerAdminApiRoutes(app, steward);
  await registerAuditRoutes(app, steward);
  await registerGraphqlApi(app, {
    db: steward.db,
    clock: steward.clock,
    nextTokenSecret: config.codePepper,
    sessionLengthMax: () => readSessionLengthMax(steward.db),
    audit: steward.audit,
    verifyAccessToken: async (token) => (await steward.tokens.verifyAccessToken(token)).claims,
    // Schema names help development tools and attackers alike: production keeps them to itself.
    introspection: config.graphqlIntrospection ?? config.mode !== 'production',
    fieldSuggestions: config.graphqlFieldSuggestions ?? config.mode !== 'production',
    onOperation: metrics.enabled ? noteRequestOperation : undefined,
    extensions: [
      campaignSchemaExtension(new CampaignService({ db: steward.db, clock: steward.clock }, { inlinePlanLimit: config.campaignInlinePlanLimit })),
      moneySchemaExtension({ payments: new PaymentService(steward), promises: new PromiseService(steward, { defaultGraceDays: config.promiseGraceDays, defaultTimeZone: config.collectionsTimeZone }), dashboard: new DashboardService(steward), rebuildDashboardTotals: () => rebuildDashboardRollups(steward.db) }),
      deskSchemaExtension(new DeskService({ db: steward.db, clock: steward.clock, audit: steward.audit, tokenSecret: `work-queue:${config.codePepper}` })),
    ],
  });
  if (steward.outbox !== undefined) registerOutboxRoutes(app, steward.outbox);
  // Never in production, whatever the caller passed: only a development server's time may be moved.
  if (deps.testClock !== undefined && config.mode === 'development') registerTestClockRoutes(app, deps.testClock);
  await registerCspReportRoutes(app, steward.limits, config.mode === 'development');
  await registerOptOutRoutes(app, { db: steward.db, clock: steward.clock, log: steward.log, messages: campaignMessageSettings(config), smsWebhookSecret: config.smsWebhookSecret });

  const webRoot = path.resolve(config.webDistDir);
  const serveWeb = existsSync(path.join(webRoot, 'index.html'));
  if (serveWeb) await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: ['index.html'] });

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    const apiPath = /^\/(dev|admin|account|graphql|health|runtime-config\.json|logout|confirmUser|oauth2|csp-report|user-import)(\/|$|\?)/.test(request.url) || request.url.includes('/.well-known/');
    // SPA fallback: client-side routes (/mortgages/requests…) load the app shell.
    if (serveWeb && wantsPage && !apiPath) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found` });
  });

  return app;
}
