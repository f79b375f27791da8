// The Cognito calls of sign-up (SignUp, ConfirmSignUp, ResendConfirmationCode), validated first
// (spec section 5). Each takes the runtime as input; the sign-up machine decides what follows.
import { toCodeDeliveryDetails } from '../api/code-delivery-details.js';
import type { AuthCodeDeliveryDetails, AuthVerifiableAttributeKey } from '../api/types.js';
import { callUserPool } from '../cognito/user-pool-client.js';
import type { AttributeType } from '../cognito/user-pool-operations.js';
import { AuthValidationError, isCognitoServiceError } from '../errors/auth-errors.js';
import { EmptySignUpPassword } from '../errors/catalogue.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { assertConfiguredPasswordPolicy } from '../validation/configured-password-policy.js';
import { assertConfirmSignUpInput, assertResendSignUpCodeInput, assertSignUpInput } from '../validation/required-fields.js';
import type { ConfirmSignUpInput, ResendSignUpCodeInput, SignUpInput } from './flow-types.js';

/** Cognito's AttributeType list for a name/value map; empty values are left out. */
export function toAttributeList(attributes: Record<string, string | undefined> | undefined): AttributeType[] | undefined {
  if (attributes === undefined) return undefined;
  return Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([Name, Value]) => ({ Name, Value }));
}

/** True for the server's complaint that the password is null (turned into the password-required error). */
export function isNullPasswordComplaint(error: unknown): boolean {
  return isCognitoServiceError(error, 'InvalidParameterException') && /password/i.test(error.message) && /null/i.test(error.message);
}

/** What SignUp answered. */
export interface SignUpAnswer {
  userConfirmed: boolean;
  userId: string | undefined;
  codeDeliveryDetails: AuthCodeDeliveryDetails<AuthVerifiableAttributeKey>;
  /** The session USER_AUTH auto sign-in continues with. */
  session: string | undefined;
}

/** Validates and sends SignUp (username, password, attributes, validation data, client metadata). */
export async function signUpAccount(input: { runtime: AuthRuntime; request: SignUpInput }): Promise<SignUpAnswer> {
  const { runtime, request } = input;
  assertSignUpInput(request);
  assertConfiguredPasswordPolicy(runtime.config.passwordPolicy, request.password);
  const options = request.options;
  const userAttributes = toAttributeList(options?.userAttributes);
  const validationData = toAttributeList(options?.validationData);
  try {
    const response = await callUserPool(runtime, 'SignUp', {
      ClientId: runtime.config.userPoolClientId,
      Username: request.username,
      ...(request.password === undefined ? {} : { Password: request.password }),
      ...(userAttributes === undefined ? {} : { UserAttributes: userAttributes }),
      ...(validationData === undefined ? {} : { ValidationData: validationData }),
      ...(options?.clientMetadata === undefined ? {} : { ClientMetadata: options.clientMetadata }),
    });
    return {
      userConfirmed: response.UserConfirmed === true,
      userId: response.UserSub,
      codeDeliveryDetails: toCodeDeliveryDetails<AuthVerifiableAttributeKey>(response.CodeDeliveryDetails),
      session: response.Session,
    };
  } catch (error) {
    if (isNullPasswordComplaint(error)) throw new AuthValidationError(EmptySignUpPassword, { underlyingError: error });
    throw error;
  }
}

/** Validates and sends ConfirmSignUp; resolves with the session auto sign-in may continue. */
export async function confirmSignUpAccount(input: { runtime: AuthRuntime; request: ConfirmSignUpInput }): Promise<{ session: string | undefined }> {
  const { runtime, request } = input;
  assertConfirmSignUpInput(request);
  const options = request.options;
  const response = await callUserPool(runtime, 'ConfirmSignUp', {
    ClientId: runtime.config.userPoolClientId,
    Username: request.username,
    ConfirmationCode: request.confirmationCode,
    ...(options?.clientMetadata === undefined ? {} : { ClientMetadata: options.clientMetadata }),
    ...(options?.forceAliasCreation === undefined ? {} : { ForceAliasCreation: options.forceAliasCreation }),
  });
  return { session: response.Session };
}

/** Validates and sends ResendConfirmationCode; resolves with where the new code went. */
export async function resendSignUpCode(input: { runtime: AuthRuntime; request: ResendSignUpCodeInput }): Promise<AuthCodeDeliveryDetails<AuthVerifiableAttributeKey>> {
  const { runtime, request } = input;
  assertResendSignUpCodeInput(request);
  const clientMetadata = request.options?.clientMetadata;
  const response = await callUserPool(runtime, 'ResendConfirmationCode', {
    ClientId: runtime.config.userPoolClientId,
    Username: request.username,
    ...(clientMetadata === undefined ? {} : { ClientMetadata: clientMetadata }),
  });
  return toCodeDeliveryDetails<AuthVerifiableAttributeKey>(response.CodeDeliveryDetails);
}
