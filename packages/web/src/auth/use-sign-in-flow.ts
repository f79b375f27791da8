// The sign-in screens' controller: sends each answer to auth-core, records the step it returns in
// the sign-in store, and routes the special steps (DONE, CONFIRM_SIGN_UP, RESET_PASSWORD).
import { useCallback, useState } from 'react';
import type { AuthSignInOutput } from '@steward/auth-core';
import { useNavigate } from 'react-router-dom';
import { notify } from '../ui/notify';
import { useServices } from '../app/ports-context';
import type { ConfirmSignInInput } from '../app/ports';
import { completeSignIn } from '../app/session-lifecycle';
import { isMfaStep, useSignInStore } from '../stores/sign-in-store';
import { describeAuthError, isPasskeyRefusal } from './error-messages';
import type { FriendlyError } from './error-messages';

/** What the sign-in page shows besides the step screens. */
export type FlowPhase = 'steps' | 'passkey' | 'remember-device' | 'finishing';

/** The controller's state and actions. */
export interface SignInFlow {
  phase: FlowPhase;
  busy: boolean;
  error: FriendlyError | null;
  start: (username: string, password: string) => void;
  startPasswordless: (username: string) => void;
  respond: (challengeResponse: string, options?: ConfirmSignInInput['options']) => void;
  /** Asks for the passkey again after a refusal or a cancelled browser prompt. */
  retryPasskey: () => void;
  /** Continues after sign-up's automatic sign-in (or any flow that returned a step elsewhere). */
  accept: (username: string, output: AuthSignInOutput) => Promise<void>;
  chooseRememberDevice: (remember: boolean) => void;
  showInvalid: (error: unknown) => void;
  cancel: () => void;
}

/** The sign-in controller over the AuthPort and DataPort of the nearest ServicesProvider. */
export function useSignInFlow(): SignInFlow {
  const { auth, data } = useServices();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<FlowPhase>('steps');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FriendlyError | null>(null);

  const finish = useCallback(async () => {
    setPhase('finishing');
    // Creates the session record and loads user and config; the guard then leaves /login for `next`.
    await completeSignIn({ auth, data });
  }, [auth, data]);

  const accept = useCallback(
    async (username: string, output: AuthSignInOutput): Promise<void> => {
      const store = useSignInStore.getState();
      if (isMfaStep(store.challengeName)) store.markMfaCompleted();
      const next = output.nextStep;
      switch (next.signInStep) {
        case 'DONE':
          if (useSignInStore.getState().mfaCompleted) setPhase('remember-device');
          else await finish();
          return;
        case 'CONFIRM_SIGN_UP':
          store.reset();
          void notify.info('Your account is not confirmed yet. Enter the code we sent you, or ask for a new one.');
          void navigate(`/sign-up/confirm?username=${encodeURIComponent(username)}`);
          return;
        case 'RESET_PASSWORD': {
          store.reset();
          const reset = await auth.resetPassword({ username });
          const destination = reset.nextStep.codeDeliveryDetails.destination;
          void notify.info('You need to choose a new password. We sent you a code to do so.');
          void navigate(`/forgot-password/confirm?username=${encodeURIComponent(username)}${destination === undefined ? '' : `&destination=${encodeURIComponent(destination)}`}`);
          return;
        }
        default:
          setPhase('steps');
          store.setStep(username, next);
      }
    },
    [auth, finish, navigate],
  );

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      const friendly = describeAuthError(failure);
      // The provider's sign-in session is gone (3 minutes, or too many tries): start over. After a refused
      // passkey the prompt stays: its "Try again" starts a fresh passkey sign-in (retryPasskey).
      const sessionGone = friendly.name === 'NotAuthorizedException' && friendly.field === 'form' && !isPasskeyRefusal(friendly) && useSignInStore.getState().challengeName !== null;
      if (friendly.name === 'SignInException' || sessionGone) {
        useSignInStore.getState().reset();
        setPhase('steps');
      }
      setError(friendly);
    } finally {
      setBusy(false);
    }
  }, []);

  const signIn = useCallback(
    async (input: Parameters<typeof auth.signIn>[0]): Promise<AuthSignInOutput> => {
      try {
        return await auth.signIn(input);
      } catch (failure) {
        // Tokens left from an earlier visit (the session record was gone): drop them and try once more.
        if (describeAuthError(failure).name !== 'UserAlreadyAuthenticatedException') throw failure;
        await auth.signOut().catch(() => undefined);
        return auth.signIn(input);
      }
    },
    [auth],
  );

  return {
    phase,
    busy,
    error,
    start(username, password) {
      useSignInStore.getState().reset();
      void run(async () => accept(username, await signIn({ username, password })));
    },
    startPasswordless(username) {
      useSignInStore.getState().reset();
      void run(async () => accept(username, await signIn({ username, options: { authFlowType: 'USER_AUTH' } })));
    },
    respond(challengeResponse, options) {
      const { username } = useSignInStore.getState();
      if (challengeResponse === 'WEB_AUTHN') setPhase('passkey');
      void run(async () => accept(username ?? '', await auth.confirmSignIn(options === undefined ? { challengeResponse } : { challengeResponse, options })));
    },
    retryPasskey() {
      const username = useSignInStore.getState().username ?? '';
      // The first try moved the provider's session past the factor choice (it now waits at WEB_AUTHN,
      // or has ended), so answering the choice again is refused: start a USER_AUTH sign-in that asks
      // for the passkey directly, with a fresh session and a fresh WebAuthn challenge.
      void run(async () => accept(username, await signIn({ username, options: { authFlowType: 'USER_AUTH', preferredChallenge: 'WEB_AUTHN' } })));
    },
    accept: (username, output) => run(async () => accept(username, output)),
    chooseRememberDevice(remember) {
      void run(async () => {
        if (remember) {
          await auth.rememberDevice().then(
            () => notify.success('This device will be remembered.'),
            () => notify.warning('This device could not be remembered; you will be asked for a code next time.'),
          );
        }
        await finish();
      });
    },
    showInvalid(failure) {
      setError(describeAuthError(failure));
    },
    cancel() {
      useSignInStore.getState().reset();
      setPhase('steps');
      setError(null);
    },
  };
}
