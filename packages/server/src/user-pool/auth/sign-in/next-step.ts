// The one decision of a sign-in, as a pure function: after a factor was proven, what comes next?
//   NEW_PASSWORD_REQUIRED  (temporary password)  →  DEVICE_SRP_AUTH  (a remembered device)  →
//   MFA / SELECT_MFA_TYPE / MFA_SETUP  (unless the remembered device or a passkey satisfied it)  →  tokens.
import type { MfaKind, UserStatus } from '../../users/user-repository.js';
import type { ProvenFactor } from './sign-in-state.js';

/** What the decision looks at. */
export interface NextStepFacts {
  readonly status: UserStatus;
  readonly passwordChanged: boolean;
  /** The confirmed device the client presented, if any. */
  readonly device?: { readonly remembered: boolean };
  readonly deviceVerified: boolean;
  /** An MFA challenge (or MFA_SETUP) of this sign-in was answered. */
  readonly mfaDone: boolean;
  readonly mfaConfiguration: 'OFF' | 'ON' | 'OPTIONAL';
  readonly proven: ProvenFactor;
  /** The channel a one-time-code first factor used (never the second factor too). */
  readonly firstFactorChannel?: MfaKind;
  /** MFA methods the user enabled that the pool allows and that can reach the user. */
  readonly usableMfa: readonly MfaKind[];
  readonly preferredMfa: MfaKind | null;
  /** Methods MFA_SETUP may offer (the pool's TOTP and email). */
  readonly setupOptions: readonly MfaKind[];
}

/** The next step. MFA_UNAVAILABLE: MFA is required and nothing can provide it (a pool misconfiguration). */
export type NextStep =
  | { readonly kind: 'NEW_PASSWORD_REQUIRED' }
  | { readonly kind: 'DEVICE_SRP_AUTH' }
  | { readonly kind: 'MFA'; readonly method: MfaKind }
  | { readonly kind: 'SELECT_MFA_TYPE'; readonly options: readonly MfaKind[] }
  | { readonly kind: 'MFA_SETUP'; readonly options: readonly MfaKind[] }
  | { readonly kind: 'MFA_UNAVAILABLE' }
  | { readonly kind: 'TOKENS' };

/** True when the first factor is already two factors: a passkey with user verification, or a custom challenge after the password. */
export function factorSatisfiesMfa(proven: ProvenFactor): boolean {
  return proven === 'passkey-verified-user' || proven === 'custom-with-password';
}

/** Decides the next step of a sign-in whose first factor was proven. */
export function decideNextStep(facts: NextStepFacts): NextStep {
  if (facts.status === 'FORCE_CHANGE_PASSWORD' && !facts.passwordChanged) return { kind: 'NEW_PASSWORD_REQUIRED' };
  if (facts.device?.remembered === true && !facts.deviceVerified) return { kind: 'DEVICE_SRP_AUTH' };

  const rememberedDevice = facts.device?.remembered === true && facts.deviceVerified;
  if (facts.mfaDone || facts.mfaConfiguration === 'OFF' || rememberedDevice || factorSatisfiesMfa(facts.proven)) return { kind: 'TOKENS' };

  const used = facts.firstFactorChannel;
  const usable = facts.usableMfa.filter((m) => m !== used);
  if (usable.length > 0) {
    if (facts.preferredMfa !== null && usable.includes(facts.preferredMfa)) return { kind: 'MFA', method: facts.preferredMfa };
    if (usable.length === 1 && usable[0] !== undefined) return { kind: 'MFA', method: usable[0] };
    return { kind: 'SELECT_MFA_TYPE', options: usable };
  }
  // A user who enabled MFA, but only on the channel of the first factor, still needs a second one.
  const mustHaveMfa = facts.mfaConfiguration === 'ON' || facts.usableMfa.length > 0;
  if (!mustHaveMfa) return { kind: 'TOKENS' };
  const options = facts.setupOptions.filter((m) => m !== used);
  return options.length > 0 ? { kind: 'MFA_SETUP', options } : { kind: 'MFA_UNAVAILABLE' };
}
