// The admin-queries REST API (the routes of Amplify's "AdminQueries" API, under /admin): the
// caller's access token in `Authorization`, membership of the `Admins` group required. Each route
// runs the same registered Admin* operation as the JSON endpoint and the CLI, on the caller's pool.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StewardHandle } from '../app.js';
import { fail, isServiceError } from '../errors/catalogue.js';
import { toWireError } from '../errors/wire-error.js';
import { ADMINS_GROUP } from '../user-pool/admin/admin-safeguards.js';
import { fromPino } from '../user-pool/operations/logger.js';
import type { OperationContext } from '../user-pool/operations/operation-context.js';
import { StepFailure } from '../user-pool/operations/operation.js';
import { findDefaultPool } from '../user-pool/pools/pool-repository.js';
import { updatePoolMembers } from '../user-pool/pools/pool-settings.js';
import { groupsOfUser } from '../user-pool/users/user-repository.js';
import { fastifyErrorToServiceError } from '../user-pool/wire/json-protocol-routes.js';

/** The group whose members may use the admin API. */
export const ADMIN_GROUP = ADMINS_GROUP;

type Params = Record<string, unknown>;

/** Runs another registered operation as the same caller (a route whose input needs a read first). */
type Invoke = (operation: string, input: Record<string, unknown>) => Promise<Record<string, unknown>>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const int = (value: unknown): number | undefined => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : undefined);

/** Accepts attributes as `{ "email": "x" }` or `[{ "Name": "email", "Value": "x" }]`. */
function attributeList(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'object') return Object.entries(value as Record<string, unknown>).map(([Name, Value]) => ({ Name, Value }));
  return value;
}

interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly operation: string;
  /** Builds the operation input from the query (GET) or body (POST) and the caller's pool id. */
  readonly input: (p: Params, poolId: string, invoke: Invoke) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Shapes the answer (default: the operation's response). */
  readonly output?: (result: Record<string, unknown>, p: Params) => unknown;
  /** Server-wide (every pool): only Admins of the default pool, the server's own administrators, may call it. */
  readonly serverWide?: boolean;
}

/** `true`/`false` as Cognito's ACTIVE/INACTIVE; anything else goes through for the operation to refuse with its typed error. */
const protection = (value: unknown): unknown => (value === true ? 'ACTIVE' : value === false ? 'INACTIVE' : value);

/** The members of UpdateUserPool, the pool's whole updatable setup (a member left out would be reset). */
const UPDATABLE = Object.keys(updatePoolMembers);

/**
 * UpdateUserPool resets what the request leaves out, so deletion protection alone is set by sending the
 * pool's described setup back with only DeletionProtection changed.
 */
async function deletionProtectionInput(p: Params, invoke: Invoke): Promise<Record<string, unknown>> {
  const described = (await invoke('DescribeUserPool', { UserPoolId: p.poolId })).UserPool as Record<string, unknown>;
  const setup = Object.fromEntries(Object.entries(described).filter(([key]) => UPDATABLE.includes(key)));
  return { ...setup, UserPoolId: p.poolId, DeletionProtection: protection(p.deletionProtection) };
}

/** CreateUserPool from the admin page's form: name, MFA, minimum password length, deletion protection. */
function createPoolInput(p: Params): Record<string, unknown> {
  const minimum = int(p.minPasswordLength) ?? p.minPasswordLength;
  return {
    PoolName: p.name,
    MfaConfiguration: p.mfa,
    // Cognito's default policy with the chosen length, as `cli pools create --min-password-length`.
    ...(minimum !== undefined ? { Policies: { PasswordPolicy: { MinimumLength: minimum, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: true } } } : {}),
    DeletionProtection: protection(p.deletionProtection),
    // As the AWS console: usernames match in any case unless the form asks otherwise.
    UsernameConfiguration: { CaseSensitive: p.caseSensitiveUsernames ?? false },
  };
}

const done = (verb: string) => (_r: Record<string, unknown>, p: Params) => ({ message: `${verb} ${text(p.username) ?? ''}`.trim() });

