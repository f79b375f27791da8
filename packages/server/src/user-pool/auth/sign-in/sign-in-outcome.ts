// The result of one step of a sign-in, and how it goes on the wire: a challenge under a Session
// string (a new session, or the current one moved on so the old string stops working), or tokens
// (the session is claimed first, atomically, so one Session can never yield two sets of tokens).
import { USER_POOL_API_SCOPE, type AuthenticationResult } from '../../../tokens/token-service.js';
import { triggerTarget } from '../../triggers/lambda-config.js';
import { SqlParams } from '../../../db/sql-params.js';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import type { ClientRecord, PoolRecord } from '../../pools/pool-repository.js';
import { advanceAuthSession, createAuthSession, type AuthSession } from '../../sessions/auth-sessions.js';
import { groupsOfUser, groupsOfUserSql, type UserRecord } from '../../users/user-repository.js';
import { poolSessionConfiguration } from '../../user-sessions/session-configuration.js';
import { deviceNameOf } from '../../../audit/device-name.js';
import { endSessionsBeyondLimit } from '../../user-sessions/user-session-repository.js';
import { newDeviceKeys, pendingDeviceCtes, touchDeviceCte } from '../devices/device-repository.js';
import { recordTotpStepCtes } from '../totp/totp-verification.js';
import { passwordLockoutKey } from '../flows/password-check.js';
import { runPostAuthentication } from '../../triggers/authentication.js';
import { signInSucceeded, type SignInProof } from './sign-in-audit.js';
import type { ChallengeName, FirstFactor, SignInState } from './sign-in-state.js';

/** The app client and pool a sign-in runs in. */
export interface SignInScope {
  readonly client: ClientRecord;
  readonly pool: PoolRecord;
}

/** What a step of a sign-in produced. */
export type SignInOutcome =
  | {
      readonly kind: 'challenge';
      readonly challengeName: ChallengeName;
      readonly parameters: Readonly<Record<string, string>>;
      readonly state: SignInState;
      readonly userSub: string | null;
      readonly availableChallenges?: readonly FirstFactor[];
    }
  | {
      readonly kind: 'tokens';
      readonly user: UserRecord;
      readonly deviceKey: string | null;
      readonly offerNewDevice: boolean;
      /** A TOTP step to record in the statement that ends the sign-in: nothing else happens unless it was unused. */
      readonly totpStep?: TotpStepGuard;
      /** How the sign-in proved who it is, for its audit event. */
      readonly proof?: SignInProof;
    }
  | { readonly kind: 'refreshed'; readonly result: AuthenticationResult };

/** The TOTP step an answer matched, recorded (replay guard) in the statement that ends the sign-in. */
export interface TotpStepGuard {
  readonly step: bigint;
  readonly now: Date;
  /** What a step used before means: counts a wrong code and throws. */
  readonly replayed: () => Promise<never>;
}

/** InitiateAuth's and RespondToAuthChallenge's response body. */
export interface SignInResponse {
  ChallengeName?: ChallengeName;
  Session?: string;
  ChallengeParameters: Record<string, string>;
  AuthenticationResult?: AuthenticationResult;
  AvailableChallenges?: FirstFactor[];
}

/** A challenge outcome. */
export function challenge(
  challengeName: ChallengeName,
  parameters: Readonly<Record<string, string>>,
  state: SignInState,
  userSub: string | null,
  availableChallenges?: readonly FirstFactor[],
): SignInOutcome {
  return { kind: 'challenge', challengeName, parameters, state, userSub, ...(availableChallenges !== undefined ? { availableChallenges } : {}) };
}

const sessionExpired = (): Error => fail('NotAuthorizedException', 'Invalid session for the user, session is expired.');

/** Device tracking is on unless the pool's settings say `"deviceTracking": false`. */
export function deviceTrackingOn(pool: PoolRecord): boolean {
  return pool.settings.deviceTracking !== false;
}

/**
 * The lockout counters a sign-in at `state` has earned a reset of: the password's once it was
 * proven, the MFA codes' once MFA was answered. Each guess was counted before it was checked, so
 * the success is forgotten here, in the statement that moves the sign-in on.
 */
