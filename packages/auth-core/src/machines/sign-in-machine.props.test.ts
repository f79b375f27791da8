// Property tests of the sign-in machine against a server that answers with arbitrary sequences of
// Cognito replies (tokens good and bad, every challenge name, errors) and a user who answers each
// waiting step arbitrarily.
import fc from 'fast-check';
import { createActor, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { propertyRuns, propertyTimeout } from '../../test/properties.js';
import { storeDeviceMetadata } from '../devices/device-store.js';
import { lastAuthUserKey } from '../tokens/storage-keys.js';
import { loadTokens } from '../tokens/token-store.js';
import { PASSKEY_OPTIONS, flow, scriptedRuntime, serverReply, userAnswer } from '../../testing/server-script.js';
import type { Scripted, ServerReply } from '../../testing/server-script.js';
import { isSignInSettled, signInMachine, signInResultOf } from './sign-in-machine.js';
import type { SignInMachineEvent } from './sign-in-machine.js';

/**
 * Runs one event on a fresh actor (as signIn / confirmSignIn do) and checks, at the very snapshot
 * where the machine reports DONE, that the tokens are already in storage.
 */
async function runChecked(s: Scripted, event: SignInMachineEvent): Promise<{ signedIn: boolean; waiting: boolean }> {
  const actor = createActor(signInMachine, { input: { runtime: s.runtime } });
  const accessKey = () => `CognitoIdentityServiceProvider.client123.${s.storage.items.get(lastAuthUserKey('client123')) ?? ''}.accessToken`;
  let doneSeen = false;
  let doneWithoutTokens = false;
  // Observers must not throw into the actor, so the check is recorded and asserted below.
  actor.subscribe((snapshot) => {
    if (snapshot.status === 'done' || snapshot.matches('signedIn')) {
      doneSeen = true;
      if (!s.storage.items.has(accessKey())) doneWithoutTokens = true;
    }
  });
  actor.start();
  try {
    await waitFor(actor, isSignInSettled);
    actor.send(event);
    const settled = await waitFor(actor, isSignInSettled);
    expect(doneWithoutTokens).toBe(false);
    try {
      const result = signInResultOf(settled);
      expect(result.isSignedIn).toBe(doneSeen);
      return { signedIn: result.isSignedIn, waiting: settled.matches('awaitingChallenge') };
    } catch {
      expect(doneSeen).toBe(false);
      return { signedIn: false, waiting: settled.matches('awaitingChallenge') };
    }
  } finally {
    actor.stop();
  }
}

describe('sign-in machine properties', () => {
  it('never reaches DONE (isSignedIn true) without the tokens having been stored, whatever the server answers', async () => {
    let signedInRuns = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(serverReply, { minLength: 1, maxLength: 8 }),
        fc.array(userAnswer, { maxLength: 4 }),
        flow,
        fc.boolean(),
        async (script, answers, authFlowType, rememberedDevice) => {
          const s = scriptedRuntime(script);
          if (rememberedDevice) await storeDeviceMetadata(s.runtime, 'alice', { deviceKey: 'dev-0', deviceGroupKey: 'grp-0', randomPassword: 'cGFzc3dvcmQ=' });
          const password = authFlowType === 'CUSTOM_WITHOUT_SRP' ? {} : { password: 'Pa55word!' };
          let outcome = await runChecked(s, { type: 'SIGN_IN', username: 'alice', ...password, options: { authFlowType } });
          for (const challengeResponse of answers) {
            if (outcome.signedIn || !outcome.waiting) break;
            outcome = await runChecked(s, { type: 'CONFIRM_SIGN_IN', challengeResponse });
          }
          if (outcome.signedIn) signedInRuns += 1;
          const stored = await loadTokens(s.runtime);
          const signedInEvents = s.events.filter((event) => event.event === 'signedIn');
          if (outcome.signedIn) {
            // The tokens stored are the ones the server issued last, and signedIn was emitted once.
            expect(stored?.accessToken.toString()).toBe(s.servedAccessTokens[s.servedAccessTokens.length - 1]);
            expect(signedInEvents).toHaveLength(1);
          } else {
            expect(signedInEvents).toHaveLength(0);
          }
        },
      ),
      propertyRuns(150),
    );
    // The generator must reach DONE often enough for the property to mean something.
    expect(signedInRuns).toBeGreaterThan(10);
  }, propertyTimeout(120_000));

  it('always fails on two passkey challenges in a row, without a second ceremony or tokens', async () => {
    const passkey = (session: string): ServerReply => ({
      kind: 'challenge',
      answer: { ChallengeName: 'WEB_AUTHN', Session: session, ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: PASSKEY_OPTIONS } },
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('initiate', 'firstFactorSelection'),
        fc.constantFrom('s1', 's2', 'x'.repeat(40)),
        fc.array(serverReply, { maxLength: 4 }),
        async (entry, session, rest) => {
          const select: ServerReply = { kind: 'challenge', answer: { ChallengeName: 'SELECT_CHALLENGE', Session: 'sel', AvailableChallenges: ['WEB_AUTHN'] } };
          const script = entry === 'initiate' ? [passkey(session), passkey(`${session}-2`), ...rest] : [select, passkey(session), passkey(`${session}-2`), ...rest];
          const s = scriptedRuntime(script);
          const options = { authFlowType: 'USER_AUTH' as const, ...(entry === 'initiate' ? { preferredChallenge: 'WEB_AUTHN' as const } : {}) };
          const actor = createActor(signInMachine, { input: { runtime: s.runtime } });
          actor.start();
          await waitFor(actor, isSignInSettled);
          actor.send({ type: 'SIGN_IN', username: 'alice', options });
          let settled = await waitFor(actor, isSignInSettled);
          if (entry === 'firstFactorSelection') {
            expect(settled.matches({ awaitingChallenge: 'firstFactorSelection' })).toBe(true);
            actor.send({ type: 'CONFIRM_SIGN_IN', challengeResponse: 'WEB_AUTHN' });
            settled = await waitFor(actor, isSignInSettled);
          }
          actor.stop();
          expect(() => signInResultOf(settled)).toThrow(expect.objectContaining({ name: 'SignInException' }) as Error);
          expect(settled.status).toBe('active');
          expect(s.passkeyRequests).toBe(1);
          expect(await loadTokens(s.runtime)).toBeNull();
        },
      ),
      propertyRuns(60),
    );
  });
});
