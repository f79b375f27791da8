// AdminRespondToAuthChallenge: the admin-credential twin of RespondToAuthChallenge. After checking
// the pool and its client, it runs RespondToAuthChallenge itself, so there is one answer path for
// every challenge (SRP, MFA, new password, devices, custom rounds).
import { defineOperation } from '../../operations/operation.js';
import { requireClient } from '../../pools/pool-repository.js';
import { clientIdSchema, clientMetadataSchema, enumeration, object, optional, string, userPoolIdSchema } from '../../wire/input-schema.js';
import { assertClientOfPool } from '../flows/admin-initiate-auth.js';
import { authParametersSchema } from '../sign-in/auth-parameters-schema.js';
import { CHALLENGE_NAMES } from '../sign-in/sign-in-state.js';
import { respondToAuthChallenge } from './respond-to-auth-challenge.js';

/** AdminRespondToAuthChallenge (admin credential). */
export const adminRespondToAuthChallenge = defineOperation(
  'AdminRespondToAuthChallenge',
  object({
    UserPoolId: userPoolIdSchema,
    ClientId: clientIdSchema,
    ChallengeName: enumeration(CHALLENGE_NAMES),
    Session: optional(string({ min: 20, max: 2048 })),
    ChallengeResponses: optional(authParametersSchema),
    ClientMetadata: optional(clientMetadataSchema),
  }),
  { access: 'admin' },
)
  .step('scope', (ctx, i) => requireClient(ctx, i.ClientId))
  .do('check the client is of the pool', (_ctx, i, s) => assertClientOfPool(s.scope, i.UserPoolId))
  .respond((ctx, i) => {
    const { UserPoolId: _pool, ...answer } = i;
    return respondToAuthChallenge.invoke(ctx, answer);
  });
