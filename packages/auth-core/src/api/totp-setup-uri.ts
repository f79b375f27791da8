import type { AuthTOTPSetupDetails } from './types.js';

/**
 * The standard authenticator link (Key URI format):
 * otpauth://totp/{issuer}:{account}?secret={secret}&issuer={issuer}, label parts URL-encoded.
 */
export function buildTotpSetupUri(input: { issuer: string; accountName: string; secret: string }): URL {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.accountName)}`;
  // %20, not URLSearchParams' "+": authenticator apps read "+" literally.
  const query = `secret=${encodeURIComponent(input.secret)}&issuer=${encodeURIComponent(input.issuer)}`;
  return new URL(`otpauth://totp/${label}?${query}`);
}

/** TOTP setup details for `username`: the shared secret and getSetupUri(appName, accountName = username). */
export function createTotpSetupDetails(sharedSecret: string, username: string): AuthTOTPSetupDetails {
  return {
    sharedSecret,
    getSetupUri: (appName: string, accountName?: string) =>
      buildTotpSetupUri({ issuer: appName, accountName: accountName ?? username, secret: sharedSecret }),
  };
}
