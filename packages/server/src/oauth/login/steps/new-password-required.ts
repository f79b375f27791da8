// NEW_PASSWORD_REQUIRED: a user created by an administrator chooses their own password, and fills
// in the required attributes they lack (requiredAttributes: ["userAttributes.<name>", …]).
import { field } from '../views/layout.js';
import { EMPTY_FIELD, fieldError } from '../views/messages.js';
import { requiredField, respondToChallenge } from './challenge-answer.js';
import { jsonList } from './select-mfa-type.js';
import { FieldProblem, type StepHandler } from './step-handler.js';

const ATTRIBUTE_PREFIX = 'userAttributes.';

/** Labels of the standard attributes a pool may require. */
const ATTRIBUTE_LABELS: Readonly<Record<string, string>> = {
  email: 'Email address',
  given_name: 'First name',
  family_name: 'Last name',
  name: 'Full name',
  phone_number: 'Phone number (+ and country code)',
  preferred_username: 'Preferred username',
  nickname: 'Nickname',
  address: 'Address',
  birthdate: 'Date of birth (YYYY-MM-DD)',
  gender: 'Gender',
  locale: 'Locale',
  middle_name: 'Middle name',
  picture: 'Picture URL',
  profile: 'Profile URL',
  website: 'Website',
  zoneinfo: 'Time zone',
};

/** The attribute names the challenge asks for (without the prefix). */
function requiredAttributes(parameters: Readonly<Record<string, string>>): string[] {
  return jsonList(parameters.requiredAttributes)
    .map((a) => (a.startsWith(ATTRIBUTE_PREFIX) ? a.slice(ATTRIBUTE_PREFIX.length) : a))
    .filter((a) => /^[\w:.-]{1,64}$/.test(a));
}

/** NEW_PASSWORD_REQUIRED. */
export const newPasswordRequired: StepHandler = {
  page: 'NEW_PASSWORD_REQUIRED',
  view: (pending, notice) => ({
    title: 'Choose a new password',
    description: 'Your password was set by an administrator. Choose your own to continue.',
    fields: [
      field({
        name: 'new_password',
        label: 'New password',
        type: 'password',
        autocomplete: 'new-password',
        autofocus: true,
        hint: 'At least 8 characters, with a lowercase and an uppercase letter, a number and a symbol.',
        invalid: notice?.field === 'newPassword',
      }),
      field({ name: 'confirm_password', label: 'Confirm new password', type: 'password', autocomplete: 'new-password', invalid: notice?.field === 'newPassword' }),
      ...requiredAttributes(pending.parameters).map((name) =>
        field({ name: `attribute.${name}`, label: ATTRIBUTE_LABELS[name] ?? name, ...(name === 'email' ? { type: 'email' as const } : {}), invalid: notice?.field === 'attributes' }),
      ),
    ].join(''),
    submit: 'Change password',
  }),
  answer: async (input) => {
    const password = requiredField(input, 'new_password', EMPTY_FIELD.newPassword, { trim: false });
    if ((input.page.form.confirm_password ?? '') !== password) throw new FieldProblem(fieldError(EMPTY_FIELD.passwordsDiffer));
    const attributes: Record<string, string> = {};
    for (const name of requiredAttributes(input.pending.parameters)) {
      const value = (input.page.form[`attribute.${name}`] ?? '').trim();
      if (value === '') throw new FieldProblem(fieldError({ field: 'attributes', message: `Enter your ${(ATTRIBUTE_LABELS[name] ?? name).toLowerCase()}.` }));
      attributes[`${ATTRIBUTE_PREFIX}${name}`] = value;
    }
    return { kind: 'step', step: await respondToChallenge(input, { NEW_PASSWORD: password, ...attributes }) };
  },
};
