import { epochSeconds, type Clock, type DataClientLogger, type RandomSource, type SessionTokens } from '../client/ports.js';
import { DataApiRequestError } from '../errors/data-client-errors.js';
import type { EntityRecord } from '../graphql/entity-fields.js';
import type { ModelClient } from '../graphql/model-client.js';
import { newSessionId, type SessionIdFormat } from './session-id.js';
import { isSessionExpired, newestSession, sessionDataOf, sessionLengthFrom } from './session-rules.js';

/** A session record. */
export type SessionRecord = EntityRecord<'SessionMdl'>;

/** The messages of session validation (spec section 8). */
export const SESSION_MESSAGES = {
  valid: 'Session is valid',
  expired: 'Session has expired',
  none: 'No active session found',
  noUser: 'No authenticated user',
  noUserFound: 'No authenticated user found',
  error: 'Error validating session',
} as const;

/** Outcome of validateSession. */
export interface SessionValidation {
  readonly isValid: boolean;
  readonly message: (typeof SESSION_MESSAGES)[keyof typeof SESSION_MESSAGES];
  readonly session?: SessionRecord;
}

/** What createSession records besides the user id and tokens. */
export interface NewSession {
  readonly userId: string;
  readonly tokens?: SessionTokens;
  /** The user record (or temporary profile): stored as userData, its id as usermdlID unless temporary. */
  readonly user?: { readonly id: string; readonly userConfig?: string | null } | null;
  /** The config record: stored as configData, its id as configmdlID. */
  readonly config?: { readonly id: string; readonly config?: string | null; readonly configJson?: string | null } | null;
}

/** createSession's result: a failed creation still returns the user id and tokens. */
export interface CreatedSession {
  readonly userId: string;
  readonly tokens?: SessionTokens;
  readonly session: SessionRecord | null;
}

/** Options of the session store. */
export interface SessionStoreOptions {
  readonly models: ModelClient;
  readonly clock: Clock;
  readonly random: RandomSource;
  readonly logger: DataClientLogger;
  /** Which of the two id formats; `userIdSuffix` unless set. */
  readonly sessionIdFormat?: SessionIdFormat;
  /** Store the raw access and id tokens in sessionData (off: a token-presence summary). */
  readonly storeRawTokens?: boolean;
  /** Who is signed in, for validateSession without a user id. */
  readonly currentUserId?: () => Promise<string | undefined>;
}

const isTemporary = (id: string): boolean => id.startsWith('temp-');

/** The session records of spec sections 3, 4 and 8 on the data API. */
export class SessionStore {
  constructor(private readonly options: SessionStoreOptions) {}

  private nowSeconds(): number {
    return epochSeconds(this.options.clock.now());
  }

  /** The user's active sessions ([] when the lookup fails). */
  async getActiveSessions(userId: string): Promise<SessionRecord[]> {
    try {
      const found: SessionRecord[] = [];
      for await (const s of this.options.models.SessionMdl.items({ filter: { userId: { eq: userId }, isActive: { eq: true } }, limit: 100, maxPages: 20 })) found.push(s);
      return found;
    } catch (error) {
      this.options.logger.warn('could not list active sessions', error);
      return [];
    }
  }

  /** One session by id (null when missing or the lookup fails). */
  async getSession(id: string): Promise<SessionRecord | null> {
    try {
      return await this.options.models.SessionMdl.get(id);
    } catch (error) {
      this.options.logger.warn('could not read session', error);
      return null;
    }
  }

  /** Ends one session: isActive false, sessionEnd now. Null when the write fails. */
  async deactivateSession(id: string): Promise<SessionRecord | null> {
    try {
      return await this.options.models.SessionMdl.update({ id, isActive: false, sessionEnd: this.nowSeconds() });
    } catch (error) {
      this.options.logger.warn('could not deactivate session', error);
      return null;
    }
  }

  /** Ends every active session of the user; returns those ended ([] when the lookup fails). */
  async deactivateSessions(userId: string): Promise<SessionRecord[]> {
    const active = await this.getActiveSessions(userId);
    const ended = await Promise.all(active.map((s) => this.deactivateSession(s.id)));
    return ended.filter((s): s is SessionRecord => s !== null);
  }

