import { fetchAuthSession, fetchUserAttributes, getCurrentUser } from '@steward/auth-core';
import { ConfigLoader, type ConfigRecord } from '../config/config-loader.js';
import { saveSetting, type SavedSetting } from '../config/settings.js';
import { DataClientError } from '../errors/data-client-errors.js';
import { createGraphqlTransport, type GraphqlTransport, type TokenSource } from '../graphql/graphql-transport.js';
import { createModelClient, type ModelClient } from '../graphql/model-client.js';
import type { SessionIdFormat } from '../sessions/session-id.js';
import { SessionStore, type SessionRecord } from '../sessions/session-store.js';
import type { TemporaryProfile, UserAttributes } from '../users/temporary-profile.js';
import { UserLoader, type UserRecord } from '../users/user-loader.js';
import { consoleLogger, systemClock, type AuthPort, type Clock, type DataClientLogger, type RandomSource, type SessionTokens } from './ports.js';

/** Options of createDataClient; only the endpoint is required, the I/O defaults to the real thing. */
export interface DataClientOptions {
  /** The data API endpoint (graphqlEndpoint of /runtime-config.json). */
  readonly graphqlEndpoint: string;
  readonly fetch?: typeof globalThis.fetch;
  /** auth-core's functions; defaults to the configured auth-core. */
  readonly auth?: Partial<AuthPort>;
  /** Access token source; defaults to `auth.fetchAuthSession`'s access token. */
  readonly tokenSource?: TokenSource;
  readonly clock?: Clock;
  readonly random?: RandomSource;
  readonly logger?: DataClientLogger;
  readonly sessionIdFormat?: SessionIdFormat;
  /** Store raw tokens in sessionData (default: a token-presence summary). */
  readonly storeRawTokens?: boolean;
}

/** Everything recorded after a sign-in. */
export interface SignInRecord {
  readonly userId: string;
  readonly tokens?: SessionTokens;
  readonly attributes: UserAttributes;
  readonly user: UserRecord | TemporaryProfile;
  readonly temporaryUser: boolean;
  readonly config: ConfigRecord | null;
  readonly session: SessionRecord | null;
}

/** The data client: typed entity operations plus the session, user and config rules. */
export interface DataClient {
  readonly transport: GraphqlTransport;
  readonly models: ModelClient;
  readonly sessions: SessionStore;
  readonly users: UserLoader;
  readonly configs: ConfigLoader;
  /**
   * After sign-in (also after MFA or new-password completion): loads the user (with fallbacks or
   * the temporary profile) and config, then records an active session, ending the user's others.
   * Only identity-provider failures throw; store failures are logged and leave `session` null.
   */
  recordSignIn(): Promise<SignInRecord>;
  /** Merges a key-value setting into the user's userConfig and the linked config. */
  saveSetting(current: { user: UserRecord | TemporaryProfile | null | undefined; config: ConfigRecord | null | undefined }, key: string, value: unknown): Promise<SavedSetting>;
}

/** Creates a data client. */
export function createDataClient(options: DataClientOptions): DataClient {
  const auth: AuthPort = {
    fetchAuthSession: options.auth?.fetchAuthSession ?? fetchAuthSession,
    fetchUserAttributes: options.auth?.fetchUserAttributes ?? fetchUserAttributes,
    getCurrentUser: options.auth?.getCurrentUser ?? getCurrentUser,
  };
  const tokenSource: TokenSource = options.tokenSource ?? (async () => (await auth.fetchAuthSession()).tokens?.accessToken.toString());
  const transport = createGraphqlTransport({ endpoint: options.graphqlEndpoint, tokenSource, ...(options.fetch === undefined ? {} : { fetch: options.fetch }) });
  const models = createModelClient(transport);
  const logger = options.logger ?? consoleLogger;
  const clock = options.clock ?? systemClock;
  const sessions = new SessionStore({
    models,
    clock,
    random: options.random ?? Math.random,
    logger,
    ...(options.sessionIdFormat === undefined ? {} : { sessionIdFormat: options.sessionIdFormat }),
    ...(options.storeRawTokens === undefined ? {} : { storeRawTokens: options.storeRawTokens }),
    currentUserId: async () => (await auth.getCurrentUser()).userId,
  });
  const users = new UserLoader(models, auth, logger);
  const configs = new ConfigLoader(models, logger);
  return {
    transport,
    models,
    sessions,
    users,
    configs,
    async recordSignIn() {
      const { sub, attributes, loaded } = await users.loadCurrentUser();
      let tokens: SessionTokens | undefined;
      try {
        tokens = (await auth.fetchAuthSession()).tokens;
      } catch (error) {
        logger.warn('could not read the tokens for the session record', error);
      }
      const config = await configs.loadFor(loaded.user);
      const created = await sessions.createSession({ userId: sub, ...(tokens === undefined ? {} : { tokens }), user: loaded.user, config });
      return { userId: sub, ...(tokens === undefined ? {} : { tokens }), attributes, user: loaded.user, temporaryUser: loaded.kind === 'temporary', config, session: created.session };
    },
    saveSetting: (current, key, value) => saveSetting(models, current, key, value),
  };
}

let configured: DataClient | undefined;

/** Configures the process-wide data client (as web does at start with /runtime-config.json). */
export function configureDataClient(options: DataClientOptions): DataClient {
  configured = createDataClient(options);
  return configured;
}

/** The configured data client; throws DataClientConfigError before configureDataClient. */
export function getDataClient(): DataClient {
  if (configured === undefined) throw new DataClientError('DataClientConfigError');
  return configured;
}
