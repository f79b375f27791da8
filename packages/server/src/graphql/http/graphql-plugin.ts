import { sourceOfHttp } from '../../audit/operation-audit.js';
import type { AuditTrail } from '../../audit/audit-trail.js';
import { policyBounds, SettingsPolicy } from '../policy/policy-settings.js';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { systemClock, type Clock } from '../../time/clock.js';
import { processRevocations, type RevocationFeed } from '../../tokens/revocation-feed.js';
import { callerFrom, CallerProfiles, tokenGroups, type AccessTokenClaims, type GroupSource, type VerifyAccessToken } from '../authorization/caller.js';
import { VerifiedTokenCache } from '../authorization/verified-token-cache.js';
import { DataApiError } from '../errors/data-api-errors.js';
import { requestErrorBody } from '../errors/to-appsync-error.js';
import { GraphqlExecutor, readGraphqlRequest } from '../execution/graphql-executor.js';
import { defaultQueryLimits, type QueryLimits } from '../limits/query-limits.js';
import { dataModel } from '../model/data-model.js';
import { resolveModel } from '../model/resolved-model.js';
import { createNextTokenCodec } from '../pagination/next-token.js';
import { EntityStore } from '../resolvers/entity-store.js';
import { RelationBatches } from '../resolvers/relation-batches.js';
import { buildDataApiSchema, type SchemaExtension } from '../schema/build-schema.js';

/** What the data API needs from the server that hosts it. */
export interface GraphqlApiOptions {
  /** The store (PGlite or PostgreSQL) with the data API's migrations applied. */
  readonly db: Database;
  /** The user pool's access-token check: signature against its keys, expiry, revocation. */
  readonly verifyAccessToken: VerifyAccessToken;
  /** Secret keying the HMAC of nextTokens; the same on every instance serving one database. */
  readonly nextTokenSecret: string | Uint8Array;
  /** Route path; `/graphql` unless set. */
  readonly path?: string;
  readonly clock?: Clock;
  readonly limits?: Partial<QueryLimits>;
  /**
   * How long a caller's profile (userType, clientNumber) and groups are reused, ms; 5000 unless set,
   * 0 disables. It bounds how long a removal from a group takes to reach another process.
   */
  readonly profileCacheMs?: number;
  /**
   * Where callers' groups (Admins, Staff) come from; `user-pool` (the pool's group_members table,
   * read at request time) unless set. `token` trusts `cognito:groups` for the token's lifetime:
   * only for an API without the user pool's tables.
   */
  readonly groupSource?: GroupSource;
  /** Answer introspection (`__schema`, `__type`); true unless set (the server turns it off in production). */
  readonly introspection?: boolean;
  /** Keep graphql-js's "Did you mean …?" in error messages; true unless set (the server turns it off in production). */
  readonly fieldSuggestions?: boolean;
  /**
   * How long an access token that passed verifyAccessToken is trusted without checking again, ms;
   * 5000 unless set, 0 disables. A revocation announced on `revocations` takes effect at once; any
   * other (another process, a deleted user) within this time.
   */
  readonly accessTokenCacheMs?: number;
  /**
   * Revocations and group changes of this process (the user pool's TokenService and group
   * operations publish to the default one): they drop the user's cached token checks and record.
   */
  readonly revocations?: RevocationFeed | null;
  /** Age after which a nextToken is refused, seconds; one day unless set. */
  readonly nextTokenTtlSeconds?: number;
  /**
   * The pool-wide maximum session length an administrator set (seconds; undefined: none), read on
   * every write of a policy setting; POLICY_SETTINGS' hard bounds apply unless set.
   */
  readonly sessionLengthMax?: () => Promise<number | undefined>;
  /** Domain modules' fields beside the generated ones (see SchemaExtension). */
  readonly extensions?: readonly SchemaExtension[];
  /** Told which root field each request ran (undefined: several, or none ran), for the request metrics. */
  readonly onOperation?: (request: FastifyRequest, rootField: string | undefined) => void;
  /** Where every write is recorded, in the write's transaction (the server's audit trail); none unless set. */
  readonly audit?: AuditTrail;
}

const BEARER = /^bearer\s+/i;

/** The access token of the Authorization header (raw, as AppSync takes it, or after "Bearer "). */
export function tokenFromHeader(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  const token = value.trim().replace(BEARER, '').trim();
  return token === '' ? null : token;
}

function unauthorized(error: unknown): DataApiError {
  const e = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  const text = `${String(e.name)} ${String(e.code)} ${String(e.message)}`.toLowerCase();
  if (text.includes('expired')) return new DataApiError('UnauthorizedException', 'Token has expired.');
  if (text.includes('revoked')) return new DataApiError('UnauthorizedException', 'Token has been revoked.');
  return new DataApiError('UnauthorizedException', 'Unable to verify the authorization token.');
}

