import { SIGN_IN_STATE_TTL_MS, createAuthRuntime, createMemoryStorage, signInStateKey } from '@steward/auth-core';
import type { PersistedSignInState } from '@steward/auth-core';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSignInStore } from '../stores/sign-in-store';
import { renderApp, resetStores } from '../testing/render-app';
import { testServices } from '../testing/scripted-ports';

// auth-core's real sign-in machine, over a runtime whose storage holds what a reload left behind.
async function runtimeWith(state: Partial<PersistedSignInState> | null) {
  const storage = createMemoryStorage();
  const runtime = createAuthRuntime({ userPoolId: 'us-east-1_Test', userPoolClientId: 'client-1', userPoolEndpoint: 'http://127.0.0.1:9/' }, { storage });
  if (state !== null) {
    await storage.setItem(
      signInStateKey('client-1'),
      JSON.stringify({ username: 'alice', signInSession: 'provider-session', expiresAt: Date.now() + SIGN_IN_STATE_TTL_MS, challengeParameters: {}, ...state }),
    );
  }
  return runtime;
}

describe('resuming a sign-in after a reload', () => {
  beforeEach(() => resetStores());

  it('shows the SMS code step the machine restored, with where the code went', async () => {
    const runtime = await runtimeWith({ challengeName: 'SMS_MFA', challengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: '+*******0100' } });
    const services = testServices();
    services.auth.signInMachineInput = () => ({ runtime });
    await renderApp(services, '/login');
    expect(await screen.findByLabelText('Code from the text message')).toBeTruthy();
    expect(screen.getByText('We sent a code by text message to +*******0100.')).toBeTruthy();
    expect(useSignInStore.getState()).toMatchObject({ username: 'alice', challengeName: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', signInSession: 'provider-session' });
  });

  it('starts over when the stored sign-in is older than 3 minutes', async () => {
    const runtime = await runtimeWith({ challengeName: 'SOFTWARE_TOKEN_MFA', expiresAt: Date.now() - 1 });
    const services = testServices();
    services.auth.signInMachineInput = () => ({ runtime });
    await renderApp(services, '/login');
    expect(await screen.findByLabelText('Username or email')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText('Authenticator code')).toBeNull();
    expect(useSignInStore.getState().challengeName).toBeNull();
  });

  it('starts over for a TOTP setup, whose secret is never stored', async () => {
    const runtime = await runtimeWith({ challengeName: 'MFA_SETUP', challengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    const services = testServices();
    services.auth.signInMachineInput = () => ({ runtime });
    await renderApp(services, '/login');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Username or email')).toBeTruthy();
  });

  it('runs the machine when storage held a waiting sign-in at load', async () => {
    const runtime = await runtimeWith({ challengeName: 'SMS_MFA', challengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: '+*******0100' } });
    const waiting = testServices();
    waiting.auth.signInMachineInput = () => ({ runtime });
    waiting.auth.hasPendingSignIn = () => true;
    await renderApp(waiting, '/login');
    expect(await screen.findByLabelText('Code from the text message')).toBeTruthy();
  });

  it('leaves the machine unloaded when storage holds no sign-in', async () => {
    const services = testServices();
    let machineAsked = false;
    services.auth.signInMachineInput = () => {
      machineAsked = true;
      throw new Error('the machine should not start');
    };
    services.auth.hasPendingSignIn = () => false;
    await renderApp(services, '/login');
    expect(await screen.findByLabelText('Username or email')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(machineAsked).toBe(false);
  });
});
