// After a factor was proven: look up the facts, decide the next step (next-step.ts) and produce
// it — a challenge (sending a code where the step needs one) or tokens.
import { fail } from '../../../errors/catalogue.js';
import type { OperationContext } from '../../operations/operation-context.js';
import type { PoolRecord } from '../../pools/pool-repository.js';
import type { UserRecord } from '../../users/user-repository.js';
import { findUserDevice, type DeviceRecord } from '../devices/device-repository.js';
import { askMfa } from '../mfa/mfa-challenge.js';
import { setupMfaOptions, usableMfaMethods } from '../mfa/mfa-methods.js';
import { decideNextStep, type NextStep } from './next-step.js';
import { proofOf } from './sign-in-audit.js';
import { challenge, type SignInOutcome, type SignInScope } from './sign-in-outcome.js';
import type { ProvenFactor, SignInState } from './sign-in-state.js';
import { srpIdentity } from '../srp-exchange/srp-exchange.js';

/** The attributes NEW_PASSWORD_REQUIRED asks for: required by the pool and missing on the user. */
export function missingRequiredAttributes(pool: PoolRecord, user: UserRecord): string[] {
  return pool.requiredAttributes.filter((name) => (user.attributes[name] ?? '') === '');
}

/** The parameters of NEW_PASSWORD_REQUIRED (JSON texts, as Cognito sends them). */
export function newPasswordParameters(pool: PoolRecord, user: UserRecord): Record<string, string> {
  return {
    USER_ID_FOR_SRP: srpIdentity(user),
    requiredAttributes: JSON.stringify(missingRequiredAttributes(pool, user).map((name) => `userAttributes.${name}`)),
    userAttributes: JSON.stringify(user.attributes),
  };
}

/** The next step of a sign-in, decided but not produced yet (nothing sent, nothing stored). */
export interface SignInDecision {
  readonly user: UserRecord;
  readonly state: SignInState & { proven: ProvenFactor };
  readonly step: NextStep;
  readonly confirmedDevice: DeviceRecord | undefined;
}

/** Looks up the facts (the presented device) and decides the next step of a sign-in whose first factor (`state.proven`) was proven. */
export async function decideSignIn(ctx: OperationContext, scope: SignInScope, user: UserRecord, state: SignInState & { proven: ProvenFactor }): Promise<SignInDecision> {
  const device = state.deviceKey === undefined ? undefined : await findUserDevice(ctx.db, user.sub, state.deviceKey);
  const confirmedDevice = device?.confirmed === true ? device : undefined;
  const step = decideNextStep({
    status: user.status,
    passwordChanged: state.passwordChanged === true,
    ...(confirmedDevice !== undefined ? { device: { remembered: confirmedDevice.remembered } } : {}),
    deviceVerified: state.deviceVerified === true,
    mfaDone: state.mfaDone === true,
    mfaConfiguration: scope.pool.mfaConfiguration,
    proven: state.proven,
    ...(state.firstFactorChannel !== undefined ? { firstFactorChannel: state.firstFactorChannel } : {}),
    usableMfa: usableMfaMethods(scope.pool, user),
    preferredMfa: user.preferredMfa,
    setupOptions: setupMfaOptions(scope.pool),
  });
  return { user, state, step, confirmedDevice };
}

/** Produces a decided step: a challenge (sending a code where the step needs one) or tokens. */
export async function produceSignIn(ctx: OperationContext, scope: SignInScope, decision: SignInDecision): Promise<SignInOutcome> {
  const { user, state, step, confirmedDevice } = decision;
  const next: SignInState = { ...state, srp: undefined, mfa: undefined, offered: undefined, webAuthnChallenge: undefined };
  switch (step.kind) {
    case 'NEW_PASSWORD_REQUIRED':
      return challenge('NEW_PASSWORD_REQUIRED', newPasswordParameters(scope.pool, user), next, user.sub);
    case 'DEVICE_SRP_AUTH':
      return challenge('DEVICE_SRP_AUTH', {}, next, user.sub);
    case 'MFA':
      return challenge(step.method, await askMfa(ctx, user, step.method), { ...next, mfa: step.method }, user.sub);
    case 'SELECT_MFA_TYPE':
      return challenge('SELECT_MFA_TYPE', { MFAS_CAN_CHOOSE: JSON.stringify(step.options), USER_ID_FOR_SRP: srpIdentity(user) }, next, user.sub);
    case 'MFA_SETUP':
      return challenge('MFA_SETUP', { MFAS_CAN_SETUP: JSON.stringify(step.options), USER_ID_FOR_SRP: srpIdentity(user) }, next, user.sub);
    case 'MFA_UNAVAILABLE':
      throw fail('InvalidUserPoolConfigurationException', 'MFA is required, but no MFA method the pool allows can be used or set up by this user.');
    case 'TOKENS':
      return { kind: 'tokens', user, deviceKey: confirmedDevice?.deviceKey ?? null, offerNewDevice: confirmedDevice === undefined, proof: proofOf(state) };
  }
}

/** Produces the next step of a sign-in whose first factor (`state.proven`) was proven. */
export async function continueSignIn(ctx: OperationContext, scope: SignInScope, user: UserRecord, state: SignInState & { proven: ProvenFactor }): Promise<SignInOutcome> {
  return produceSignIn(ctx, scope, await decideSignIn(ctx, scope, user, state));
}
