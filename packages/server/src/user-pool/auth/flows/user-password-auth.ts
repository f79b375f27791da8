// USER_PASSWORD_AUTH: the password itself in AuthParameters, checked against the scrypt hash.
import type { OperationContext } from '../../operations/operation-context.js';
import { findUserByLogin } from '../../users/user-repository.js';
import { assertSecretHash, requireParameter } from '../sign-in/app-client-checks.js';
import { continueSignIn } from '../sign-in/continue-sign-in.js';
import { presentedDevice } from '../sign-in/presented-device.js';
import type { SignInOutcome, SignInScope } from '../sign-in/sign-in-outcome.js';
import { runPreAuthentication } from '../../triggers/authentication.js';
import { migrateUser, migratesUsers } from '../../triggers/user-migration.js';
import { checkPassword } from './password-check.js';

/** InitiateAuth USER_PASSWORD_AUTH, and AdminInitiateAuth's ADMIN_USER_PASSWORD_AUTH / ADMIN_NO_SRP_AUTH (`flow`). */
export async function startUserPasswordAuth(
  ctx: OperationContext,
  scope: SignInScope,
  parameters: Readonly<Record<string, string>>,
  flow: 'USER_PASSWORD_AUTH' | 'ADMIN_USER_PASSWORD_AUTH' | 'ADMIN_NO_SRP_AUTH' = 'USER_PASSWORD_AUTH',
  clientMetadata?: Readonly<Record<string, string>>,
): Promise<SignInOutcome> {
  const login = requireParameter(parameters, 'USERNAME');
  const password = requireParameter(parameters, 'PASSWORD');
  const existing = await findUserByLogin(ctx.db, scope.pool, login);
  assertSecretHash(scope.client, [login, ...(existing !== undefined ? [existing.username] : [])], parameters.SECRET_HASH);
  // Not in the pool yet: UserMigration may bring them in (with this password, which it verified).
  const found = existing ?? (migratesUsers(scope.pool) ? await migrateUser(ctx, scope, { login, password, clientMetadata }) : undefined);
  await runPreAuthentication(ctx, scope, found, login, clientMetadata);
  const user = await checkPassword(ctx, scope, found, login, password);
  const deviceKey = await presentedDevice(ctx, user, parameters.DEVICE_KEY);
  return continueSignIn(ctx, scope, user, { flow, username: user.username, proven: 'password', ...(deviceKey !== undefined ? { deviceKey } : {}) });
}
