// The redirect that ends a successful authorization: a single-use code (or, for the implicit flow,
// the tokens) sent back to the client's redirect_uri with its state.
import type { ServerServices } from '../../user-pool/operations/operation-context.js';
import { findUserBySub } from '../../user-pool/users/user-repository.js';
import { issueAuthorizationCode } from '../codes/authorization-codes.js';
import { errorRedirect, withParameters } from '../http/redirect.js';
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
  const user = signIn.poolId === request.pool.id ? await findUserBySub(steward.db, signIn.userSub) : undefined;
  if (user === undefined || user.poolId !== request.pool.id || !user.enabled) {
    return errorRedirect(request.redirectUri, 'access_denied', 'The user cannot sign in to this application.', request.state);
  }

  // The hosted session the tokens come through (a session's OriginSessionId); none for an in-process sign-in.
  const hosted = /^[0-9a-f-]{36}$/.test(signIn.sessionId) ? { hostedSessionId: signIn.sessionId } : {};
  if (request.responseType === 'code') {
    const code = await issueAuthorizationCode(steward, {
      poolId: request.pool.id,
      clientId: request.client.id,
      userSub: user.sub,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      authTime: signIn.authTime,
      ...hosted,
    });
    return withParameters(request.redirectUri, { code, state: request.state });
  }

  // Implicit: the tokens travel in the fragment, which browsers do not send to servers. No refresh
  // token is handed out (the sign-in is still recorded, so sign-out and revocation reach it).
  const tokens = await steward.tokens.issueForSignIn({
    client: request.client,
    user,
    authTime: signIn.authTime,
    scopes: request.scopes,
    ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
    ...hosted,
  });
  return withParameters(
    request.redirectUri,
    {
      access_token: tokens.AccessToken,
      id_token: request.scopes.includes('openid') ? tokens.IdToken : undefined,
      token_type: tokens.TokenType,
      expires_in: String(tokens.ExpiresIn),
      state: request.state,
    },
    'fragment',
  );
}