/** Every admin API route and the operation behind it. */
export const ADMIN_ROUTES: readonly Route[] = [
  { method: 'POST', path: '/admin/createUser', operation: 'AdminCreateUser', input: (p, pool) => ({ UserPoolId: pool, Username: p.username, TemporaryPassword: p.temporaryPassword, UserAttributes: attributeList(p.attributes), ...(p.suppressInvitation === true ? { MessageAction: 'SUPPRESS' } : {}) }) },
  { method: 'POST', path: '/admin/deleteUser', operation: 'AdminDeleteUser', input: (p, pool) => ({ UserPoolId: pool, Username: p.username }), output: done('Deleted') },
  { method: 'GET', path: '/admin/getUser', operation: 'AdminGetUser', input: (p, pool) => ({ UserPoolId: pool, Username: p.username }) },
  {
    method: 'GET',
    path: '/admin/listUsers',
    operation: 'ListUsers',
    input: (p, pool) => ({ UserPoolId: pool, Limit: int(p.limit), PaginationToken: text(p.token), Filter: text(p.filter) }),
    output: (r) => ({ Users: r.Users, ...(r.PaginationToken !== undefined ? { NextToken: r.PaginationToken } : {}) }),
  },
  { method: 'GET', path: '/admin/listGroups', operation: 'ListGroups', input: (p, pool) => ({ UserPoolId: pool, Limit: int(p.limit), NextToken: text(p.token) }) },
  { method: 'GET', path: '/admin/listGroupsForUser', operation: 'AdminListGroupsForUser', input: (p, pool) => ({ UserPoolId: pool, Username: p.username, Limit: int(p.limit), NextToken: text(p.token) }) },
  { method: 'GET', path: '/admin/listUsersInGroup', operation: 'ListUsersInGroup', input: (p, pool) => ({ UserPoolId: pool, GroupName: p.groupname, Limit: int(p.limit), NextToken: text(p.token) }) },
  { method: 'POST', path: '/admin/addUserToGroup', operation: 'AdminAddUserToGroup', input: (p, pool) => ({ UserPoolId: pool, Username: p.username, GroupName: p.groupname }), output: (_r, p) => ({ message: `Success adding ${text(p.username) ?? ''} to ${text(p.groupname) ?? ''}` }) },
  { method: 'POST', path: '/admin/removeUserFromGroup', operation: 'AdminRemoveUserFromGroup', input: (p, pool) => ({ UserPoolId: pool, Username: p.username, GroupName: p.groupname }), output: (_r, p) => ({ message: `Removed ${text(p.username) ?? ''} from ${text(p.groupname) ?? ''}` }) },
  { method: 'POST', path: '/admin/confirmUserSignUp', operation: 'AdminConfirmSignUp', input: (p, pool) => ({ UserPoolId: pool, Username: p.username }), output: done('Confirmed') },
  { method: 'POST', path: '/admin/disableUser', operation: 'AdminDisableUser', input: (p, pool) => ({ UserPoolId: pool, Username: p.username }), output: done('Disabled') },
  { method: 'POST', path: '/admin/enableUser', operation: 'AdminEnableUser', input: (p, pool) => ({ UserPoolId: pool, Username: p.username }), output: done('Enabled') },
  { method: 'POST', path: '/admin/signUserOut', operation: 'AdminUserGlobalSignOut', input: (p, pool) => ({ UserPoolId: pool, Username: p.username }), output: done('Signed out') },
  { method: 'POST', path: '/admin/resetUserPassword', operation: 'AdminResetUserPassword', input: (p, pool) => ({ UserPoolId: pool, Username: p.username }), output: done('Reset password of') },
  { method: 'POST', path: '/admin/setUserPassword', operation: 'AdminSetUserPassword', input: (p, pool) => ({ UserPoolId: pool, Username: p.username, Password: p.password, Permanent: p.permanent }), output: done('Set password of') },
  {
    method: 'GET',
    path: '/admin/listUserAuthEvents',
    operation: 'AdminListUserAuthEvents',
    input: (p, pool) => ({ UserPoolId: pool, Username: p.username, MaxResults: int(p.limit), NextToken: text(p.token) }),
  },
  {
    method: 'GET',
    path: '/admin/userImportReport',
    operation: 'GetUserImportJobReport',
    input: (p, pool) => ({ UserPoolId: pool, JobId: p.jobId, MaxResults: int(p.limit), NextToken: text(p.token) }),
  },
  { method: 'GET', path: '/admin/getSessionPolicy', operation: 'GetSessionPolicy', input: (_p, pool) => ({ UserPoolId: pool }) },
  { method: 'POST', path: '/admin/setSessionPolicy', operation: 'SetSessionPolicy', input: (p, pool) => ({ UserPoolId: pool, MaxSessionLengthSeconds: int(p.maxSessionLength) }) },
  {
    method: 'POST',
    path: '/admin/setUserMfaPreference',
    operation: 'AdminSetUserMFAPreference',
    input: (p, pool) => ({ UserPoolId: pool, Username: p.username, SMSMfaSettings: p.sms, SoftwareTokenMfaSettings: p.totp, EmailMfaSettings: p.email }),
    output: done('Set MFA preference of'),
  },
  {
    method: 'GET',
    path: '/admin/listUserPools',
    operation: 'ListUserPools',
    input: (p) => ({ MaxResults: int(p.limit) ?? 60, NextToken: text(p.token) }),
    serverWide: true,
  },
  { method: 'POST', path: '/admin/createUserPool', operation: 'CreateUserPool', input: createPoolInput, serverWide: true },
  { method: 'POST', path: '/admin/deleteUserPool', operation: 'DeleteUserPool', input: (p) => ({ UserPoolId: p.poolId }), output: (_r, p) => ({ message: `Deleted the user pool ${text(p.poolId) ?? ''}` }), serverWide: true },
  {
    method: 'POST',
    path: '/admin/setUserPoolDeletionProtection',
    operation: 'UpdateUserPool',
    input: (p, _pool, invoke) => deletionProtectionInput(p, invoke),
    output: (_r, p) => ({ message: `Deletion protection of ${text(p.poolId) ?? ''} is ${p.deletionProtection === true ? 'on' : 'off'}` }),
    serverWide: true,
  },
];

