import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoadingStore } from './loading-store';
import { useSessionStore } from './session-store';
import { SIGN_IN_STATE_TTL_MS, SIGN_IN_STORAGE_KEY, isMfaStep, resumableStep, useSignInStore } from './sign-in-store';
import { USER_LOAD_FAILED, displayName, useUserStore } from './user-store';

describe('user store', () => {
  beforeEach(() => useUserStore.getState().clear());

  it('goes idle -> loading -> succeeded and keeps the spec field names', async () => {
    let release: (value: { user: { id: string; userId: string; firstName: string; lastName: string; clientNumber: string; userType: string } }) => void = () => undefined;
    const pending = useUserStore.getState().load(() => new Promise((resolve) => (release = resolve)));
    expect(useUserStore.getState().status).toBe('loading');
    release({ user: { id: 'u1', userId: 'sub', firstName: 'Cleo', lastName: 'Client', clientNumber: 'C-1001', userType: 'client' } });
    await pending;
    expect(useUserStore.getState()).toMatchObject({
      status: 'succeeded',
      error: null,
      user_id: 'u1',
      userId: 'sub',
      first_name: 'Cleo',
      last_name: 'Client',
      clientNumber: 'C-1001',
      userType: 'client',
      isTemporary: false,
    });
  });

  it('fails with the spec message when there is no record at all', async () => {
    await useUserStore.getState().load(async () => ({ user: null }));
    expect(useUserStore.getState()).toMatchObject({ status: 'failed', error: USER_LOAD_FAILED });
    expect(USER_LOAD_FAILED).toBe('Failed to fetch user record');
  });

  it('keeps the loader error message', async () => {
    await useUserStore.getState().load(async () => {
      throw new Error('No userId found in user attributes');
    });
    expect(useUserStore.getState()).toMatchObject({ status: 'failed', error: 'No userId found in user attributes' });
  });

  it('marks the temporary profile as temporary', async () => {
    await useUserStore.getState().load(async () => ({ user: { id: 'temp-sub', userId: 'sub', userType: 'user' } }));
    expect(useUserStore.getState()).toMatchObject({ isTemporary: true, userType: 'user', title: null });
  });

  it('clears back to idle', () => {
    useUserStore.getState().setUser({ id: 'u1', userId: 'sub' });
    useUserStore.getState().clear();
    expect(useUserStore.getState()).toMatchObject({ status: 'idle', user_id: null, userId: null, config: null });
  });

  it('greets by name, else email, else User', () => {
    expect(displayName({ first_name: 'Ada', last_name: 'Admin', email: 'a@e' })).toBe('Ada Admin');
    expect(displayName({ first_name: ' ', last_name: null, email: 'a@e' })).toBe('a@e');
    expect(displayName({ first_name: null, last_name: null, email: null })).toBe('User');
  });
});

describe('session store', () => {
  it('holds the user id, tokens and session record while signed in and forgets them on sign-out', () => {
    useSessionStore.getState().signedIn({ userId: 'sub', tokenData: { access_token: 'a', id_token: 'i' }, sessionData: '{"accessToken":true}' });
    expect(useSessionStore.getState()).toMatchObject({ status: 'authenticated', userData: { userId: 'sub' }, tokenData: { access_token: 'a', id_token: 'i' }, sessionData: '{"accessToken":true}' });
    useSessionStore.getState().signedOut();
    expect(useSessionStore.getState()).toMatchObject({ status: 'unauthenticated', userData: null, tokenData: null, sessionStore: null, sessionData: null });
  });
});

// A page reload: memory is empty, sessionStorage still holds what was persisted.
function forgetInMemoryOnly(): void {
  const saved = sessionStorage.getItem(SIGN_IN_STORAGE_KEY);
  useSignInStore.setState({ username: null, challengeName: null, signInSession: null, savedAt: 0, nextStep: null });
  if (saved !== null) sessionStorage.setItem(SIGN_IN_STORAGE_KEY, saved);
}

describe('sign-in store', () => {
  beforeEach(() => useSignInStore.getState().reset());
  afterEach(() => vi.useRealTimers());

  it('persists username, challengeName and signInSession (not the step object) in sessionStorage', () => {
    useSignInStore.getState().setStep('alice', { signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { destination: '+1***' } }, 'provider-session');
    const saved = JSON.parse(sessionStorage.getItem(SIGN_IN_STORAGE_KEY) ?? '{}') as { state: Record<string, unknown> };
    expect(saved.state).toEqual({ username: 'alice', challengeName: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', signInSession: 'provider-session', savedAt: expect.any(Number) as number });
  });

  it('resumes a step saved less than 3 minutes ago', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    useSignInStore.getState().setStep('alice', { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' });
    forgetInMemoryOnly();
    vi.setSystemTime(1_000_000 + SIGN_IN_STATE_TTL_MS - 1);
    await useSignInStore.persist.rehydrate();
    expect(useSignInStore.getState()).toMatchObject({ username: 'alice', challengeName: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE', nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' } });
    expect(useSignInStore.getState().isFresh()).toBe(true);
  });

  it('drops a step saved 3 minutes ago or more', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    useSignInStore.getState().setStep('alice', { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' });
    forgetInMemoryOnly();
    vi.setSystemTime(1_000_000 + SIGN_IN_STATE_TTL_MS);
    await useSignInStore.persist.rehydrate();
    expect(useSignInStore.getState()).toMatchObject({ username: null, challengeName: null, nextStep: null });
  });

  it('does not resume steps that need data it did not keep (a TOTP secret)', () => {
    expect(resumableStep('CONTINUE_SIGN_IN_WITH_TOTP_SETUP')).toBeNull();
    expect(resumableStep('CONTINUE_SIGN_IN_WITH_MFA_SELECTION')).toBeNull();
    expect(resumableStep('CONFIRM_SIGN_IN_WITH_EMAIL_CODE')).toEqual({ signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE' });
  });

  it('counts code steps and MFA setup as the MFA that earns the remember-device choice', () => {
    expect(isMfaStep('CONFIRM_SIGN_IN_WITH_TOTP_CODE')).toBe(true);
    expect(isMfaStep('CONTINUE_SIGN_IN_WITH_TOTP_SETUP')).toBe(true);
    expect(isMfaStep('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED')).toBe(false);
    expect(isMfaStep(null)).toBe(false);
  });
});

describe('loading store', () => {
  it('counts work in flight and releases it even when the work fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    const tracked = useLoadingStore.getState().track(new Promise((_resolve, reject) => (fail = reject)));
    expect(useLoadingStore.getState().pending).toBe(1);
    fail(new Error('x'));
    await expect(tracked).rejects.toThrow('x');
    expect(useLoadingStore.getState().pending).toBe(0);
  });
});
