import { describe, expect, it } from 'vitest';
import { createTestHarness } from '../../testing/test-runtime.js';
import { SIGN_IN_STATE_TTL_MS, clearSignInState, isSignInStateExpired, loadSignInState, saveSignInState, signInStateKey } from './sign-in-state-store.js';

describe('sign-in state store', () => {
  it('stores username, challenge name, session and the step parameters under the client id', async () => {
    const h = createTestHarness();
    await saveSignInState(h.runtime, {
      username: 'alice',
      challenge: { name: 'SMS_MFA', session: 'sess', parameters: { CODE_DELIVERY_DESTINATION: '+**1', USER_ID_FOR_SRP: 'alice', other: 'x' } },
      signInDetails: { loginId: 'alice', authFlowType: 'USER_SRP_AUTH' },
    });
    const raw = JSON.parse((await h.storage.getItem(signInStateKey('client123'))) ?? '{}') as Record<string, unknown>;
    expect(raw).toEqual({
      username: 'alice',
      challengeName: 'SMS_MFA',
      signInSession: 'sess',
      expiresAt: h.clock.now() + SIGN_IN_STATE_TTL_MS,
      challengeParameters: { CODE_DELIVERY_DESTINATION: '+**1' },
      signInDetails: { loginId: 'alice', authFlowType: 'USER_SRP_AUTH' },
    });
  });

  it('keeps every parameter of a custom challenge (they are its additionalInfo)', async () => {
    const h = createTestHarness();
    await saveSignInState(h.runtime, { username: 'alice', challenge: { name: 'CUSTOM_CHALLENGE', session: 's', parameters: { question: 'q' } } });
    expect((await loadSignInState(h.runtime))?.challengeParameters).toEqual({ question: 'q' });
  });

  it('does not store a challenge without a session, and drops the previous state', async () => {
    const h = createTestHarness();
    await saveSignInState(h.runtime, { username: 'alice', challenge: { name: 'SMS_MFA', session: 's', parameters: {} } });
    await saveSignInState(h.runtime, { username: 'alice', challenge: { name: 'SMS_MFA', session: undefined, parameters: {} } });
    expect(await loadSignInState(h.runtime)).toBeNull();
  });

  it('removes malformed state instead of using it', async () => {
    const h = createTestHarness();
    await h.storage.setItem(signInStateKey('client123'), '{"username":"alice"}');
    expect(await loadSignInState(h.runtime)).toBeNull();
    expect(await h.storage.getItem(signInStateKey('client123'))).toBeNull();
    await h.storage.setItem(signInStateKey('client123'), 'not json');
    expect(await loadSignInState(h.runtime)).toBeNull();
  });

  it('expires at exactly the expiry time', () => {
    expect(isSignInStateExpired(1000, 999)).toBe(false);
    expect(isSignInStateExpired(1000, 1000)).toBe(true);
  });

  it('clears the state', async () => {
    const h = createTestHarness();
    await saveSignInState(h.runtime, { username: 'alice', challenge: { name: 'SMS_MFA', session: 's', parameters: {} } });
    await clearSignInState(h.runtime);
    expect(await loadSignInState(h.runtime)).toBeNull();
  });
});
