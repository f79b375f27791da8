// StartWebAuthnRegistration / CompleteWebAuthnRegistration / ListWebAuthnCredentials /
// DeleteWebAuthnCredential. The registration challenge waits in auth_sessions (one per user,
// expiring with the challenge-session lifetime) so any server process can complete it.
import { operationEvent } from '../../../audit/operation-audit.js';
import { generateRegistrationOptions, verifyRegistrationResponse, type AuthenticatorTransportFuture, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { fail, isServiceError } from '../../../errors/catalogue.js';
import { epochSeconds } from '../../../time/clock.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { defineOperation } from '../../operations/operation.js';
import { createAuthSession, openSessionState } from '../../sessions/auth-sessions.js';
import { authenticatedUser } from '../../users/authenticated-user.js';
import { accessTokenSchema, integer, object, optional, string } from '../../wire/input-schema.js';
import { deletePasskey, insertPasskey, listPasskeys } from './credential-repository.js';
import { documentSchema } from './document-schema.js';
import { allowedOrigin, ceremonyOrigin, relyingParty } from './relying-party.js';

/** Most passkeys one user may register (Cognito's limit). */
export const MAX_PASSKEYS_PER_USER = 20;

const REGISTRATION = 'WEB_AUTHN_REGISTRATION';

async function pendingRegistration(ctx: OperationContext, userSub: string): Promise<string | undefined> {
  const rows = await ctx.db.query<{ id: string; state: unknown }>(
    `DELETE FROM auth_sessions WHERE user_sub = $1 AND challenge_name = $2 AND expires_at > $3 RETURNING id, state`,
    [userSub, REGISTRATION, ctx.clock.now()],
  );
  const row = rows[0];
  return row === undefined ? undefined : openSessionState<{ challenge?: string }>(ctx.secrets, row.id, row.state).challenge;
}

/** StartWebAuthnRegistration: credential creation options for navigator.credentials.create(). */
export const startWebAuthnRegistration = defineOperation('StartWebAuthnRegistration', object({ AccessToken: accessTokenSchema }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('existing', (ctx, _i, s) => listPasskeys(ctx.db, s.caller.user.sub))
  .do('check the passkey limit', (_ctx, _i, s) => {
    if (s.existing.length >= MAX_PASSKEYS_PER_USER) throw fail('LimitExceededException', `A user may register at most ${MAX_PASSKEYS_PER_USER} passkeys.`);
  })
  .step('options', (ctx, _i, s) => {
    const rp = relyingParty(ctx, s.caller.pool);
    const { user } = s.caller;
    return generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userID: new TextEncoder().encode(user.sub),
      userName: user.username,
      userDisplayName: user.attributes.email ?? user.username,
      attestationType: 'none',
      excludeCredentials: s.existing.map((p) => ({ id: p.credentialId, transports: [...p.transports] as AuthenticatorTransportFuture[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: rp.userVerification },
      supportedAlgorithmIDs: [-7, -257],
    });
  })
  .do('keep the challenge', async (ctx, _i, s) => {
    await ctx.db.query('DELETE FROM auth_sessions WHERE user_sub = $1 AND challenge_name = $2', [s.caller.user.sub, REGISTRATION]);
    await createAuthSession(ctx, { poolId: s.caller.pool.id, clientId: s.caller.claims.client_id, userSub: s.caller.user.sub, challengeName: REGISTRATION, state: { challenge: s.options.challenge } });
  })
  .respond((_ctx, _i, s) => ({ CredentialCreationOptions: s.options }));

/** CompleteWebAuthnRegistration: verifies the authenticator's attestation and stores the passkey. */
export const completeWebAuthnRegistration = defineOperation('CompleteWebAuthnRegistration', object({ AccessToken: accessTokenSchema, Credential: documentSchema() }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('challenge', async (ctx, _i, s) => {
    const challenge = await pendingRegistration(ctx, s.caller.user.sub);
    if (challenge === undefined) throw fail('WebAuthnChallengeNotFoundException', 'No passkey registration is in progress, or it expired; call StartWebAuthnRegistration again.');
    return challenge;
  })
  .step('verified', async (ctx, i, s) => {
    const rp = relyingParty(ctx, s.caller.pool);
    const response = i.Credential as unknown as RegistrationResponseJSON;
    const origin = allowedOrigin(rp, ceremonyOrigin((i.Credential.response as { clientDataJSON?: unknown } | undefined)?.clientDataJSON));
    try {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: s.challenge,
        expectedOrigin: origin,
        expectedRPID: rp.id,
        requireUserVerification: rp.userVerification === 'required',
        supportedAlgorithmIDs: [-7, -257],
      });
      if (!result.verified) throw fail('WebAuthnCredentialNotSupportedException', 'The passkey registration could not be verified.');
      return { info: result.registrationInfo, rp, attachment: typeof response.authenticatorAttachment === 'string' ? response.authenticatorAttachment : null };
    } catch (error) {
      if (isServiceError(error)) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (/rp ?id/i.test(message)) throw fail('WebAuthnRelyingPartyMismatchException', 'The passkey was created for another relying party.');
      throw fail('WebAuthnCredentialNotSupportedException', `The passkey registration could not be verified: ${message.slice(0, 200)}`);
    }
  })
  .do('store the passkey', async (ctx, _i, s) => {
    const { credential } = s.verified.info;
    const stored = await ctx.audit.change(
      (tx) =>
        insertPasskey(
      tx,
      {
        credentialId: credential.id,
        poolId: s.caller.pool.id,
        userSub: s.caller.user.sub,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        signCount: credential.counter,
        transports: credential.transports ?? [],
        friendlyName: null,
        relyingPartyId: s.verified.rp.id,
        authenticatorAttachment: s.verified.attachment,
      },
      ctx.clock.now(),
        ),
      (inserted) => (inserted ? operationEvent(ctx, 'passkey.registered', s.caller.user, { details: { credentialId: credential.id, relyingPartyId: s.verified.rp.id } }) : undefined),
    );
    if (!stored) throw fail('WebAuthnCredentialNotSupportedException', 'This passkey is already registered.');
  })
  .respond(() => ({}));

/** ListWebAuthnCredentials: the user's passkeys, paged with NextToken. */
export const listWebAuthnCredentials = defineOperation(
  'ListWebAuthnCredentials',
  object({ AccessToken: accessTokenSchema, NextToken: optional(string({ min: 1, max: 2048 })), MaxResults: optional(integer(1, 20)) }),
)
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .step('page', async (ctx, i, s) => {
    const limit = i.MaxResults ?? 20;
    const afterId = i.NextToken === undefined ? undefined : Buffer.from(i.NextToken, 'base64url').toString('utf8');
    const found = await listPasskeys(ctx.db, s.caller.user.sub, { ...(afterId !== undefined ? { afterId } : {}), limit: limit + 1 });
    return { passkeys: found.slice(0, limit), more: found.length > limit };
  })
  .respond((_ctx, _i, s) => {
    const last = s.page.passkeys[s.page.passkeys.length - 1];
    return {
      Credentials: s.page.passkeys.map((p) => ({
        CredentialId: p.credentialId,
        FriendlyCredentialName: p.friendlyName ?? 'Passkey',
        RelyingPartyId: p.relyingPartyId,
        ...(p.authenticatorAttachment !== null ? { AuthenticatorAttachment: p.authenticatorAttachment } : {}),
        AuthenticatorTransports: [...p.transports],
        CreatedAt: epochSeconds(p.createdAt),
      })),
      ...(s.page.more && last !== undefined ? { NextToken: Buffer.from(last.credentialId).toString('base64url') } : {}),
    };
  });

/** DeleteWebAuthnCredential. */
export const deleteWebAuthnCredential = defineOperation('DeleteWebAuthnCredential', object({ AccessToken: accessTokenSchema, CredentialId: string({ min: 1, max: 1024 }) }))
  .step('caller', (ctx, i) => authenticatedUser(ctx, i.AccessToken))
  .do('delete the passkey', async (ctx, i, s) => {
    const deleted = await ctx.audit.change(
      (tx) => deletePasskey(tx, s.caller.user.sub, i.CredentialId),
      (done) => (done ? operationEvent(ctx, 'passkey.deleted', s.caller.user, { details: { credentialId: i.CredentialId } }) : undefined),
    );
    if (!deleted) throw fail('ResourceNotFoundException', 'The passkey does not exist.');
  })
  .respond(() => ({}));
