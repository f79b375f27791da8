// Property test of auto sign-in after sign-up: whatever SignUp, ConfirmSignUp and the sign-in
// answer, autoSignIn reports a signed-in user only once tokens are stored.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns, propertyTimeout } from '../../test/properties.js';
import { cognitoError } from '../../testing/fake-cognito.js';
import { autoSignInWith } from '../api/auto-sign-in.js';
import { confirmSignUpWith } from '../api/confirm-sign-up.js';
import { signUpWith } from '../api/sign-up.js';
import { loadTokens } from '../tokens/token-store.js';
import { flow, scriptedRuntime, serverReply } from '../../testing/server-script.js';

describe('sign-up machine properties', () => {
  it('autoSignIn never reports isSignedIn without stored tokens, whatever the server answers', async () => {
    let signedInRuns = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.constantFrom('ok', 'CodeMismatchException', 'ExpiredCodeException'),
        fc.array(serverReply, { minLength: 1, maxLength: 6 }),
        fc.option(flow, { nil: undefined }),
        async (confirmedAtSignUp, confirmAnswer, script, authFlowType) => {
          const s = scriptedRuntime(script);
          s.fake.on('SignUp', () => ({ UserConfirmed: confirmedAtSignUp, UserSub: 'sub-1', Session: 'signup-session' }));
          s.fake.on('ConfirmSignUp', () => (confirmAnswer === 'ok' ? { Session: 'confirm-session' } : cognitoError(confirmAnswer, 'scripted')));
          const options = { autoSignIn: authFlowType === undefined ? true : { authFlowType } };
          try {
            await signUpWith(s.runtime, { username: 'alice', password: 'Pa55word!', options });
            if (!confirmedAtSignUp) await confirmSignUpWith(s.runtime, { username: 'alice', confirmationCode: '123456' });
          } catch {
            // A failed confirmation leaves nothing to sign in with; autoSignIn must then refuse.
          }
          let signedIn = false;
          try {
            signedIn = (await autoSignInWith(s.runtime)).isSignedIn;
          } catch {
            signedIn = false;
          }
          const stored = await loadTokens(s.runtime);
          if (signedIn) {
            signedInRuns += 1;
            expect(stored?.accessToken.toString()).toBe(s.servedAccessTokens[s.servedAccessTokens.length - 1]);
          }
          expect(s.events.filter((event) => event.event === 'signedIn')).toHaveLength(signedIn ? 1 : 0);
        },
      ),
      propertyRuns(100),
    );
    expect(signedInRuns).toBeGreaterThan(5);
  }, propertyTimeout(120_000));
});
