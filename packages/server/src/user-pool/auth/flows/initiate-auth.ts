// InitiateAuth: starts a sign-in with one of the flows, or refreshes tokens.
import { SqlParams } from '../../../db/sql-params.js';
import { defineOperation } from '../../operations/operation.js';
import type { OperationContext } from '../../operations/operation-context.js';
import { requireClient, requireClientWith } from '../../pools/pool-repository.js';
import { userByNameSql, userFromJson, type UserRecord } from '../../users/user-repository.js';
import { clientIdSchema, clientMetadataSchema, enumeration, object, optional } from '../../wire/input-schema.js';
import { startCustomAuth } from '../custom-auth/custom-auth-rounds.js';
import { assertCallerMayUseFlow } from '../sign-in/app-client-checks.js';
import { authParametersSchema } from '../sign-in/auth-parameters-schema.js';
import { recordInitiateAuthRefusal } from '../sign-in/sign-in-audit.js';
import { sendOutcome, type SignInOutcome, type SignInScope } from '../sign-in/sign-in-outcome.js';
import type { AuthFlow } from '../sign-in/sign-in-state.js';
import { refreshTokens } from './refresh-token-auth.js';
import { startUserAuth } from './user-auth.js';
import { startUserPasswordAuth } from './user-password-auth.js';
import { startUserSrpAuth } from './user-srp-auth.js';

const FLOWS = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH', 'CUSTOM_AUTH', 'USER_AUTH', 'REFRESH_TOKEN_AUTH', 'REFRESH_TOKEN'] as const satisfies readonly AuthFlow[];

/**
 * The app client and pool (requireClient), for InitiateAuth and AdminInitiateAuth. For USER_SRP_AUTH with a USERNAME, the same round trip
 * also looks the user up by username (`byName`; null: no such user), which the flow would read
 * next; the checks still run in their usual order.
 */
export async function loadScope(
  ctx: OperationContext,
  clientId: string,
  flow: AuthFlow,
  parameters: Readonly<Record<string, string>>,
): Promise<{ scope: SignInScope; byName?: UserRecord | null }> {
  const login = parameters.USERNAME;
  if (flow !== 'USER_SRP_AUTH' || login === undefined || login === '') return { scope: await requireClient(ctx, clientId) };
  const params = new SqlParams([clientId]);
  const sideSql = userByNameSql(params, 'c.pool_id', login);
  const { client, pool, side } = await requireClientWith(ctx, clientId, sideSql, params.values.slice(1));
  return { scope: { client, pool }, byName: userFromJson(side) };
}

/** Runs the first step of `flow` (the one code path of InitiateAuth and AdminInitiateAuth). */
export function startFlow(
  ctx: OperationContext,
  scope: SignInScope,
  flow: AuthFlow,
  parameters: Readonly<Record<string, string>>,
  clientMetadata: Readonly<Record<string, string>>,
  byName: UserRecord | null | undefined,
): Promise<SignInOutcome> {
  switch (flow) {
    case 'USER_SRP_AUTH':
      return startUserSrpAuth(ctx, scope, parameters, byName, clientMetadata);
    case 'USER_PASSWORD_AUTH':
    case 'ADMIN_USER_PASSWORD_AUTH':
    case 'ADMIN_NO_SRP_AUTH':
      return startUserPasswordAuth(ctx, scope, parameters, flow, clientMetadata);
    case 'USER_AUTH':
      return startUserAuth(ctx, scope, parameters, clientMetadata);
    case 'CUSTOM_AUTH':
      return startCustomAuth(ctx, scope, parameters, clientMetadata);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refreshTokens(ctx, scope, parameters);
  }
}

/** InitiateAuth. */
export const initiateAuth = defineOperation(
  'InitiateAuth',
  object({ AuthFlow: enumeration(FLOWS), AuthParameters: optional(authParametersSchema), ClientId: clientIdSchema, ClientMetadata: optional(clientMetadataSchema) }),
)
  .step('loaded', (ctx, i) => loadScope(ctx, i.ClientId, i.AuthFlow, i.AuthParameters ?? {}))
  .step('scope', (_ctx, _i, s) => s.loaded.scope)
  .do('check the client allows the flow', (ctx, i, s) => assertCallerMayUseFlow(ctx.caller, s.scope.client, i.AuthFlow))
  .step('outcome', (ctx, i, s) => startFlow(ctx, s.scope, i.AuthFlow, i.AuthParameters ?? {}, i.ClientMetadata ?? {}, s.loaded.byName))
  .onFailure(recordInitiateAuthRefusal)
  .respond((ctx, i, s) => sendOutcome(ctx, s.scope, s.outcome, undefined, i.ClientMetadata));
