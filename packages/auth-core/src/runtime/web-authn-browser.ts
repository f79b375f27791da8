import type {
  PasskeyAuthenticationResponseJson,
  PasskeyCreateOptionsJson,
  PasskeyCredentialDescriptorJson,
  PasskeyGetOptionsJson,
  PasskeyRegistrationResponseJson,
  WebAuthnPort,
} from './web-authn-port.js';

import { base64ToBytes, bytesToBase64 } from '../srp/base64.js';

/** Decodes base64url (no padding needed) into bytes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  // One base64 codec for the whole package (srp/base64 accepts the URL-safe alphabet too).
  return base64ToBytes(text, 'base64url') as Uint8Array<ArrayBuffer>;
}

/** Encodes bytes as base64url without padding. */
export function bytesToBase64Url(bytes: ArrayBuffer | ArrayBufferView): string {
  const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return bytesToBase64(view).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The part of `navigator.credentials` the adapter uses. */
export interface CredentialsContainerLike {
  create(options: CredentialCreationOptions): Promise<Credential | null>;
  get(options: CredentialRequestOptions): Promise<Credential | null>;
}

function descriptors(list: PasskeyCredentialDescriptorJson[] | undefined): PublicKeyCredentialDescriptor[] | undefined {
  return list?.map((item) => ({
    type: item.type,
    id: base64UrlToBytes(item.id),
    ...(item.transports ? { transports: item.transports as AuthenticatorTransport[] } : {}),
  }));
}

/** Turns registration options JSON into the binary form navigator.credentials.create takes. */
export function toCreationOptions(json: PasskeyCreateOptionsJson): PublicKeyCredentialCreationOptions {
  const options: PublicKeyCredentialCreationOptions = {
    challenge: base64UrlToBytes(json.challenge),
    rp: json.rp,
    user: { ...json.user, id: base64UrlToBytes(json.user.id) },
    pubKeyCredParams: json.pubKeyCredParams,
  };
  if (json.timeout !== undefined) options.timeout = json.timeout;
  const exclude = descriptors(json.excludeCredentials);
  if (exclude !== undefined) options.excludeCredentials = exclude;
  if (json.authenticatorSelection !== undefined) {
    options.authenticatorSelection = json.authenticatorSelection as AuthenticatorSelectionCriteria;
  }
  if (json.attestation !== undefined) options.attestation = json.attestation as AttestationConveyancePreference;
  if (json.extensions !== undefined) options.extensions = json.extensions;
  return options;
}

/** Turns authentication options JSON into the binary form navigator.credentials.get takes. */
export function toRequestOptions(json: PasskeyGetOptionsJson): PublicKeyCredentialRequestOptions {
  const options: PublicKeyCredentialRequestOptions = { challenge: base64UrlToBytes(json.challenge) };
  if (json.timeout !== undefined) options.timeout = json.timeout;
  if (json.rpId !== undefined) options.rpId = json.rpId;
  const allow = descriptors(json.allowCredentials);
  if (allow !== undefined) options.allowCredentials = allow;
  if (json.userVerification !== undefined) options.userVerification = json.userVerification as UserVerificationRequirement;
  if (json.extensions !== undefined) options.extensions = json.extensions;
  return options;
}

interface PublicKeyCredentialLike {
  id: string;
  rawId: ArrayBuffer;
  type: string;
  authenticatorAttachment?: string | null;
  getClientExtensionResults(): Record<string, unknown>;
  response: unknown;
}

function asPublicKeyCredential(credential: Credential | null, operation: string): PublicKeyCredentialLike {
  if (credential === null || credential.type !== 'public-key') {
    throw Object.assign(new Error(`navigator.credentials.${operation} returned no public-key credential`), { name: 'UnknownError' });
  }
  return credential as unknown as PublicKeyCredentialLike;
}

function optionalString(value: string | null | undefined): { authenticatorAttachment?: string } {
  return value ? { authenticatorAttachment: value } : {};
}

/** Serialises a registration credential into RegistrationResponseJSON. */
export function registrationToJson(credential: Credential | null): PasskeyRegistrationResponseJson {
  const pk = asPublicKeyCredential(credential, 'create');
  const response = pk.response as AuthenticatorAttestationResponse;
  const json: PasskeyRegistrationResponseJson = {
    id: pk.id,
    rawId: bytesToBase64Url(pk.rawId),
    type: 'public-key',
    ...optionalString(pk.authenticatorAttachment),
    clientExtensionResults: pk.getClientExtensionResults(),
    response: {
      clientDataJSON: bytesToBase64Url(response.clientDataJSON),
      attestationObject: bytesToBase64Url(response.attestationObject),
    },
  };
  if (typeof response.getTransports === 'function') json.response.transports = response.getTransports();
  if (typeof response.getAuthenticatorData === 'function') json.response.authenticatorData = bytesToBase64Url(response.getAuthenticatorData());
  if (typeof response.getPublicKey === 'function') {
    const key = response.getPublicKey();
    if (key !== null) json.response.publicKey = bytesToBase64Url(key);
  }
  if (typeof response.getPublicKeyAlgorithm === 'function') json.response.publicKeyAlgorithm = response.getPublicKeyAlgorithm();
  return json;
}

/** Serialises an assertion credential into AuthenticationResponseJSON. */
export function authenticationToJson(credential: Credential | null): PasskeyAuthenticationResponseJson {
  const pk = asPublicKeyCredential(credential, 'get');
  const response = pk.response as AuthenticatorAssertionResponse;
  const json: PasskeyAuthenticationResponseJson = {
    id: pk.id,
    rawId: bytesToBase64Url(pk.rawId),
    type: 'public-key',
    ...optionalString(pk.authenticatorAttachment),
    clientExtensionResults: pk.getClientExtensionResults(),
    response: {
      clientDataJSON: bytesToBase64Url(response.clientDataJSON),
      authenticatorData: bytesToBase64Url(response.authenticatorData),
      signature: bytesToBase64Url(response.signature),
    },
  };
  if (response.userHandle !== null) json.response.userHandle = bytesToBase64Url(response.userHandle);
  return json;
}

function findCredentialsContainer(): CredentialsContainerLike | undefined {
  const nav = (globalThis as { navigator?: { credentials?: CredentialsContainerLike } }).navigator;
  const hasPublicKeyCredential = typeof (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential !== 'undefined';
  return hasPublicKeyCredential ? nav?.credentials : undefined;
}

/**
 * The browser WebAuthn adapter over navigator.credentials; in environments without WebAuthn
 * isSupported() is false and the ceremonies throw NotSupportedError.
 */
export function createBrowserWebAuthn(container: CredentialsContainerLike | undefined = findCredentialsContainer()): WebAuthnPort {
  const unsupported = () => Object.assign(new Error('WebAuthn is not available in this environment'), { name: 'NotSupportedError' });
  return {
    isSupported: () => container !== undefined,
    async create(options) {
      if (container === undefined) throw unsupported();
      return registrationToJson(await container.create({ publicKey: toCreationOptions(options) }));
    },
    async get(options) {
      if (container === undefined) throw unsupported();
      return authenticationToJson(await container.get({ publicKey: toRequestOptions(options) }));
    },
  };
}
