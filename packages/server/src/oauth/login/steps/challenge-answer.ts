// RespondToAuthChallenge for the pending sign-in: its Session, its client, USERNAME (the sub) and,
// for a client with a secret, SECRET_HASH.
import { callOperation, secretHashFor } from '../operation-calls.js';
import { stepOf, type SignInStep } from '../sign-in-step.js';
import { FieldProblem, type StepInput } from './step-handler.js';
import { fieldError, type Notice } from '../views/messages.js';

/** Answers the pending challenge (or `challengeName`) with `responses`; the next step. */
export async function respondToChallenge(input: StepInput, responses: Record<string, string>, challengeName?: string, session?: string): Promise<SignInStep> {
  const { page, authorize, pending } = input;
  const username = pending.userIdForSrp;
  return stepOf(
    await callOperation(page, 'RespondToAuthChallenge', {
      ClientId: authorize.client.id,
      ChallengeName: challengeName ?? pending.challenge,
      Session: session ?? pending.session,
      ChallengeResponses: { USERNAME: username, ...responses, ...secretHashFor(authorize.client, username, 'SECRET_HASH') },
    }),
  );
}

/** A posted field, trimmed; FieldProblem with `empty` when it is missing or blank. */
export function requiredField(input: StepInput, name: string, empty: Omit<Notice, 'kind'>, options: { trim?: boolean } = {}): string {
  const raw = input.page.form[name] ?? '';
  const value = options.trim === false ? raw : raw.trim();
  if (value === '') throw new FieldProblem(fieldError(empty));
  return value;
}
