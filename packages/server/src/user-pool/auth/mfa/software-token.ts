// AssociateSoftwareToken and VerifySoftwareToken: setting up an authenticator app, either signed
// in (AccessToken) or in the middle of a sign-in at MFA_SETUP (Session, which moves on with each
// call so an older Session string stops working).
import { mfaChanges } from '../../users/mfa-preferences.js';
import { operationEvent } from '../../../audit/operation-audit.js';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { advanceAuthSession, loadAuthSession, recordAuthSessionFailure, type AuthSession } from '../../sessions/auth-sessions.js';
import { authenticatedUser } from '../../users/authenticated-user.js';
import { findUserBySub, updateUser, type UserRecord } from '../../users/user-repository.js';
import { defineOperation } from '../../operations/operation.js';
import { accessTokenSchema, object, optional, string } from '../../wire/input-schema.js';
import type { SignInState } from '../sign-in/sign-in-state.js';
import { acceptTotpCode, sealTotpSecret } from '../totp/totp-verification.js';
import { generateTotpSecret } from '../totp/totp.js';

const sessionSchema = string({ min: 20, max: 2048 });

/** The user a software-token call is about: from the access token, or from an MFA_SETUP session. */
interface SetupCaller {
  readonly user: UserRecord;
  readonly session?: AuthSession<SignInState>;
}

async function setupCaller(ctx: OperationContext, input: { AccessToken?: string; Session?: string }): Promise<SetupCaller> {
  if (input.AccessToken !== undefined) return { user: (await authenticatedUser(ctx, input.AccessToken)).user };
  if (input.Session === undefined) throw fail('InvalidParameterException', 'Either AccessToken or Session is required.');
  const session = await loadAuthSession<SignInState>(ctx, input.Session, null, 'MFA_SETUP');
  const user = session.userSub === null ? undefined : await findUserBySub(ctx.db, session.userSub);
  if (user === undefined || session.state.proven === undefined) throw fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');
  return { user, session };
}

/** AssociateSoftwareToken: a new TOTP secret (base32) kept as pending until verified. */
export const associateSoftwareToken = defineOperation(
  'AssociateSoftwareToken',
  object({ AccessToken: optional(accessTokenSchema), Session: optional(sessionSchema) }),
)
  .step('caller', (ctx, i) => setupCaller(ctx, i))
  .step('secret', () => generateTotpSecret())
  .do('keep the secret as pending, sealed', (ctx, _i, s) => updateUser(ctx.db, s.caller.user.sub, { totpPendingSecret: sealTotpSecret(ctx.secrets, s.caller.user.sub, s.secret) }, ctx.clock.now()))
  .step('session', (ctx, _i, s) =>
    s.caller.session === undefined ? undefined : advanceAuthSession(ctx, s.caller.session, { challengeName: 'MFA_SETUP', state: { ...s.caller.session.state, totpSetup: 'associated' } }),
  )
  .respond((_ctx, _i, s) => ({ SecretCode: s.secret, ...(s.session !== undefined ? { Session: s.session } : {}) }));

/** VerifySoftwareToken: the first code of the app proves it holds the pending secret, which becomes the user's TOTP MFA. */
export const verifySoftwareToken = defineOperation(
  'VerifySoftwareToken',
  object({
    AccessToken: optional(accessTokenSchema),
    Session: optional(sessionSchema),
    UserCode: string({ min: 6, max: 6, pattern: /^[0-9]+$/ }),
    FriendlyDeviceName: optional(string({ max: 256 })),
  }),
)
  .step('caller', (ctx, i) => setupCaller(ctx, i))
  .step('secret', (_ctx, _i, s) => {
    const pending = s.caller.user.totpPendingSecret;
    if (pending === null) throw fail('InvalidParameterException', 'No software token is being set up; call AssociateSoftwareToken first.');
    return pending;
  })
  .do('check the code', async (ctx, i, s) => {
    if (await acceptTotpCode(ctx, s.caller.user.sub, s.secret, i.UserCode)) return;
    if (s.caller.session !== undefined) await recordAuthSessionFailure(ctx, s.caller.session);
    throw fail('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA');
  })
  .do('make the secret the user’s TOTP MFA', (ctx, i, s) =>
    ctx.audit.change(
      (tx) =>
        updateUser(
          tx,
          s.caller.user.sub,
          { totpSecret: s.secret, totpPendingSecret: null, softwareTokenMfaEnabled: true, preferredMfa: s.caller.user.preferredMfa ?? 'SOFTWARE_TOKEN_MFA' },
          ctx.clock.now(),
        ),
      (after) =>
        operationEvent(ctx, 'mfa.totp_set_up', s.caller.user, {
          changes: mfaChanges(s.caller.user, after),
          details: { duringSignIn: s.caller.session !== undefined, ...(i.FriendlyDeviceName !== undefined ? { deviceName: i.FriendlyDeviceName } : {}) },
        }),
    ),
  )
  .step('session', (ctx, _i, s) =>
    s.caller.session === undefined ? undefined : advanceAuthSession(ctx, s.caller.session, { challengeName: 'MFA_SETUP', state: { ...s.caller.session.state, totpSetup: 'verified' } }),
  )
  .respond((_ctx, _i, s) => ({ Status: 'SUCCESS', ...(s.session !== undefined ? { Session: s.session } : {}) }));
