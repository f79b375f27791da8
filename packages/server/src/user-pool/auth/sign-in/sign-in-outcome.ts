// The result of one step of a sign-in, and how it goes on the wire: a challenge under a Session
// string (a new session, or the current one moved on so the old string stops working), or tokens
// (the session is claimed first, atomically, so one Session can never yield two sets of tokens).
import type { AuthenticationResult } from '../../../tokens/token-service.js';
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import type { ClientRecord, PoolRecord } from '../../pools/pool-repository.js';
import { advanceAuthSession, createAuthSession, type AuthSession } from '../../sessions/auth-sessions.js';
import type { UserRecord } from '../../users/user-repository.js';
import { createPendingDevice, touchDevice } from '../devices/device-repository.js';
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
  | { readonly kind: 'tokens'; readonly user: UserRecord; readonly deviceKey: string | null; readonly offerNewDevice: boolean }
  | { readonly kind: 'refreshed'; readonly result: AuthenticationResult };

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

/**
 * Deletes the session if it still exists; NotAuthorizedException when another request already used it.
 * With `clearCounterKey`, the same statement deletes that rate-limit counter, only when the claim succeeded
 * (one round trip for what a successful sign-in ends with).
 */
export async function claimAuthSession(ctx: Pick<OperationContext, 'db'>, current: Pick<AuthSession<object>, 'id'>, clearCounterKey?: string): Promise<void> {
  const rows =
    clearCounterKey === undefined
      ? await ctx.db.query('DELETE FROM auth_sessions WHERE id = $1 RETURNING 1', [current.id])
      : await ctx.db.query(
          `WITH claimed AS (DELETE FROM auth_sessions WHERE id = $1 RETURNING 1),
                cleared AS (DELETE FROM rate_limit_counters WHERE key = $2 AND EXISTS (SELECT 1 FROM claimed) RETURNING 1)
           SELECT 1 FROM claimed`,
          [current.id, clearCounterKey],
        );
  if (rows.length === 0) throw sessionExpired();
}

/** Device tracking is on unless the pool's settings say `"deviceTracking": false`. */
export function deviceTrackingOn(pool: PoolRecord): boolean {
  return pool.settings.deviceTracking !== false;
}

/** Puts an outcome on the wire (creating, moving on or claiming the challenge session). */
export async function sendOutcome(ctx: OperationContext, scope: SignInScope, outcome: SignInOutcome, current?: AuthSession<object>): Promise<SignInResponse> {
  switch (outcome.kind) {
    case 'challenge': {
      const { challengeName, state, userSub } = outcome;
      const session =
        current === undefined
          ? await createAuthSession(ctx, { poolId: scope.pool.id, clientId: scope.client.id, userSub, challengeName, state })
          : await advanceAuthSession(ctx, current, { challengeName, state, userSub });
      return {
        ChallengeName: challengeName,
        Session: session,
        ChallengeParameters: { ...outcome.parameters },
        ...(outcome.availableChallenges !== undefined ? { AvailableChallenges: [...outcome.availableChallenges] } : {}),
      };
    }
    case 'tokens': {
      const { user } = outcome;
      // A proven sign-in forgets earlier wrong passwords; with a session, in the statement that claims it.
      if (current !== undefined) await claimAuthSession(ctx, current, ctx.limits.wrongPasswordKey(user.sub));
      const now = ctx.clock.now();
      let deviceKey = outcome.deviceKey;
      let newDevice: { DeviceKey: string; DeviceGroupKey: string } | undefined;
      if (deviceKey === null && outcome.offerNewDevice && deviceTrackingOn(scope.pool)) {
        const device = await createPendingDevice(ctx.db, { poolId: user.poolId, userSub: user.sub, ip: ctx.request.ip, now });
        deviceKey = device.deviceKey;
        newDevice = { DeviceKey: device.deviceKey, DeviceGroupKey: device.deviceGroupKey };
      } else if (deviceKey !== null) {
        await touchDevice(ctx.db, deviceKey, ctx.request.ip, now);
      }
      const result = await ctx.tokens.issueForSignIn({ client: scope.client, user, authTime: now, deviceKey });
      if (current === undefined) await ctx.limits.clearWrongPasswords(user.sub);
      return { ChallengeParameters: {}, AuthenticationResult: { ...result, ...(newDevice !== undefined ? { NewDeviceMetadata: newDevice } : {}) } };
    }
    case 'refreshed':
      return { ChallengeParameters: {}, AuthenticationResult: outcome.result };
  }
}
