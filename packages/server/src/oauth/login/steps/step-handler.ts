// One form of a sign-in in progress (a challenge, or a part of MFA_SETUP): what it shows and how
// it answers. POST /login/challenge finds the handler by the page the server remembers for the
// sign-in, never by a field of the form.
import type { AuthorizeRequest } from '../../authorize/authorize-request.js';
import type { PageContext } from '../page-route.js';
import type { PendingSignIn, StepPageName } from '../pending-sign-in.js';
import type { SignInStep } from '../sign-in-step.js';
import type { Notice } from '../views/messages.js';

/** What a step's page shows besides the frame and the hidden fields. */
export interface StepView {
  readonly title: string;
  readonly description?: string;
  /** Markup of the inputs (and anything shown above them) inside the form. */
  readonly fields: string;
  readonly submit?: string;
  /** Buttons after the submit button. */
  readonly secondary?: string;
  /** Extra attributes of the form element (the passkey options). */
  readonly formAttributes?: Readonly<Record<string, string>>;
  readonly passkeyScript?: boolean;
}

/**
 * How a step was answered: the sign-in moved on, it stays at another form of the same challenge,
 * or it ends here and the person goes back to the sign-in form with the name typed (the password
 * chosen on SELECT_CHALLENGE: the sign-in form is the password form).
 */
export type StepAnswer =
  | { readonly kind: 'step'; readonly step: SignInStep }
  | { readonly kind: 'state'; readonly state: PendingSignIn }
  | { readonly kind: 'sign-in-form' };

/** Everything a step's answer may use. */
export interface StepInput {
  readonly page: PageContext;
  readonly authorize: AuthorizeRequest;
  readonly pending: PendingSignIn;
}

/** A form of the sign-in. */
export interface StepHandler {
  readonly page: StepPageName;
  view(pending: PendingSignIn, notice: Notice | undefined): StepView | Promise<StepView>;
  answer(input: StepInput): Promise<StepAnswer>;
}

/** A field left empty or wrong: the same form again with this message. */
export class FieldProblem extends Error {
  override readonly name = 'FieldProblem';
  constructor(readonly notice: Notice) {
    super(notice.message);
  }
}
