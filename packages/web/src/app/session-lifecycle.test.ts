import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberedSessionId, useSessionStore } from '../stores/session-store';
import { useSignInStore } from '../stores/sign-in-store';
import { useUserStore } from '../stores/user-store';
import { resetStores } from '../testing/render-app';
import { scriptedAuth, scriptedData, sessionRecord, signedInSession } from '../testing/scripted-ports';
import { EXPIRED_REDIRECT_DELAY_MS, SESSION_EXPIRED_MESSAGE, SIGNED_IN_ELSEWHERE_MESSAGE, completeSignIn, recheckSession, runStartup, signOutUser } from './session-lifecycle';
import type { LifecycleDeps } from './session-lifecycle';

function deps(): LifecycleDeps & { events: string[]; auth: ReturnType<typeof scriptedAuth>; data: ReturnType<typeof scriptedData> } {
  const events: string[] = [];
  return {
    events,
    auth: scriptedAuth(),
    data: scriptedData(),
    notify: {
      error: (message) => {
        events.push(`toast:error:${message}`);
      },
      info: (message) => {
        events.push(`toast:info:${message}`);
      },
    },
    navigate: async (path) => {
      events.push(`navigate:${path}`);
    },
    wait: async (ms) => {
      events.push(`wait:${ms}`);
    },
  };
}

const userRecord = { id: 'u1', userId: 'sub-123', firstName: 'Ada', lastName: 'Admin', email: 'ada@example.com', userType: 'staff', clientNumber: null, title: 'Ms', userConfig: '{}', clientmdlID: null, createdAt: 'c', updatedAt: 'u' };

