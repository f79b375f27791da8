// The app's error handling: the sign-in form, sign-up form and session guard branch on `error.name`
// and show `message`; each case here is one thing a user (or a bug) can do.
import { confirmSignIn, confirmSignUp, decodeJWT, fetchAuthSession, getCurrentUser, resetPassword, signIn, signUp, updatePassword } from 'compat-auth';
import { expectFailure, type ErrorView } from './errors.js';
import type { Person } from './ports.js';

/** Errors a signed-out visitor can run into. */
export async function signedOutErrors(person: Person, stranger: string): Promise<Record<string, ErrorView>> {
  return {
    wrongPassword: await expectFailure(() => signIn({ username: person.username, password: `${person.password}x` })),
    unknownUser: await expectFailure(() => signIn({ username: stranger, password: person.password })),
    emptyUsername: await expectFailure(() => signIn({ username: '', password: person.password })),
    emptyPassword: await expectFailure(() => signIn({ username: person.username, password: '' })),
    passwordWithCustomFlow: await expectFailure(() => signIn({ username: person.username, password: person.password, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } })),
    nothingToConfirm: await expectFailure(() => confirmSignIn({ challengeResponse: '123456' })),
    emptyChallengeResponse: await expectFailure(() => confirmSignIn({ challengeResponse: '' })),
    currentUserSignedOut: await expectFailure(() => getCurrentUser()),
    updatePasswordSignedOut: await expectFailure(() => updatePassword({ oldPassword: person.password, newPassword: `${person.password}2` })),
    takenUsername: await expectFailure(() => signUp({ username: person.username, password: person.password, options: { userAttributes: { email: person.email } } })),
    weakPassword: await expectFailure(() => signUp({ username: `${stranger}w`, password: 'short', options: { userAttributes: { email: `${stranger}w@example.com` } } })),
    emptySignUpUsername: await expectFailure(() => signUp({ username: '', password: person.password })),
    wrongConfirmationCode: await expectFailure(() => confirmSignUp({ username: person.username, confirmationCode: '000000' })),
    emptyConfirmationCode: await expectFailure(() => confirmSignUp({ username: person.username, confirmationCode: '' })),
    resetUnknownUser: await expectFailure(() => resetPassword({ username: '' })),
    // A token pasted by hand (a support screen): not three parts, then a payload that is not base64 JSON.
    malformedToken: await expectFailure(async () => decodeJWT('not-a-token')),
    malformedTokenPayload: await expectFailure(async () => decodeJWT('header.!!!.signature')),
  };
}

/** Errors a signed-in user can run into; the session must survive them. */
export async function signedInErrors(person: Person): Promise<Record<string, ErrorView | boolean>> {
  return {
    signInAgain: await expectFailure(() => signIn({ username: person.username, password: person.password })),
    wrongOldPassword: await expectFailure(() => updatePassword({ oldPassword: `${person.password}x`, newPassword: `${person.password}2` })),
    emptyNewPassword: await expectFailure(() => updatePassword({ oldPassword: person.password, newPassword: '' })),
    stillSignedIn: (await fetchAuthSession()).tokens !== undefined,
  };
}

/** A wrong TOTP code at sign-in, then the right one: the step stays so the user can retry. */
export async function mistypedTotp(person: Person, rightCode: () => Promise<string>): Promise<{ wrong: ErrorView; retried: boolean }> {
  const first = await signIn({ username: person.username, password: person.password });
  if (first.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') throw new Error(`expected the TOTP step, got ${first.nextStep.signInStep}`);
  const wrong = await expectFailure(() => confirmSignIn({ challengeResponse: '000000' }));
  const retried = (await confirmSignIn({ challengeResponse: await rightCode() })).isSignedIn;
  return { wrong, retried };
}