function sendError(reply: FastifyReply, error: unknown, status?: number): FastifyReply {
  const wire = toWireError(error);
  return reply.status(status ?? wire.status).header('x-amzn-errortype', wire.body.__type).send(wire.body);
}

/** Registers the /admin routes. */
export async function registerAdminApiRoutes(app: FastifyInstance, steward: StewardHandle): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, request, reply) => {
      const mapped = fastifyErrorToServiceError(error);
      if (mapped === undefined) request.log.error({ err: error }, 'unexpected error in the admin API');
      return sendError(reply, mapped ?? error);
    });

    for (const route of ADMIN_ROUTES) {
      const handler = async (request: FastifyRequest, reply: FastifyReply) => {
        let caller: { sub: string; username: string; poolId: string };
        try {
          const header = request.headers.authorization ?? '';
          const token = header.replace(/^Bearer\s+/i, '').trim();
          if (token === '') throw fail('NotAuthorizedException', 'Missing access token in the Authorization header.');
          const verified = await steward.tokens.verifyAccessToken(token);
          caller = { sub: verified.user.sub, username: verified.user.username, poolId: verified.poolId };
        } catch (error) {
          return sendError(reply, isServiceError(error) ? error : fail('NotAuthorizedException', 'Invalid Access Token'), 401);
        }
        try {
          // The database, not the token's cognito:groups claim, decides: removal takes effect at once.
          if (!(await groupsOfUser(steward.db, caller.sub)).includes(ADMIN_GROUP)) {
            return sendError(reply, fail('AccessDeniedException', `Only members of the ${ADMIN_GROUP} group may use the admin API.`), 403);
          }
          // Another pool's Admins group administers that pool only: every pool is the server's administrators' to see.
          if (route.serverWide === true && (await findDefaultPool(steward.db))?.userPoolId !== caller.poolId) {
            return sendError(reply, fail('AccessDeniedException', `Only Admins of the server's default user pool may use ${route.path}.`), 403);
          }
          await steward.limits.assertRequestAllowed(`admin|${caller.sub}`);
          const params: Params = route.method === 'GET' ? (request.query as Params) : ((request.body ?? {}) as Params);
          if (typeof params !== 'object' || params === null || Array.isArray(params)) throw fail('InvalidParameterException', 'The body must be a JSON object.');
          const ctx: OperationContext = {
            ...steward,
            log: fromPino(request.log),
            caller: { kind: 'admin-user', sub: caller.sub, username: caller.username },
            request: { requestId: randomUUID(), ip: request.ip, ...(typeof request.headers['user-agent'] === 'string' ? { userAgent: request.headers['user-agent'] } : {}) },
          };
          const invoke: Invoke = (name, input) => steward.registry.require('AWSCognitoIdentityProviderService', name).invoke(ctx, input);
          const input = Object.fromEntries(Object.entries(await route.input(params, caller.poolId, invoke)).filter(([, v]) => v !== undefined));
          const result = await invoke(route.operation, input);
          return reply.send(route.output !== undefined ? route.output(result, params) : result);
        } catch (error) {
          if (!isServiceError(error)) {
            request.log.error(error instanceof StepFailure ? { operation: error.operation, step: error.step, err: error.cause } : { err: error }, 'admin API failed unexpectedly');
          }
          return sendError(reply, error);
        }
      };
      if (route.method === 'GET') scope.get(route.path, handler);
      else scope.post(route.path, handler);
    }
  });
}
