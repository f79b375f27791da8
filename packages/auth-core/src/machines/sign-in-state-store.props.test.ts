import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../test/properties.js';
import { cognitoError } from '../../testing/fake-cognito.js';
import { createTestHarness } from '../../testing/test-runtime.js';
import { confirmSignInWith } from '../api/confirm-sign-in.js';
import { signInWith } from '../api/sign-in.js';
import { SIGN_IN_STATE_TTL_MS, loadSignInState, saveSignInState, signInStateKey } from './sign-in-state-store.js';

const TEN_MINUTES = 10 * 60 * 1000;

describe('persisted sign-in state expiry', () => {
  it('is usable strictly before 3 minutes and gone from exactly 3 minutes on', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.oneof(fc.integer({ min: 0, max: TEN_MINUTES }), fc.integer({ min: SIGN_IN_STATE_TTL_MS - 2, max: SIGN_IN_STATE_TTL_MS + 2 })),
        async (savedAt, elapsed) => {
          const h = createTestHarness();
          h.clock.set(savedAt);
          await saveSignInState(h.runtime, { username: 'alice', challenge: { name: 'SMS_MFA', session: 'sess', parameters: {} } });
          h.clock.set(savedAt + elapsed);
          const loaded = await loadSignInState(h.runtime);
          if (elapsed < SIGN_IN_STATE_TTL_MS) {
            expect(loaded).toMatchObject({ username: 'alice', challengeName: 'SMS_MFA', signInSession: 'sess' });
          } else {
            expect(loaded).toBeNull();
            expect(await h.storage.getItem(signInStateKey('client123'))).toBeNull();
          }
        },
      ),
      propertyRuns(300),
    );
  });

  it('lets confirmSignIn continue exactly while the state is younger than 3 minutes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: SIGN_IN_STATE_TTL_MS - 1000, max: SIGN_IN_STATE_TTL_MS + 1000 }), async (elapsed) => {
        const h = createTestHarness();
        h.fake.on('InitiateAuth', () => ({ ChallengeName: 'SMS_MFA', Session: 'sms', ChallengeParameters: {} }));
        h.fake.on('RespondToAuthChallenge', () => cognitoError('CodeMismatchException', 'wrong code'));
        await signInWith(h.runtime, { username: 'alice', password: 'pw', options: { authFlowType: 'USER_PASSWORD_AUTH' } });
        h.clock.advance(elapsed);
        const expected = elapsed < SIGN_IN_STATE_TTL_MS ? 'CodeMismatchException' : 'SignInException';
        await expect(confirmSignInWith(h.runtime, { challengeResponse: '123456' })).rejects.toMatchObject({ name: expected });
      }),
      propertyRuns(100),
    );
  });
});
