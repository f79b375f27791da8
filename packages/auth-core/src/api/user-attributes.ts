import { callUserPool } from '../cognito/user-pool-client.js';
import type { AttributeType } from '../cognito/user-pool-operations.js';
import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { requireSignedIn } from '../tokens/auth-session.js';
import { assertConfirmUserAttributeCode } from '../validation/required-fields.js';
import { toCodeDeliveryDetails } from './code-delivery-details.js';
import type {
  ConfirmUserAttributeInput,
  DeleteUserAttributesInput,
  FetchUserAttributesOutput,
  SendUserAttributeVerificationCodeInput,
  SendUserAttributeVerificationCodeOutput,
  UpdateUserAttributeInput,
  UpdateUserAttributeOutput,
  UpdateUserAttributesInput,
  UpdateUserAttributesOutput,
} from './types.js';

/** Converts Cognito's name/value list into an attribute record. */
export function toUserAttributes(attributes: readonly AttributeType[] | undefined): FetchUserAttributesOutput {
  const result: Record<string, string> = {};
  for (const { Name, Value } of attributes ?? []) {
    if (Value !== undefined) result[Name] = Value;
  }
  return result;
}

/** fetchUserAttributes on a runtime: GetUser's attributes as a record. */
export async function fetchUserAttributesWith(runtime: AuthRuntime): Promise<FetchUserAttributesOutput> {
  const tokens = await requireSignedIn(runtime);
  const user = await callUserPool(runtime, 'GetUser', { AccessToken: tokens.accessToken.toString() });
  return toUserAttributes(user.UserAttributes);
}

/** The user's attributes (aws-amplify v6 fetchUserAttributes). */
export async function fetchUserAttributes(): Promise<FetchUserAttributesOutput> {
  return fetchUserAttributesWith(getAuthRuntime());
}

/**
 * updateUserAttributes on a runtime: attributes Cognito sent a code for are not updated yet
 * (CONFIRM_ATTRIBUTE_WITH_CODE); the others are done.
 */
export async function updateUserAttributesWith(runtime: AuthRuntime, input: UpdateUserAttributesInput): Promise<UpdateUserAttributesOutput> {
  const tokens = await requireSignedIn(runtime);
  const entries = Object.entries(input.userAttributes).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const clientMetadata = input.options?.clientMetadata;
  const response = await callUserPool(runtime, 'UpdateUserAttributes', {
    AccessToken: tokens.accessToken.toString(),
    UserAttributes: entries.map(([Name, Value]) => ({ Name, Value })),
    ...(clientMetadata === undefined ? {} : { ClientMetadata: clientMetadata }),
  });
  const pending = new Map((response.CodeDeliveryDetailsList ?? []).map((details) => [details.AttributeName, details]));
  const output: Record<string, UpdateUserAttributeOutput> = {};
  for (const [name] of entries) {
    const details = pending.get(name);
    output[name] =
      details === undefined
        ? { isUpdated: true, nextStep: { updateAttributeStep: 'DONE' } }
        : { isUpdated: false, nextStep: { updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE', codeDeliveryDetails: toCodeDeliveryDetails(details) } };
  }
  // aws-amplify's output type lists every standard key; only the keys sent are present.
  return output as UpdateUserAttributesOutput;
}

/** Updates attributes; verifiable ones may need a code first (aws-amplify v6 updateUserAttributes). */
export async function updateUserAttributes(input: UpdateUserAttributesInput): Promise<UpdateUserAttributesOutput> {
  return updateUserAttributesWith(getAuthRuntime(), input);
}

/** updateUserAttribute on a runtime. */
export async function updateUserAttributeWith(runtime: AuthRuntime, input: UpdateUserAttributeInput): Promise<UpdateUserAttributeOutput> {
  const { attributeKey, value } = input.userAttribute;
  const output = await updateUserAttributesWith(runtime, {
    userAttributes: { [attributeKey]: value },
    ...(input.options === undefined ? {} : { options: input.options }),
  });
  return output[attributeKey] ?? { isUpdated: true, nextStep: { updateAttributeStep: 'DONE' } };
}

/** Updates one attribute (aws-amplify v6 updateUserAttribute). */
export async function updateUserAttribute(input: UpdateUserAttributeInput): Promise<UpdateUserAttributeOutput> {
  return updateUserAttributeWith(getAuthRuntime(), input);
}

/** confirmUserAttribute on a runtime: VerifyUserAttribute with the code (EmptyConfirmUserAttributeCode when missing). */
export async function confirmUserAttributeWith(runtime: AuthRuntime, input: ConfirmUserAttributeInput): Promise<void> {
  assertConfirmUserAttributeCode(input.confirmationCode);
  const tokens = await requireSignedIn(runtime);
  await callUserPool(runtime, 'VerifyUserAttribute', {
    AccessToken: tokens.accessToken.toString(),
    AttributeName: input.userAttributeKey,
    Code: input.confirmationCode,
  });
}

/** Confirms an email or phone attribute with the code sent (aws-amplify v6 confirmUserAttribute). */
export async function confirmUserAttribute(input: ConfirmUserAttributeInput): Promise<void> {
  return confirmUserAttributeWith(getAuthRuntime(), input);
}

/** sendUserAttributeVerificationCode on a runtime. */
export async function sendUserAttributeVerificationCodeWith(
  runtime: AuthRuntime,
  input: SendUserAttributeVerificationCodeInput,
): Promise<SendUserAttributeVerificationCodeOutput> {
  const tokens = await requireSignedIn(runtime);
  const clientMetadata = input.options?.clientMetadata;
  const response = await callUserPool(runtime, 'GetUserAttributeVerificationCode', {
    AccessToken: tokens.accessToken.toString(),
    AttributeName: input.userAttributeKey,
    ...(clientMetadata === undefined ? {} : { ClientMetadata: clientMetadata }),
  });
  return toCodeDeliveryDetails(response.CodeDeliveryDetails);
}

/** Sends a verification code for an email or phone attribute (aws-amplify v6 sendUserAttributeVerificationCode). */
export async function sendUserAttributeVerificationCode(
  input: SendUserAttributeVerificationCodeInput,
): Promise<SendUserAttributeVerificationCodeOutput> {
  return sendUserAttributeVerificationCodeWith(getAuthRuntime(), input);
}

/** deleteUserAttributes on a runtime. */
export async function deleteUserAttributesWith(runtime: AuthRuntime, input: DeleteUserAttributesInput): Promise<void> {
  const tokens = await requireSignedIn(runtime);
  await callUserPool(runtime, 'DeleteUserAttributes', {
    AccessToken: tokens.accessToken.toString(),
    UserAttributeNames: [...input.userAttributeKeys],
  });
}

/** Deletes attributes (aws-amplify v6 deleteUserAttributes). */
export async function deleteUserAttributes(input: DeleteUserAttributesInput): Promise<void> {
  return deleteUserAttributesWith(getAuthRuntime(), input);
}
