// Sign-ins in the audit trail. A success is appended by the statement that ends the sign-in
// (sign-in-outcome.ts), so tokens exist exactly when their sign_in row does. A refusal changes
// nothing but the lockout counter, which was counted before the guess was checked (lockout.ts); its
// row is a statement of its own, written before the refusal is answered. A name no user has is not
// recorded (it may be a password typed into the wrong field): the event says unknownUser.
import type { AuditEvent } from '../../../audit/audit-event.js';
import { startedLockout } from '../../../audit/lockout-marker.js';
import { actorOf, sourceOf, subjectOf } from '../../../audit/operation-audit.js';
import type { ServiceError } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { findUserByLogin, type UserRecord } from '../../users/user-repository.js';
import type { AuthSession } from '../../sessions/auth-sessions.js';
import type { AuthFlow, ChallengeName, ProvenFactor, SignInState } from './sign-in-state.js';
import type { SignInScope } from './sign-in-outcome.js';

/** How a completed sign-in proved who it is. */
export interface SignInProof {
  readonly flow: AuthFlow;
  readonly firstFactor: ProvenFactor;
  /** The MFA method answered (or true when it was answered without a named method). */
  readonly mfa?: string | true;
  /** A remembered device stood in for MFA. */
  readonly device?: true;
}

/** The proof of a sign-in at `state` (the state the TOKENS step was decided in). */
export function proofOf(state: SignInState & { proven: ProvenFactor }): SignInProof {
  return {
    flow: state.flow,
    firstFactor: state.proven,
    ...(state.mfaDone === true ? { mfa: state.mfa ?? true } : {}),
    ...(state.deviceVerified === true ? { device: true as const } : {}),
  };
}

/** The sign_in success event of `user`. */
export function signInSucceeded(ctx: OperationContext, scope: SignInScope, user: UserRecord, proof: SignInProof | undefined): AuditEvent {
  return {
    action: 'sign_in',
    outcome: 'success',
    actor: actorOf(ctx.caller, user),
    subject: subjectOf(user),
    source: sourceOf(ctx.request),
    details: {
      clientId: scope.client.id,
      ...(proof ?? {}),
      ...(ctx.caller.kind === 'managed-login' ? { via: 'managed-login' } : {}),
    },
  };
}

// Refusals of a sign-in attempt (not malformed requests, unknown clients or rate limits).
const REFUSALS = new Set([
  'NotAuthorizedException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'TooManyFailedAttemptsException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'EnableSoftwareTokenMFAException',
]);

/** The failure (and, for the guess that locked the user out, the lockout) events of a refused sign-in. */
function refusalEvents(ctx: OperationContext, user: UserRecord | undefined, details: Record<string, unknown>, error: ServiceError): AuditEvent[] {
  const base = {
    actor: actorOf(ctx.caller),
    ...(user !== undefined ? { subject: subjectOf(user) } : {}),
    source: sourceOf(ctx.request),
  };
  const reason = { ...details, ...(user === undefined ? { unknownUser: true } : {}), reason: error.name, message: error.message };
  const events: AuditEvent[] = [{ action: 'sign_in', outcome: 'failure', ...base, details: reason }];
  if (user !== undefined && startedLockout(error)) events.push({ action: 'user.locked_out', ...base, details: { ...details, counter: error.name === 'TooManyFailedAttemptsException' ? 'mfa' : 'password' } });
  return events;
}

/** InitiateAuth's failure handler: records a refused sign-in (not a refused refresh). */
export async function recordInitiateAuthRefusal(
  ctx: OperationContext,
  input: { readonly AuthFlow: AuthFlow; readonly ClientId: string; readonly AuthParameters?: Readonly<Record<string, string>> },
  state: { readonly scope?: SignInScope; readonly loaded?: { readonly byName?: UserRecord | null } },
  error: ServiceError,
): Promise<void> {
  if (!REFUSALS.has(error.name) || input.AuthFlow === 'REFRESH_TOKEN_AUTH' || input.AuthFlow === 'REFRESH_TOKEN' || state.scope === undefined) return;
  const login = input.AuthParameters?.USERNAME;
  const user = state.loaded?.byName ?? (login === undefined || login === '' ? undefined : await findUserByLogin(ctx.db, state.scope.pool, login));
  await ctx.audit.record(refusalEvents(ctx, user ?? undefined, { flow: input.AuthFlow, clientId: input.ClientId }, error));
}

/** RespondToAuthChallenge's failure handler: records a refused answer of a sign-in whose session was found. */
export async function recordChallengeRefusal(
  ctx: OperationContext,
  input: { readonly ChallengeName: ChallengeName; readonly ClientId: string },
  state: { readonly loaded?: { readonly session: AuthSession<SignInState>; readonly user: UserRecord | undefined } },
  error: ServiceError,
): Promise<void> {
  const loaded = state.loaded;
  if (!REFUSALS.has(error.name) || loaded === undefined) return;
  await ctx.audit.record(refusalEvents(ctx, loaded.user, { flow: loaded.session.state.flow, clientId: input.ClientId, challenge: input.ChallengeName }, error));
}
