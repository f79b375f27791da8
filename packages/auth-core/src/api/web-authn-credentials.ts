import { callUserPool } from '../cognito/user-pool-client.js';
import type { WebAuthnCredentialDescription } from '../cognito/user-pool-operations.js';
import { PasskeyError } from '../errors/auth-errors.js';
import { PasskeyNotSupported } from '../errors/catalogue.js';
import { toPasskeyRegistrationError } from '../errors/passkey-errors.js';
import { getAuthRuntime } from '../runtime/auth-runtime.js';
import type { AuthRuntime } from '../runtime/auth-runtime.js';
import { parsePasskeyCreateOptions } from '../runtime/web-authn-options.js';
import type { PasskeyRegistrationResponseJson } from '../runtime/web-authn-port.js';
import { requireSignedIn } from '../tokens/auth-session.js';
import type {
  AuthWebAuthnCredential,
  DeleteWebAuthnCredentialInput,
  ListWebAuthnCredentialsInput,
  ListWebAuthnCredentialsOutput,
} from './types.js';

/**
 * associateWebAuthnCredential on a runtime: StartWebAuthnRegistration, the platform ceremony
 * through the WebAuthn port, CompleteWebAuthnRegistration. Ceremony failures become PasskeyErrors.
 */
export async function associateWebAuthnCredentialWith(runtime: AuthRuntime): Promise<void> {
  const tokens = await requireSignedIn(runtime);
  if (!runtime.webAuthn.isSupported()) throw new PasskeyError(PasskeyNotSupported);
  const accessToken = tokens.accessToken.toString();
  const start = await callUserPool(runtime, 'StartWebAuthnRegistration', { AccessToken: accessToken });
  const options = parsePasskeyCreateOptions(start.CredentialCreationOptions);
  let credential: PasskeyRegistrationResponseJson;
  try {
    credential = await runtime.webAuthn.create(options);
  } catch (error) {
    throw toPasskeyRegistrationError(error);
  }
  await callUserPool(runtime, 'CompleteWebAuthnRegistration', {
    AccessToken: accessToken,
    Credential: credential as unknown as Record<string, unknown>,
  });
}

/** Registers a passkey for the signed-in user (aws-amplify v6 associateWebAuthnCredential). */
export async function associateWebAuthnCredential(): Promise<void> {
  return associateWebAuthnCredentialWith(getAuthRuntime());
}

/** Converts Cognito's WebAuthnCredentialDescription into aws-amplify's AuthWebAuthnCredential. */
export function toAuthWebAuthnCredential(description: WebAuthnCredentialDescription): AuthWebAuthnCredential {
  const credential: AuthWebAuthnCredential = {
    credentialId: description.CredentialId,
    friendlyCredentialName: description.FriendlyCredentialName,
    relyingPartyId: description.RelyingPartyId,
    authenticatorTransports: description.AuthenticatorTransports,
    createdAt: typeof description.CreatedAt === 'number' ? new Date(description.CreatedAt * 1000) : undefined,
  };
  if (description.AuthenticatorAttachment !== undefined) credential.authenticatorAttachment = description.AuthenticatorAttachment;
  return credential;
}

/** listWebAuthnCredentials on a runtime: one page of ListWebAuthnCredentials. */
export async function listWebAuthnCredentialsWith(
  runtime: AuthRuntime,
  input: ListWebAuthnCredentialsInput = {},
): Promise<ListWebAuthnCredentialsOutput> {
  const tokens = await requireSignedIn(runtime);
  const response = await callUserPool(runtime, 'ListWebAuthnCredentials', {
    AccessToken: tokens.accessToken.toString(),
    ...(input.pageSize === undefined ? {} : { MaxResults: input.pageSize }),
    ...(input.nextToken === undefined ? {} : { NextToken: input.nextToken }),
  });
  const output: ListWebAuthnCredentialsOutput = { credentials: (response.Credentials ?? []).map(toAuthWebAuthnCredential) };
  if (response.NextToken !== undefined && response.NextToken !== '') output.nextToken = response.NextToken;
  return output;
}

/** Lists the user's passkeys (aws-amplify v6 listWebAuthnCredentials). */
export async function listWebAuthnCredentials(input?: ListWebAuthnCredentialsInput): Promise<ListWebAuthnCredentialsOutput> {
  return listWebAuthnCredentialsWith(getAuthRuntime(), input);
}

/** deleteWebAuthnCredential on a runtime. */
export async function deleteWebAuthnCredentialWith(runtime: AuthRuntime, input: DeleteWebAuthnCredentialInput): Promise<void> {
  const tokens = await requireSignedIn(runtime);
  await callUserPool(runtime, 'DeleteWebAuthnCredential', { AccessToken: tokens.accessToken.toString(), CredentialId: input.credentialId });
}

/** Deletes one of the user's passkeys (aws-amplify v6 deleteWebAuthnCredential). */
export async function deleteWebAuthnCredential(input: DeleteWebAuthnCredentialInput): Promise<void> {
  return deleteWebAuthnCredentialWith(getAuthRuntime(), input);
}
