// Sign-in metrics around the sign-in operations ((Admin)InitiateAuth, (Admin)RespondToAuthChallenge),
// on the JSON endpoint and the hosted login page alike (both run them through the registry): how each
// step ended, the lockouts and the wrong MFA codes. The flow of an answer to a challenge is in the
// challenge session, which the operation loads; it notes it on the probe (noteSignInFlow).
import type { OperationContext } from '../user-pool/operations/operation-context.js';
import type { Operation } from '../user-pool/operations/operation.js';
import { lockoutKindOf, mfaFailureKind, signInFailureReason, signInFlowLabel } from './metric-labels.js';
import type { SignInFlow, SignInProbe } from './metrics.js';

/** Notes the flow of the sign-in a step belongs to (a no-op outside withSignInMetrics). */
export function noteSignInFlow(ctx: Pick<OperationContext, 'signInProbe'>, flow: string): void {
  if (ctx.signInProbe !== undefined) ctx.signInProbe.flow = flow;
}

function inputOf(rawInput: unknown): Readonly<Record<string, unknown>> {
  return typeof rawInput === 'object' && rawInput !== null ? (rawInput as Record<string, unknown>) : {};
}

/** `operation` ((Admin)InitiateAuth or (Admin)RespondToAuthChallenge) counting each call in ctx.metrics. */
export function withSignInMetrics(operation: Operation): Operation {
  return {
    ...operation,
    async invoke(ctx, rawInput, admit) {
      if (!ctx.metrics.enabled) return operation.invoke(ctx, rawInput, admit);
      const input = inputOf(rawInput);
      const starts = operation.name === 'InitiateAuth' || operation.name === 'AdminInitiateAuth';
      const probe: SignInProbe = { flow: starts && typeof input.AuthFlow === 'string' ? input.AuthFlow : undefined };
      const flow = (): SignInFlow => (ctx.caller.kind === 'managed-login' ? 'MANAGED_LOGIN' : signInFlowLabel(probe.flow));
      let result: Record<string, unknown>;
      try {
        result = await operation.invoke({ ...ctx, signInProbe: probe }, rawInput, admit);
      } catch (error) {
        const reason = signInFailureReason(error);
        ctx.metrics.signInStep(flow(), 'failure', reason);
        const lockout = lockoutKindOf(error);
        if (lockout !== undefined) ctx.metrics.lockout(lockout);
        const mfa = operation.name.endsWith('RespondToAuthChallenge') ? mfaFailureKind(input.ChallengeName) : undefined;
        if (mfa !== undefined && (reason === 'wrong_code' || reason === 'locked_out')) ctx.metrics.mfaFailure(mfa, reason);
        throw error;
      }
      ctx.metrics.signInStep(flow(), result.AuthenticationResult !== undefined ? 'success' : 'challenge');
      return result;
    },
  };
}
