// The account page: profile attributes (with email verification), password change, forgotten
// password, and closing the account.
import {
  confirmResetPassword,
  confirmUserAttribute,
  deleteUser,
  deleteUserAttributes,
  fetchUserAttributes,
  resetPassword,
  sendUserAttributeVerificationCode,
  updatePassword,
  updateUserAttribute,
  updateUserAttributes,
} from 'compat-auth';
import type { FetchUserAttributesOutput, UpdateUserAttributeOutput, VerifiableUserAttributeKey } from 'compat-auth';
import type { Inbox, Person } from './ports.js';

/** An attribute update's outcome as the form shows it. */
export interface UpdateView {
  readonly isUpdated: boolean;
  readonly updateAttributeStep: string;
  readonly deliveryMedium?: string;
  readonly attributeName?: string;
}

function viewUpdate(output: UpdateUserAttributeOutput): UpdateView {
  return {
    isUpdated: output.isUpdated,
    updateAttributeStep: output.nextStep.updateAttributeStep,
    deliveryMedium: output.nextStep.codeDeliveryDetails?.deliveryMedium,
    attributeName: output.nextStep.codeDeliveryDetails?.attributeName,
  };
}

/** The profile the page shows: every attribute but the per-user ids, values replaced by who they belong to. */
function viewAttributes(attributes: FetchUserAttributesOutput, person: Person, newEmail: string): Record<string, string | undefined> {
  const shown: Record<string, string | undefined> = {};
  for (const key of Object.keys(attributes).sort()) {
    const value = attributes[key];
    shown[key] = key === 'sub' ? (value === undefined ? undefined : '<sub>') : value === person.email ? '<email>' : value === newEmail ? '<new email>' : value;
  }
  return shown;
}

/** What the account page showed through a round of profile edits. */
export interface ProfileRecord {
  readonly initial: Record<string, string | undefined>;
  readonly updatedNames: Record<string, UpdateView>;
  readonly emailChange: UpdateView;
  readonly pendingEmail: Record<string, string | undefined>;
  readonly resentTo: { readonly deliveryMedium?: string; readonly attributeName?: string };
  readonly confirmedEmail: Record<string, string | undefined>;
  readonly afterDelete: Record<string, string | undefined>;
}

/** Edits the profile: names (updateUserAttributes), a new email verified by its code, then removes a name. */
export async function editProfile(person: Person, newEmail: string, inbox: Inbox): Promise<ProfileRecord> {
  const initial = viewAttributes(await fetchUserAttributes(), person, newEmail);
  const names = await updateUserAttributes({ userAttributes: { given_name: 'Grace', family_name: 'Hopper', nickname: 'amazing' } });
  const updatedNames: Record<string, UpdateView> = {};
  for (const [key, value] of Object.entries(names).sort(([a], [b]) => a.localeCompare(b))) updatedNames[key] = viewUpdate(value);
  const emailChange = viewUpdate(await updateUserAttribute({ userAttribute: { attributeKey: 'email', value: newEmail } }));
  const pendingEmail = viewAttributes(await fetchUserAttributes(), person, newEmail);
  const emailKey: VerifiableUserAttributeKey = 'email';
  const resent = await sendUserAttributeVerificationCode({ userAttributeKey: emailKey });
  await confirmUserAttribute({ userAttributeKey: emailKey, confirmationCode: await inbox.latestCode(newEmail) });
  const confirmedEmail = viewAttributes(await fetchUserAttributes(), person, newEmail);
  await deleteUserAttributes({ userAttributeKeys: ['family_name'] });
  const afterDelete = viewAttributes(await fetchUserAttributes(), person, newEmail);
  return { initial, updatedNames, emailChange, pendingEmail, resentTo: { deliveryMedium: resent.deliveryMedium, attributeName: resent.attributeName }, confirmedEmail, afterDelete };
}

/** Changes the password on the account page (updatePassword). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await updatePassword({ oldPassword, newPassword });
}

/** What the "forgot password" pages showed. */
export interface ResetRecord {
  readonly isPasswordReset: boolean;
  readonly resetPasswordStep: string;
  readonly deliveryMedium?: string;
  readonly attributeName?: string;
  readonly destinationMasked: boolean;
}

/** Resets a forgotten password with the emailed code (resetPassword, confirmResetPassword). */
export async function resetForgottenPassword(username: string, email: string, newPassword: string, inbox: Inbox): Promise<ResetRecord> {
  const requested = await resetPassword({ username });
  await confirmResetPassword({ username, confirmationCode: await inbox.latestCode(email), newPassword });
  const details = requested.nextStep.codeDeliveryDetails;
  return {
    isPasswordReset: requested.isPasswordReset,
    resetPasswordStep: requested.nextStep.resetPasswordStep,
    deliveryMedium: details.deliveryMedium,
    attributeName: details.attributeName,
    destinationMasked: details.destination?.includes('*') ?? false,
  };
}

/** Closes the account (deleteUser): the user is deleted and signed out. */
export async function closeAccount(): Promise<void> {
  await deleteUser();
}
