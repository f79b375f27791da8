// The WEB_AUTHN challenge of USER_AUTH: CREDENTIAL_REQUEST_OPTIONS for navigator.credentials.get()
// and the check of the assertion (CREDENTIAL). A passkey whose authenticator verified the user
// (PIN, biometrics) is two factors in one; without user verification it counts as one.
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON, type AuthenticatorTransportFuture } from '@simplewebauthn/server';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import type { PoolRecord } from '../../pools/pool-repository.js';
import type { UserRecord } from '../../users/user-repository.js';
import type { ProvenFactor } from '../sign-in/sign-in-state.js';
import { findPasskey, listPasskeys, recordPasskeyUse } from './credential-repository.js';
import { allowedOrigin, ceremonyOrigin, relyingParty } from './relying-party.js';

/** The request options (JSON text for CREDENTIAL_REQUEST_OPTIONS) and their challenge. */
export async function passkeyRequestOptions(ctx: OperationContext, pool: PoolRecord, user: UserRecord): Promise<{ json: string; challenge: string }> {
  const rp = relyingParty(ctx, pool);
  const passkeys = await listPasskeys(ctx.db, user.sub);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: [...p.transports] as AuthenticatorTransportFuture[] })),
    userVerification: rp.userVerification,
    timeout: ctx.config.authSessionTtlSeconds * 1000,
  });
  return { json: JSON.stringify(options), challenge: options.challenge };
}

/** True when the user has at least one passkey (WEB_AUTHN is then offered). */
export async function hasPasskey(ctx: OperationContext, user: UserRecord): Promise<boolean> {
  return (await listPasskeys(ctx.db, user.sub, { limit: 1 })).length > 0;
}

/**
 * Verifies a CREDENTIAL answer against the challenge handed out. Returns the factor it proves,
 * or undefined when the assertion is not valid for this user (unknown credential, wrong
 * signature, challenge, origin or relying party, or a signature counter that went backwards).
 */
export async function verifyPasskeyAssertion(ctx: OperationContext, pool: PoolRecord, user: UserRecord, credentialJson: string, challenge: string): Promise<ProvenFactor | undefined> {
  let response: AuthenticationResponseJSON;
  try {
    response = JSON.parse(credentialJson) as AuthenticationResponseJSON;
  } catch {
    throw fail('InvalidParameterException', 'CREDENTIAL must be the JSON of a WebAuthn assertion.');
  }
  if (typeof response !== 'object' || response === null || typeof response.id !== 'string') throw fail('InvalidParameterException', 'CREDENTIAL must be the JSON of a WebAuthn assertion.');
  const passkey = await findPasskey(ctx.db, user.sub, response.id);
  if (passkey === undefined) return undefined;
  const rp = relyingParty(ctx, pool);
  const origin = allowedOrigin(rp, ceremonyOrigin((response.response as { clientDataJSON?: unknown } | undefined)?.clientDataJSON));
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: passkey.relyingPartyId,
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.signCount, transports: [...passkey.transports] as AuthenticatorTransportFuture[] },
      requireUserVerification: rp.userVerification === 'required',
    });
    if (!result.verified) return undefined;
    await recordPasskeyUse(ctx.db, passkey.credentialId, result.authenticationInfo.newCounter, ctx.clock.now());
    return result.authenticationInfo.userVerified ? 'passkey-verified-user' : 'passkey';
  } catch {
    return undefined;
  }
}