async function verified(tokens: VerifiedTokenCache, token: string): Promise<AccessTokenClaims> {
  let claims: AccessTokenClaims;
  try {
    claims = await tokens.verify(token);
  } catch (error) {
    throw unauthorized(error);
  }
  // Only access tokens authorize data calls, as on AppSync with user-pool auth.
  if (typeof claims.sub !== 'string' || claims.sub === '' || (claims.token_use !== undefined && claims.token_use !== 'access')) {
    throw new DataApiError('UnauthorizedException', 'Unable to verify the authorization token.');
  }
  return claims;
}

/**
 * The AppSync-style data API as a Fastify plugin: `POST {path}` with the access token in the
 * Authorization header. Encapsulated: its body limit and error handler apply to its route only.
 */
export const graphqlApiPlugin: FastifyPluginAsync<GraphqlApiOptions> = async (scope, options) => {
  const limits: QueryLimits = { ...defaultQueryLimits, ...options.limits };
  const clock = options.clock ?? systemClock;
  const model = resolveModel(dataModel);
  const schema = buildDataApiSchema(model, options.extensions);
  const revocations = options.revocations === undefined ? processRevocations : options.revocations;
  const groupSource = options.groupSource ?? 'user-pool';
  const profiles = new CallerProfiles(options.db, { ttlMs: options.profileCacheMs ?? 5000, groups: groupSource, revocations });
  const accessTokens = new VerifiedTokenCache(options.verifyAccessToken, options.accessTokenCacheMs ?? 5000, () => clock.now().getTime(), revocations);
  scope.addHook('onClose', async () => {
    accessTokens.close();
    profiles.close();
  });
  const tokens = createNextTokenCodec(options.nextTokenSecret, () => clock.now(), options.nextTokenTtlSeconds);
  const readMax = options.sessionLengthMax ?? (async () => undefined);
  const policy = new SettingsPolicy(async () => policyBounds(await readMax()), () => Math.floor(clock.now().getTime() / 1000));
  const store = new EntityStore(model, options.db, tokens, clock, profiles, limits, policy, options.audit);
  const log = (error: unknown): void => scope.log.error({ err: error }, 'data API internal failure');
  const executor = new GraphqlExecutor(schema, limits, log, { introspection: options.introspection ?? true, fieldSuggestions: options.fieldSuggestions ?? true });

  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    let mapped: DataApiError;
    if (status === 413) mapped = new DataApiError('PayloadTooLargeException', `The request body is larger than ${limits.maxBodyBytes} bytes.`);
    else if (status === 415) mapped = new DataApiError('MalformedHttpRequestException', 'Content-Type must be application/json.');
    else if (status >= 400 && status < 500) mapped = new DataApiError('MalformedHttpRequestException', 'The body is not valid JSON.');
    else {
      request.log.error({ err: error }, 'data API internal failure');
      mapped = new DataApiError('InternalFailure');
    }
    void reply.status(mapped.status).send(requestErrorBody(mapped));
  });

  scope.post(options.path ?? '/graphql', { bodyLimit: limits.maxBodyBytes }, async (request, reply) => {
    // The request's logger: its lines carry the request id.
    const requestLog = (error: unknown): void => request.log.error({ err: error }, 'data API internal failure');
    try {
      const token = tokenFromHeader(request.headers.authorization);
      if (token === null) throw new DataApiError('UnauthorizedException');
      const claims = await verified(accessTokens, token);
      const graphqlRequest = readGraphqlRequest(request.body);
      const record = await profiles.get(claims.sub);
      // The token's cognito:groups is what the pool said at sign-in; its tables say what holds now.
      const groups = groupSource === 'token' ? tokenGroups(claims) : (record.groups ?? []);
      const caller = { ...callerFrom(claims, record.profile, groups), source: sourceOfHttp(request) };
      const response = await executor.run(graphqlRequest, { caller, store, batches: new RelationBatches() }, requestLog);
      options.onOperation?.(request, response.rootField);
      return await reply.status(response.status).send(response.body);
    } catch (error) {
      const e = error instanceof DataApiError ? error : new DataApiError('InternalFailure');
      if (!(error instanceof DataApiError)) requestLog(error);
      return reply.status(e.status).send(requestErrorBody(e));
    }
  });
};

/** Registers the data API on `app` (POST /graphql unless `options.path` is set). */
export async function registerGraphqlApi(app: FastifyInstance, options: GraphqlApiOptions): Promise<void> {
  await app.register(graphqlApiPlugin, options);
}