  /**
   * Records a sign-in: ends the user's other active sessions, then creates an active one lasting
   * the configured sessionLength (3600 s by default). Never throws: failures are logged and the
   * user id and tokens are returned with `session: null`.
   */
  async createSession(input: NewSession): Promise<CreatedSession> {
    const { userId, tokens } = input;
    try {
      await this.deactivateSessions(userId);
      const now = this.options.clock.now();
      const start = epochSeconds(now);
      const length = sessionLengthFrom(input.config?.config, input.config?.configJson, input.user?.userConfig);
      const userMdlId = input.user !== undefined && input.user !== null && !isTemporary(input.user.id) ? input.user.id : null;
      const record = (seconds: number) => ({
        sessionId: newSessionId(userId, now, this.options.sessionIdFormat ?? 'userIdSuffix', this.options.random),
        userId,
        sessionStart: start,
        sessionLength: seconds,
        sessionEnd: start + seconds,
        isActive: true,
        sessionData: sessionDataOf(tokens, this.options.storeRawTokens ?? false),
        userData: input.user === undefined || input.user === null ? null : JSON.stringify(input.user),
        configData: input.config === undefined || input.config === null ? null : JSON.stringify(input.config),
        usermdlID: userMdlId,
        configmdlID: input.config?.id ?? null,
      });
      let session: SessionRecord;
      try {
        session = await this.options.models.SessionMdl.create(record(length));
      } catch (error) {
        // A length saved before an administrator lowered the pool's maximum: the sign-in still
        // gets a session, as long as the pool allows (the server's bounds, never more).
        const allowed = allowedSessionLength(error, length);
        if (allowed === undefined) throw error;
        session = await this.options.models.SessionMdl.create(record(allowed));
      }
      return { userId, ...(tokens === undefined ? {} : { tokens }), session };
    } catch (error) {
      this.options.logger.warn('could not create session', error);
      return { userId, ...(tokens === undefined ? {} : { tokens }), session: null };
    }
  }

  /**
   * Validates the newest active session of the user (or of the signed-in user): valid while now is
   * before its end; an expired one is deactivated.
   */
  async validateSession(userId?: string): Promise<SessionValidation> {
    let id = userId;
    if (id === undefined) {
      try {
        id = await this.options.currentUserId?.();
      } catch {
        return { isValid: false, message: SESSION_MESSAGES.noUserFound };
      }
      if (id === undefined || id === '') return { isValid: false, message: SESSION_MESSAGES.noUser };
    }
    try {
      const active = await this.options.models.SessionMdl.list({ filter: { userId: { eq: id }, isActive: { eq: true } }, limit: 100 });
      const newest = newestSession(active.items);
      if (newest === undefined) return { isValid: false, message: SESSION_MESSAGES.none };
      if (isSessionExpired(newest, this.nowSeconds())) {
        await this.deactivateSession(newest.id);
        return { isValid: false, message: SESSION_MESSAGES.expired, session: newest };
      }
      return { isValid: true, message: SESSION_MESSAGES.valid, session: newest };
    } catch (error) {
      this.options.logger.warn('could not validate session', error);
      return { isValid: false, message: SESSION_MESSAGES.error };
    }
  }
}

/**
 * The session length the server would accept instead of `wanted`, when `error` is its refusal of
 * sessionLength as out of the policy's bounds (SettingOutOfBoundsException with errorInfo.min/max).
 */
function allowedSessionLength(error: unknown, wanted: number): number | undefined {
  if (!(error instanceof DataApiRequestError) || error.errorType !== 'SettingOutOfBoundsException') return undefined;
  const info = error.errors[0]?.errorInfo;
  const { setting, min, max } = info ?? {};
  if (setting !== 'sessionLength' || typeof min !== 'number' || typeof max !== 'number' || min > max) return undefined;
  const allowed = Math.min(Math.max(wanted, min), max);
  return allowed === wanted ? undefined : allowed;
}
