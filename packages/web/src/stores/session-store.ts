// Client-side session state (spec section 3): whether the visitor is signed in, the session record
// kept in the data store, the user id and the two tokens.
import type { SessionRecord as DataSessionRecord } from '@steward/data-client';
import { create } from 'zustand';

/**
 * Where the visitor stands: the full-screen spinner shows while 'checking' (startup), while
 * 'expired' (the second between the expired-session toast and /login) and while 'signing-out'.
 */
export type AuthStatus = 'checking' | 'authenticated' | 'expired' | 'signing-out' | 'unauthenticated';

/** The session record (SessionMdl), as data-client returns it. */
export type SessionRecord = DataSessionRecord;

/** Why a session ended. */
export type SignOutReason = 'signed-out' | 'expired';

/** The tokens kept in state (spec: tokenData { access_token, id_token }). */
export interface TokenData {
  access_token: string;
  id_token: string | null;
}

/** The session store's fields and actions. */
export interface SessionState {
  status: AuthStatus;
  /** The session record's sessionData (JSON text: the token-presence summary). */
  sessionData: string | null;
  userData: { userId: string } | null;
  tokenData: TokenData | null;
  /** The active session record; null when it could not be created or read (it never blocks sign-in). */
  sessionStore: SessionRecord | null;
  /** Marks the visitor signed in with what is known about the session. */
  signedIn: (fields: { userId: string; tokenData?: TokenData | null; sessionStore?: SessionRecord | null; sessionData?: string | null }) => void;
  /** Replaces the session record (created after sign-in, or found at startup). */
  setSessionRecord: (record: SessionRecord | null) => void;
  /**
   * Why the visitor was last signed out: after a sign-out or an expired session the guards send
   * them to a plain /login rather than /login?next=<the page they were on>.
   */
  signOutReason: SignOutReason | null;
  /** Marks the visitor signed out (for `reason`) and forgets the session. */
  signedOut: (reason?: SignOutReason) => void;
  /** Forgets the sign-out reason (once /login is shown). */
  clearSignOutReason: () => void;
}

/** The localStorage key remembering which session record this browser created. */
export const SESSION_ID_STORAGE_KEY = 'steward.session-record-id';

/**
 * The id of the session record this browser created at sign-in (kept across reloads), or null. A
 * user's newest active record belonging to another browser means this one was ended by a later sign-in.
 */
export function rememberedSessionId(): string | null {
  try {
    return localStorage.getItem(SESSION_ID_STORAGE_KEY);
  } catch {
    return null;
  }
}

function rememberSessionId(id: string | null): void {
  try {
    if (id === null) localStorage.removeItem(SESSION_ID_STORAGE_KEY);
    else localStorage.setItem(SESSION_ID_STORAGE_KEY, id);
  } catch {
    // Storage refused (private mode): the check then relies on the record alone.
  }
}

/** The session store (Zustand). Only the session record's id is persisted; auth-core keeps the tokens. */
export const useSessionStore = create<SessionState>()((set) => ({
  status: 'checking',
  sessionData: null,
  userData: null,
  tokenData: null,
  sessionStore: null,
  signOutReason: null,
  signedIn({ userId, tokenData, sessionStore, sessionData }) {
    if (sessionStore !== undefined && sessionStore !== null) rememberSessionId(sessionStore.id);
    set((state) => ({
      status: 'authenticated',
      signOutReason: null,
      userData: { userId },
      tokenData: tokenData === undefined ? state.tokenData : tokenData,
      sessionStore: sessionStore === undefined ? state.sessionStore : sessionStore,
      sessionData: sessionData === undefined ? state.sessionData : sessionData,
    }));
  },
  setSessionRecord(record) {
    if (record !== null) rememberSessionId(record.id);
    set({ sessionStore: record });
  },
  signedOut(reason) {
    rememberSessionId(null);
    set((state) => ({ status: 'unauthenticated', sessionData: null, userData: null, tokenData: null, sessionStore: null, signOutReason: reason ?? state.signOutReason }));
  },
  clearSignOutReason() {
    set({ signOutReason: null });
  },
}));