function failuresToClear(ctx: OperationContext, state: SignInState, userSub: string | null): string[] {
  if (userSub === null) return [];
  const keys: string[] = [];
  if (state.proven === 'password' || state.proven === 'custom-with-password') keys.push(ctx.lockout.userKey('password', userSub));
  if (state.mfaDone === true) keys.push(ctx.lockout.userKey('mfa', userSub));
  return keys;
}

/** Challenges whose answer is a guessed code, counted on the user's MFA lockout counter. */
const CODE_CHALLENGES: ReadonlySet<ChallengeName> = new Set(['SOFTWARE_TOKEN_MFA', 'SMS_MFA', 'EMAIL_OTP', 'SMS_OTP', 'CUSTOM_CHALLENGE', 'DEVICE_PASSWORD_VERIFIER']);

/**
 * The lockout counter an answer to `challengeName` is a guess on (stored with the session, so the
 * statement that loads it for the answer counts the guess first): the password's (or, for a name
 * no user has, the name's) for PASSWORD_VERIFIER, the MFA counter for code challenges.
 */
export function guessKeyOf(ctx: OperationContext, pool: Pick<PoolRecord, 'id' | 'settings'>, challengeName: ChallengeName, state: SignInState, userSub: string | null): string | null {
  if (challengeName === 'PASSWORD_VERIFIER') return passwordLockoutKey(ctx, pool, state.decoy === true || userSub === null ? undefined : { sub: userSub }, state.username);
  return CODE_CHALLENGES.has(challengeName) && userSub !== null ? ctx.lockout.userKey('mfa', userSub) : null;
}

/** Puts an outcome on the wire (creating, moving on or claiming the challenge session). `clientMetadata`: the call's, for the triggers a completed sign-in asks. */
export async function sendOutcome(
  ctx: OperationContext,
  scope: SignInScope,
  outcome: SignInOutcome,
  current?: AuthSession<object>,
  clientMetadata?: Readonly<Record<string, string>>,
): Promise<SignInResponse> {
  switch (outcome.kind) {
    case 'challenge': {
      const { challengeName, state, userSub } = outcome;
      const clearFailures = failuresToClear(ctx, state, userSub);
      const guessKey = guessKeyOf(ctx, scope.pool, challengeName, state, userSub);
      const session =
        current === undefined
          ? await createAuthSession(ctx, { poolId: scope.pool.id, clientId: scope.client.id, userSub, challengeName, state, clearFailures, guessKey })
          : await advanceAuthSession(ctx, current, { challengeName, state, userSub, clearFailures, guessKey });
      return {
        ChallengeName: challengeName,
        Session: session,
        ChallengeParameters: { ...outcome.parameters },
        ...(outcome.availableChallenges !== undefined ? { AvailableChallenges: [...outcome.availableChallenges] } : {}),
      };
    }
    case 'tokens':
      return sendTokens(ctx, scope, outcome, current, clientMetadata);
    case 'refreshed':
      return { ChallengeParameters: {}, AuthenticationResult: outcome.result };
  }
}

/**
 * Ends a sign-in with tokens in one statement of data-modifying CTEs, each part conditional on the
 * one before: the TOTP step is recorded (if the outcome carries one), then the session is claimed
 * (only if the step was new; a claim fails when another request already used the session), then
 * the user's lockout counters are cleared, the device created or touched and the origin of the
 * tokens stored (only if the claim succeeded). The code then says which part stopped it.
 */
