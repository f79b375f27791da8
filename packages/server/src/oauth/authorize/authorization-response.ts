// The redirect that ends a successful authorization: a single-use code (or, for the implicit flow,
// the tokens) sent back to the client's redirect_uri with its state.
import type { ServerServices } from '../../user-pool/operations/operation-context.js';
import type { AuthorizeRequest } from './authorize-request.js';

/** A user signed in on the hosted page (from its session cookie). */
export interface HostedSignIn {
  readonly sessionId: string;
  readonly poolId: string;
  readonly userSub: string;
  readonly authTime: Date;
}

/** The Location to send the browser to: redirect_uri with code and state (or tokens in the fragment). */
export async function authorizationResponse(steward: ServerServices, request: AuthorizeRequest, signIn: HostedSignIn): Promise<string> {
  void steward;
  void request;
  void signIn;
  throw new Error('not implemented yet');
}
