// The posted password checked against the stored SRP verifier, the way any Cognito client proves
// it: InitiateAuth USER_SRP_AUTH with a fresh client ephemeral, then RespondToAuthChallenge
// PASSWORD_VERIFIER with the claim signature (auth-core's client half of SRP, on the server's
// OpenSSL engine). The password lives only in this request's memory; the verifier never sees it.
import {
  computeClaimSignature,
  computePasswordAuthenticationKey,
  createClientEphemeral,
  formatCognitoTimestamp,
  poolNameFromUserPoolId,
} from '@steward/auth-core/srp';
import { srpEngine } from '../../user-pool/auth/srp-exchange/srp-exchange.js';
import type { AuthorizeRequest } from '../authorize/authorize-request.js';
import { callOperation, secretHashFor } from './operation-calls.js';
import type { PageContext } from './page-route.js';
import { stepOf, type SignInStep } from './sign-in-step.js';

/** Signs in with a name (username or alias) and password; the step after the password (or done). */
export async function signInWithPassword(page: PageContext, authorize: AuthorizeRequest, login: string, password: string): Promise<SignInStep> {
  const { client, pool } = authorize;
  const ephemeral = createClientEphemeral({ engine: srpEngine });
  const start = stepOf(
    await callOperation(page, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: client.id,
      AuthParameters: { USERNAME: login, SRP_A: ephemeral.srpAHex, ...secretHashFor(client, login, 'SECRET_HASH') },
    }),
  );
  if (start.kind !== 'challenge' || start.name !== 'PASSWORD_VERIFIER') return start;
  const p = start.parameters;
  const userIdForSrp = p.USER_ID_FOR_SRP ?? '';
  const poolName = poolNameFromUserPoolId(pool.id);
  const key = computePasswordAuthenticationKey({ poolName, username: userIdForSrp, password, saltHex: p.SALT ?? '', serverBHex: p.SRP_B ?? '', a: ephemeral.a, A: ephemeral.A, engine: srpEngine });
  const timestamp = formatCognitoTimestamp(page.steward.clock.now());
  const signature = computeClaimSignature({ key, poolName, userIdForSrp, secretBlockB64: p.SECRET_BLOCK ?? '', timestamp });
  return stepOf(
    await callOperation(page, 'RespondToAuthChallenge', {
      ClientId: client.id,
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: start.session,
      ChallengeResponses: {
        USERNAME: userIdForSrp,
        PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK ?? '',
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: signature,
        ...secretHashFor(client, userIdForSrp, 'SECRET_HASH'),
      },
    }),
  );
}

/** Starts a passkey sign-in (USER_AUTH with WEB_AUTHN preferred): the WEB_AUTHN challenge, or whatever the pool answers instead (SELECT_CHALLENGE without a passkey). */
export async function startPasskeySignIn(page: PageContext, authorize: AuthorizeRequest, login: string): Promise<SignInStep> {
  return startUserAuth(page, authorize, login, { PREFERRED_CHALLENGE: 'WEB_AUTHN' });
}

/** Starts a choice-based sign-in (USER_AUTH without a preference): SELECT_CHALLENGE with the first factors this account can use. */
export async function startChoiceSignIn(page: PageContext, authorize: AuthorizeRequest, login: string): Promise<SignInStep> {
  return startUserAuth(page, authorize, login, {});
}

async function startUserAuth(page: PageContext, authorize: AuthorizeRequest, login: string, parameters: Record<string, string>): Promise<SignInStep> {
  const { client } = authorize;
  return stepOf(
    await callOperation(page, 'InitiateAuth', {
      AuthFlow: 'USER_AUTH',
      ClientId: client.id,
      AuthParameters: { USERNAME: login, ...parameters, ...secretHashFor(client, login, 'SECRET_HASH') },
    }),
  );
}
