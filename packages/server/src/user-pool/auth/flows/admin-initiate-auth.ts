// AdminInitiateAuth: a back end signs a user in with the admin credential. The same flows and the
// same step code as InitiateAuth (startFlow), plus the server-side password flows
// ADMIN_USER_PASSWORD_AUTH and ADMIN_NO_SRP_AUTH (client setting ALLOW_ADMIN_USER_PASSWORD_AUTH).
import { fail } from '../../../errors/catalogue.js';
import { defineOperation } from '../../operations/operation.js';
import type { SignInScope } from '../sign-in/sign-in-outcome.js';
import { clientIdSchema, clientMetadataSchema, enumeration, object, optional, userPoolIdSchema } from '../../wire/input-schema.js';
import { assertFlowAllowed } from '../sign-in/app-client-checks.js';
import { authParametersSchema } from '../sign-in/auth-parameters-schema.js';
import { sendOutcome } from '../sign-in/sign-in-outcome.js';
import type { AuthFlow } from '../sign-in/sign-in-state.js';
import { loadScope, startFlow } from './initiate-auth.js';

const ADMIN_FLOWS = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
] as const satisfies readonly AuthFlow[];

/** The client must be one of the pool's: a client id of another pool is answered as an unknown client. */
export function assertClientOfPool(scope: SignInScope, poolId: string): void {
  if (scope.pool.id !== poolId) throw fail('ResourceNotFoundException', `User pool client ${scope.client.id} does not exist.`);
}

/** AdminInitiateAuth (admin credential). */
export const adminInitiateAuth = defineOperation(
  'AdminInitiateAuth',
  object({
    UserPoolId: userPoolIdSchema,
    ClientId: clientIdSchema,
    AuthFlow: enumeration(ADMIN_FLOWS),
    AuthParameters: optional(authParametersSchema),
    ClientMetadata: optional(clientMetadataSchema),
  }),
  { access: 'admin' },
)
  .step('loaded', (ctx, i) => loadScope(ctx, i.ClientId, i.AuthFlow, i.AuthParameters ?? {}))
  .step('scope', (_ctx, _i, s) => s.loaded.scope)
  .do('check the client is of the pool', (_ctx, i, s) => assertClientOfPool(s.scope, i.UserPoolId))
  .do('check the client allows the flow', (_ctx, i, s) => assertFlowAllowed(s.scope.client, i.AuthFlow))
  .step('outcome', (ctx, i, s) => startFlow(ctx, s.scope, i.AuthFlow, i.AuthParameters ?? {}, i.ClientMetadata ?? {}, s.loaded.byName))
  .respond((ctx, i, s) => sendOutcome(ctx, s.scope, s.outcome, undefined, i.ClientMetadata));
