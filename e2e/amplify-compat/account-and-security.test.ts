// aws-amplify v6 and @steward/auth-core running the same account and security pages against the
// real server: profile attributes with email verification, password change and reset, email MFA
// with an authenticator app added and preferred, remembered devices, passkeys (on a platform without
// WebAuthn), and closing the account. Each scenario runs on aws-amplify first, then on auth-core with
// another person; the records must be equal.
import { describe, expect, it } from 'vitest';
import { anonymize, createAuthenticator, expectSameRecords, newPerson, onEach, useCompatSuite, type CompatApp } from './harness.js';

const suite = useCompatSuite();
const authenticator = createAuthenticator();

/** A person signed up with email MFA and signed in, and the values to anonymize in their records. */
async function signedUpWithEmailMfa(app: CompatApp, label: string): Promise<{ person: ReturnType<typeof newPerson>; values: Record<string, string> }> {
  const person = newPerson(label);
  await app.registerWithEmailMfa(person, suite.inbox);
  const sub = (await app.userSub()) ?? '';
  return { person, values: { email: person.email, username: person.username, sub } };
}

describe('account and security pages on aws-amplify/auth and on @steward/auth-core', { timeout: 120_000 }, () => {
  it('edits profile attributes and verifies a new email with its code, with the same results', async () => {
    const records = await onEach(suite.apps, async (app) => {
      const { person, values } = await signedUpWithEmailMfa(app, 'profile');
      const newEmail = `new-${person.email}`;
      const profile = await app.editProfile(person, newEmail, suite.inbox);
      return anonymize(profile, { 'new email': newEmail, ...values });
    });
    expect(records.amplify.emailChange).toEqual({ isUpdated: false, updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE', deliveryMedium: 'EMAIL', attributeName: 'email' });
    expect(records.amplify.afterDelete.family_name).toBeUndefined();
    expectSameRecords(records);
  });

  it('changes the password, resets a forgotten one by emailed code, and signs in with each, alike', async () => {
    const records = await onEach(suite.apps, async (app) => {
      const { person, values } = await signedUpWithEmailMfa(app, 'password');
      const changed = `${person.password}-2`;
      await app.changePassword(person.password, changed);
      await app.signOutEverywhere(false);
      const withChanged = await app.signInWithEmailCode({ ...person, password: changed }, suite.inbox);
      await app.signOutEverywhere(false);
      const reset = `${person.password}-3`;
      const resetRecord = await app.resetForgottenPassword(person.username, person.email, reset, suite.inbox);
      const oldRefused = await app.expectFailure(() => app.signInWithEmailCode({ ...person, password: changed }, suite.inbox));
      const withReset = await app.signInWithEmailCode({ ...person, password: reset }, suite.inbox);
      return anonymize({ withChanged, resetRecord, oldRefused, withReset }, values);
    });
    expect(records.amplify.resetRecord).toMatchObject({ isPasswordReset: false, resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE', deliveryMedium: 'EMAIL' });
    expect(records.amplify.oldRefused.name).toBe('NotAuthorizedException');
    expectSameRecords(records);
  });

  it('adds an authenticator app to an email-MFA account, switches the preferred factor, and signs in with each, alike', async () => {
    const records = await onEach(suite.apps, async (app) => {
      const { person, values } = await signedUpWithEmailMfa(app, 'mfa');
      const { record, totpSecret } = await app.addAuthenticatorApp(person.username, authenticator);
      await app.signOutEverywhere(false);
      const withEmail = await app.signInWithEmailCode(person, suite.inbox);
      const preferTotp = await app.preferTotp();
      await app.signOutEverywhere(false);
      const withTotp = await app.signInWithTotp(person, authenticator, totpSecret);
      return anonymize({ record, withEmail, preferTotp, withTotp }, values);
    });
    expect(records.amplify.record.afterVerify.enabled).toEqual(['EMAIL', 'TOTP']);
    expect(records.amplify.withTotp.map((step) => step.signInStep)).toEqual(['CONFIRM_SIGN_IN_WITH_TOTP_CODE', 'DONE']);
    expectSameRecords(records);
  });

  it('lists, remembers and forgets this device, and forgets the others by id, alike', async () => {
    const records = await onEach(suite.apps, async (app) => {
      // The automatic sign-in after sign-up confirmed this browser as a device (Cognito's NewDeviceMetadata).
      const { values } = await signedUpWithEmailMfa(app, 'devices');
      const devices = await app.manageDevices();
      const leftAfterForgettingOthers = await app.forgetOtherDevices();
      return anonymize({ devices, leftAfterForgettingOthers }, values);
    });
    expect(records.amplify.devices.listed).toHaveLength(1);
    expect(records.amplify.devices.afterRemember[0]?.attributeNames).toContain('device_name');
    expect(records.amplify.devices.afterForget).toEqual([]);
    expect(records.amplify.devices.forgetAgain).toMatchObject({ name: 'DeviceMetadataNotFoundException' });
    expect(records.amplify.leftAfterForgettingOthers).toBe(0);
    expectSameRecords(records);
  });

  it('lists passkeys, fails to register one without WebAuthn, and fails to delete an unknown one, alike', async () => {
    const records = await onEach(suite.apps, async (app) => {
      const { values } = await signedUpWithEmailMfa(app, 'passkeys');
      return anonymize(await app.managePasskeys(), values);
    });
    expect(records.amplify.listed).toEqual({ count: 0, hasNextToken: false });
    expectSameRecords(records);
  });

  it('closes the account with deleteUser: signed out with the same events, and the user is gone', async () => {
    const records = await onEach(suite.apps, async (app) => {
      const { person, values } = await signedUpWithEmailMfa(app, 'closing');
      const recording = app.recordAuthEvents();
      await app.closeAccount();
      recording.stop();
      const session = await app.readSession(suite.settings.userPoolClientId, suite.settings.identityPoolId);
      const signInAgain = await app.expectFailure(() => app.signInWithEmailCode(person, suite.inbox));
      return anonymize({ events: recording.events, signedIn: session.signedIn, signInAgain }, values);
    });
    expect(records.amplify.events).toEqual([{ event: 'signedOut' }]);
    expect(records.amplify.signedIn).toBe(false);
    expectSameRecords(records);
  });
});
