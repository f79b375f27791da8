export { configure, createAuthRuntime, getAuthRuntime, resetAuthRuntime } from './auth-runtime.js';
export type { AuthOptions, AuthRuntime, AuthRuntimeIO, Clock, LocationPort, PageLocation, RandomBytes, RedirectPort, ReplaceUrlPort } from './auth-runtime.js';
export type {
  PasskeyAuthenticationResponseJson,
  PasskeyCreateOptionsJson,
  PasskeyCredentialDescriptorJson,
  PasskeyGetOptionsJson,
  PasskeyRegistrationResponseJson,
  WebAuthnPort,
} from './web-authn-port.js';
export {
  authenticationToJson,
  base64UrlToBytes,
  bytesToBase64Url,
  createBrowserWebAuthn,
  registrationToJson,
  toCreationOptions,
  toRequestOptions,
} from './web-authn-browser.js';
export type { CredentialsContainerLike } from './web-authn-browser.js';
export { parsePasskeyCreateOptions, parsePasskeyGetOptions } from './web-authn-options.js';