describe('startup', () => {
  beforeEach(() => resetStores());

  it('is unauthenticated without tokens and keeps a sign-in in progress', async () => {
    const d = deps();
    useSignInStore.getState().setStep('alice', { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' });
    expect(await runStartup(d)).toBe('unauthenticated');
    expect(useSessionStore.getState().status).toBe('unauthenticated');
    expect(useSignInStore.getState().challengeName).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect(d.data.validateSession).not.toHaveBeenCalled();
  });

  it('loads the user and marks the session authenticated when the session is valid', async () => {
    const d = deps();
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.validateSession.mockResolvedValueOnce({ status: 'valid', message: 'Session is valid', session: sessionRecord() });
    d.data.loadUser.mockResolvedValueOnce({ user: userRecord, config: { id: 'c1', configName: 'user_cfg_x', config: '{}', configJson: null, usermdlID: 'u1' } });
    expect(await runStartup(d)).toBe('authenticated');
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', userData: { userId: 'sub-123' }, sessionStore: { id: 's1' }, tokenData: { access_token: 'access-token' } });
    expect(useUserStore.getState()).toMatchObject({ status: 'succeeded', user_id: 'u1', first_name: 'Ada', userType: 'staff', config: { id: 'c1' } });
  });

  it('signs out, clears state and both token cookies, shows the toast, then goes to /login after 1 second when expired', async () => {
    const d = deps();
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.validateSession.mockResolvedValueOnce({ status: 'expired', message: 'Session has expired', session: sessionRecord({ isActive: false }) });
    useUserStore.getState().setUser(userRecord);
    const statusWhileWaiting: string[] = [];
    d.wait = async (ms) => {
      statusWhileWaiting.push(useSessionStore.getState().status);
      d.events.push(`wait:${ms}`);
    };
    expect(await runStartup(d)).toBe('expired');
    expect(d.auth.signOut).toHaveBeenCalledOnce();
    expect(d.auth.removeTokenCookies).toHaveBeenCalledOnce();
    expect(d.events).toEqual([`toast:error:${SESSION_EXPIRED_MESSAGE}`, `wait:${EXPIRED_REDIRECT_DELAY_MS}`, 'navigate:/login']);
    expect(SESSION_EXPIRED_MESSAGE).toBe('Your session has expired. Please sign in again.');
    expect(statusWhileWaiting).toEqual(['expired']);
    expect(useSessionStore.getState()).toMatchObject({ status: 'unauthenticated', signOutReason: 'expired' });
    expect(useUserStore.getState().user_id).toBeNull();
  });

  it('counts the 1 second from when the toast is on screen, not from when it was asked for', async () => {
    const d = deps();
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.validateSession.mockResolvedValueOnce({ status: 'expired', message: 'Session has expired', session: null });
    d.notify.error = async (message) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      d.events.push(`shown:${message}`);
    };
    await runStartup(d);
    expect(d.events).toEqual([`shown:${SESSION_EXPIRED_MESSAGE}`, 'wait:1000', 'navigate:/login']);
  });

  it('drops tokens whose session record is gone (signed in elsewhere) so the next sign-in is not refused', async () => {
    const d = deps();
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.validateSession.mockResolvedValueOnce({ status: 'none', message: 'No active session found', session: null });
    expect(await runStartup(d)).toBe('unauthenticated');
    expect(d.auth.signOut).toHaveBeenCalledOnce();
    expect(d.auth.removeTokenCookies).toHaveBeenCalledOnce();
    expect(d.events).toEqual(['toast:info:Please use your credentials to sign in.']);
  });

  it('treats a failing validation as not signed in instead of crashing', async () => {
    const d = deps();
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.validateSession.mockRejectedValueOnce(new Error('boom'));
    expect(await runStartup(d)).toBe('unauthenticated');
    expect(useSessionStore.getState().status).toBe('unauthenticated');
  });

  it('still clears the cookies and reaches /login when signOut itself fails during expiry', async () => {
    const d = deps();
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.auth.signOut.mockRejectedValueOnce(new Error('network'));
    d.data.validateSession.mockResolvedValueOnce({ status: 'expired', message: 'Session has expired', session: null });
    expect(await runStartup(d)).toBe('expired');
    expect(d.auth.removeTokenCookies).toHaveBeenCalledOnce();
    expect(d.events.at(-1)).toBe('navigate:/login');
  });
});

describe('after sign-in', () => {
  beforeEach(() => resetStores());

  it('records the session and loads the user and config', async () => {
    const d = deps();
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.recordSignIn.mockResolvedValueOnce({ userId: 'sub-123', user: userRecord, config: null, session: sessionRecord() });
    await completeSignIn(d);
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', sessionStore: { id: 's1' }, sessionData: '{"accessToken":true,"idToken":true}' });
    expect(useUserStore.getState()).toMatchObject({ status: 'succeeded', first_name: 'Ada', config: null });
  });

  it('continues without a session record and with the temporary profile when the store fails', async () => {
    const d = deps();
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.recordSignIn.mockResolvedValueOnce({ userId: 'sub-123', user: { id: 'temp-sub-123', userId: 'sub-123', userType: 'user', firstName: 'User' }, config: null, session: null });
    await completeSignIn(d);
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', sessionStore: null });
    expect(useUserStore.getState()).toMatchObject({ status: 'succeeded', isTemporary: true, userType: 'user', first_name: 'User' });
  });

  it('is still signed in when the identity provider cannot give the user (the profile load failed)', async () => {
    const d = deps();
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.recordSignIn.mockRejectedValueOnce(new Error('Failed to get authenticated user from the identity provider'));
    await completeSignIn(d);
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(useUserStore.getState()).toMatchObject({ status: 'failed', error: 'Failed to get authenticated user from the identity provider' });
  });
});

describe('sign-out and re-checks', () => {
  beforeEach(() => resetStores());
  afterEach(() => vi.useRealTimers());

  it('ends the session record, signs out globally when asked, and clears everything', async () => {
    const d = deps();
    useSessionStore.getState().signedIn({ userId: 'sub-123', sessionStore: sessionRecord({ id: 's9' }) });
    useUserStore.getState().setUser(userRecord);
    await signOutUser(d, { global: true });
    expect(d.data.deactivateSession).toHaveBeenCalledWith('s9');
    expect(d.auth.signOut).toHaveBeenCalledWith({ global: true });
    expect(d.auth.removeTokenCookies).toHaveBeenCalledOnce();
    expect(useSessionStore.getState().status).toBe('unauthenticated');
    expect(useSessionStore.getState().signOutReason).toBe('signed-out');
    expect(useUserStore.getState().status).toBe('idle');
  });

  it('runs the expiry sequence when a re-check finds the session ended', async () => {
    const d = deps();
    useSessionStore.getState().signedIn({ userId: 'sub-123', sessionStore: sessionRecord() });
    d.data.validateSession.mockResolvedValueOnce({ status: 'expired', message: 'Session has expired', session: null });
    await recheckSession(d);
    expect(d.events).toEqual([`toast:error:${SESSION_EXPIRED_MESSAGE}`, 'wait:1000', 'navigate:/login']);
  });

  it('signs out when a re-check finds no active session (another sign-in ended it)', async () => {
    const d = deps();
    useSessionStore.getState().signedIn({ userId: 'sub-123', sessionStore: sessionRecord() });
    d.data.validateSession.mockResolvedValueOnce({ status: 'none', message: 'No active session found', session: null });
    await recheckSession(d);
    expect(d.auth.signOut).toHaveBeenCalledOnce();
    expect(useSessionStore.getState().status).toBe('unauthenticated');
    expect(d.events).toEqual(['toast:info:Please use your credentials to sign in.']);
  });

  it('keeps the user signed in when the re-check cannot reach the store', async () => {
    const d = deps();
    useSessionStore.getState().signedIn({ userId: 'sub-123', sessionStore: sessionRecord() });
    d.data.validateSession.mockResolvedValueOnce({ status: 'error', message: 'Error validating session', session: null });
    await recheckSession(d);
    expect(useSessionStore.getState().status).toBe('authenticated');
    expect(d.auth.signOut).not.toHaveBeenCalled();
  });
});

describe('a later sign-in elsewhere', () => {
  beforeEach(() => resetStores());

  it('ends this browser’s session at startup when the newest active record is another browser’s', async () => {
    const d = deps();
    // This browser created record s1 earlier; the user has since signed in elsewhere (record s2).
    useSessionStore.getState().signedIn({ userId: 'sub-123', sessionStore: sessionRecord({ id: 's1' }) });
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.validateSession.mockResolvedValueOnce({ status: 'valid', message: 'Session is valid', session: sessionRecord({ id: 's2' }) });
    expect(await runStartup(d)).toBe('unauthenticated');
    expect(d.auth.signOut).toHaveBeenCalledOnce();
    expect(d.events).toEqual([`toast:info:${SIGNED_IN_ELSEWHERE_MESSAGE}`]);
    expect(rememberedSessionId()).toBeNull();
  });

  it('keeps this browser signed in when the newest active record is its own', async () => {
    const d = deps();
    useSessionStore.getState().signedIn({ userId: 'sub-123', sessionStore: sessionRecord({ id: 's1' }) });
    d.auth.fetchAuthSession.mockResolvedValue(signedInSession());
    d.data.validateSession.mockResolvedValueOnce({ status: 'valid', message: 'Session is valid', session: sessionRecord({ id: 's1' }) });
    expect(await runStartup(d)).toBe('authenticated');
  });

  it('notices the replacement on a re-check while the page is open', async () => {
    const d = deps();
    useSessionStore.getState().signedIn({ userId: 'sub-123', sessionStore: sessionRecord({ id: 's1' }) });
    d.data.validateSession.mockResolvedValueOnce({ status: 'valid', message: 'Session is valid', session: sessionRecord({ id: 's2' }) });
    await recheckSession(d);
    expect(useSessionStore.getState().status).toBe('unauthenticated');
    expect(d.events).toEqual([`toast:info:${SIGNED_IN_ELSEWHERE_MESSAGE}`]);
  });
});