async function sendTokens(
  ctx: OperationContext,
  scope: SignInScope,
  outcome: Extract<SignInOutcome, { kind: 'tokens' }>,
  current: AuthSession<object> | undefined,
  clientMetadata: Readonly<Record<string, string>> | undefined,
): Promise<SignInResponse> {
  const { user } = outcome;
  // Every factor is proven: PostAuthentication may still refuse, before anything is claimed or issued.
  await runPostAuthentication(ctx, scope, user, { newDeviceUsed: outcome.deviceKey === null && outcome.offerNewDevice, clientMetadata });
  // PreTokenGeneration too, so that its refusal leaves no sign-in stored (the statement below records one).
  const customization =
    triggerTarget(scope.pool, 'PreTokenGeneration') === undefined
      ? undefined
      : await ctx.tokens.customize({ client: scope.client, user, groups: await groupsOfUser(ctx.db, user.sub), scopes: [USER_POOL_API_SCOPE], source: ctx.caller.kind === 'managed-login' ? 'HostedAuth' : 'Authentication', pool: scope.pool, ...(clientMetadata !== undefined ? { clientMetadata } : {}) });
  const now = ctx.clock.now();
  const params = new SqlParams();
  const ctes: string[] = [];
  let gate = 'true';
  if (outcome.totpStep !== undefined) {
    ctes.push(...recordTotpStepCtes(params, 'fresh_step', { userSub: user.sub, step: outcome.totpStep.step, now: outcome.totpStep.now }));
    gate = 'EXISTS (SELECT 1 FROM fresh_step)';
  }
  if (current !== undefined) {
    ctes.push(`claimed AS (DELETE FROM auth_sessions WHERE id = ${params.add(current.id)}::text AND ${gate} RETURNING 1)`);
    gate = 'EXISTS (SELECT 1 FROM claimed)';
  }
  // A completed sign-in proved every factor it asked for: each was counted before it was checked.
  ctes.push(ctx.lockout.clearFailuresCte(params, 'cleared', [ctx.lockout.userKey('password', user.sub), ctx.lockout.userKey('mfa', user.sub)], gate));
  let deviceKey = outcome.deviceKey;
  let newDevice: { DeviceKey: string; DeviceGroupKey: string } | undefined;
  // The hosted login page remembers no devices (as Cognito's hosted UI): its browser has nowhere to keep a device's keys.
  if (deviceKey === null && outcome.offerNewDevice && deviceTrackingOn(scope.pool) && ctx.caller.kind !== 'managed-login') {
    const keys = newDeviceKeys(user.poolId);
    ctes.push(...pendingDeviceCtes(params, 'new_device', { ...keys, poolId: user.poolId, userSub: user.sub, ip: ctx.request.ip, now }, gate));
    deviceKey = keys.deviceKey;
    newDevice = { DeviceKey: keys.deviceKey, DeviceGroupKey: keys.deviceGroupKey };
  } else if (deviceKey !== null) {
    ctes.push(touchDeviceCte(params, 'touched_device', { deviceKey, ip: ctx.request.ip, now }, gate));
  }
  const deviceType = deviceNameOf(ctx.request.userAgent);
  const from = { ip: ctx.request.ip, ...(deviceType !== undefined ? { deviceType } : {}) };
  const origin = ctx.tokens.newOrigin({ client: scope.client, user, authTime: now, deviceKey, from, pool: scope.pool, ...(customization !== undefined ? { customization } : {}) });
  ctes.push(ctx.tokens.originInsertCte(origin, params, 'origin', gate));
  // The sign_in row rides on the same statement, after the claim it depends on: tokens exist exactly when it does.
  const audited = ctx.audit.appendExpression(params, signInSucceeded(ctx, scope, user, outcome.proof), gate);
  const rows = await ctx.db.query<{ fresh: boolean; claimed: boolean; groups: string[] }>(
    `WITH ${ctes.join(',\n')}
     SELECT ${outcome.totpStep !== undefined ? 'EXISTS (SELECT 1 FROM fresh_step)' : 'true'} AS fresh, ${current !== undefined ? 'EXISTS (SELECT 1 FROM claimed)' : 'true'} AS claimed,
            ARRAY(${groupsOfUserSql(`${params.add(user.sub)}::uuid`)}) AS groups, ${audited} AS audited`,
    params.values,
  );
  const row = rows[0];
  if (row === undefined) throw new Error('the statement ending a sign-in returned no row');
  if (!row.fresh && outcome.totpStep !== undefined) await outcome.totpStep.replayed();
  if (!row.claimed) throw sessionExpired();
  // The pool's MaxPerUser token sessions (session tracking on): the least recently used beyond it
  // end now. Not for the hosted page's own sign-in, which becomes an SSO session, not a token session.
  if (ctx.caller.kind !== 'managed-login' && poolSessionConfiguration(scope.pool).UserSessionTracking === 'ENABLED') {
    await endSessionsBeyondLimit(ctx, scope.pool.id, user, origin.originJti);
  }
  const result = await ctx.tokens.tokensForOrigin(origin, row.groups);
  return { ChallengeParameters: {}, AuthenticationResult: { ...result, ...(newDevice !== undefined ? { NewDeviceMetadata: newDevice } : {}) } };
}
