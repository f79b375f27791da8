import type { AuthTOTPSetupDetails } from './types.js';

// Characters that would change the link's structure: escaped; every other character is left to the
// URL parser, which percent-encodes it as it does for aws-amplify's link (spaces and quotes as %20
// and %22, "@" kept), so both libraries give the same href.
const LABEL_UNSAFE = /[%?#]/g;
const QUERY_UNSAFE = /[%&#+]/g;

function escape(text: string, unsafe: RegExp): string {
  return text.replace(unsafe, (character) => encodeURIComponent(character));
}

/**
 * The standard authenticator link (Key URI format), as aws-amplify builds it:
 * otpauth://totp/{issuer}:{account}?secret={secret}&issuer={issuer}. "%", "?" and "#" in the label
 * (and "&", "+" in the query) are percent-encoded, so any name survives; spaces are %20, never "+".
 */
export function buildTotpSetupUri(input: { issuer: string; accountName: string; secret: string }): URL {
  const label = `${escape(input.issuer, LABEL_UNSAFE)}:${escape(input.accountName, LABEL_UNSAFE)}`;
  const query = `secret=${escape(input.secret, QUERY_UNSAFE)}&issuer=${escape(input.issuer, QUERY_UNSAFE)}`;
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
