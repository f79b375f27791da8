// App-client administration (admin credential, CLI): CreateUserPoolClient, UpdateUserPoolClient,
// DescribeUserPoolClient, ListUserPoolClients, DeleteUserPoolClient, with Cognito's checks
// (client-settings.ts) and answers (UserPoolClientType).
import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { processRevocations } from '../../tokens/revocation-feed.js';
import { providerNames } from '../federation/identity-provider-repository.js';
import { defineOperation } from '../operations/operation.js';
import { findDefaultPool, requirePool } from '../pools/pool-repository.js';
import { boolean, clientIdSchema, integer, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { type AppClientDetails, createPoolClient, customScopesOf, deletePoolClient, listPoolClients, newClientSecret, requirePoolClient, saveClientSettings } from './app-client-repository.js';
import { toUserPoolClientType } from './app-client-shapes.js';
import { clientSettingsMembers, resolveClientSettings } from './client-settings.js';
import { pageOffset, pageToken } from './page-tokens.js';

const clientOfPool = object({ UserPoolId: userPoolIdSchema, ClientId: clientIdSchema });

/** A client's settings as the audit trail records them: Cognito's shape without the secret and the dates. */
function auditedSettings(details: AppClientDetails, defaults: Parameters<typeof toUserPoolClientType>[1]): Record<string, unknown> {
  const { ClientSecret: _secret, LastModifiedDate: _modified, CreationDate: _created, ...settings } = toUserPoolClientType(details, defaults) as Record<string, unknown>;
  return settings;
}

/** CreateUserPoolClient: a new app client (with a random secret when GenerateSecret is true). */
export const createUserPoolClient = defineOperation('CreateUserPoolClient', object({ UserPoolId: userPoolIdSchema, GenerateSecret: optional(boolean()), ...clientSettingsMembers }), {
  access: 'admin',
})
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('settings', async (ctx, i, s) => resolveClientSettings(i, { pool: s.pool, customScopes: await customScopesOf(ctx.db, s.pool.id), hasSecret: i.GenerateSecret === true, identityProviders: await providerNames(ctx.db, s.pool.id) }))
  .step('clientId', (ctx, i, s) =>
    createPoolClient(ctx, s.pool.id, s.settings, i.GenerateSecret === true ? newClientSecret() : null, ctx.clock.now(), async (tx, id) => {
      const created = await requirePoolClient({ db: tx, secrets: ctx.secrets }, s.pool.id, id);
      await ctx.audit.append(tx, operationEvent(ctx, 'admin.client.created', undefined, { record: { type: 'app_client', id }, changes: fieldChanges(null, auditedSettings(created, ctx.config)) }));
    }),
  )
  .step('created', (ctx, _i, s) => requirePoolClient(ctx, s.pool.id, s.clientId))
  .respond((ctx, _i, s) => ({ UserPoolClient: toUserPoolClientType(s.created, ctx.config) }));

/**
 * UpdateUserPoolClient. As Cognito's, it replaces every setting: a member left out takes its
 * default (to change one setting, describe the client and send everything back). The name is kept
 * when left out; the secret never changes.
 */
export const updateUserPoolClient = defineOperation(
  'UpdateUserPoolClient',
  object({ UserPoolId: userPoolIdSchema, ClientId: clientIdSchema, ...clientSettingsMembers, ClientName: optional(clientSettingsMembers.ClientName) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('current', (ctx, i, s) => requirePoolClient(ctx, s.pool.id, i.ClientId))
  .step('settings', async (ctx, i, s) =>
    resolveClientSettings({ ...i, ClientName: i.ClientName ?? s.current.client.name }, { pool: s.pool, customScopes: await customScopesOf(ctx.db, s.pool.id), hasSecret: s.current.client.secret !== null, identityProviders: await providerNames(ctx.db, s.pool.id) }),
  )
  .do('save the settings', async (ctx, i, s) => {
    const saved = await ctx.audit.transaction(async (tx, audit) => {
      if (!(await saveClientSettings(tx, s.pool.id, i.ClientId, s.settings, ctx.clock.now()))) return false;
      const updated = await requirePoolClient({ db: tx, secrets: ctx.secrets }, s.pool.id, i.ClientId);
      audit.record(operationEvent(ctx, 'admin.client.updated', undefined, { record: { type: 'app_client', id: i.ClientId }, changes: fieldChanges(auditedSettings(s.current, ctx.config), auditedSettings(updated, ctx.config)) }));
      return true;
    });
    if (!saved) throw fail('ResourceNotFoundException', `User pool client ${i.ClientId} does not exist.`);
  })
  .step('updated', (ctx, i, s) => requirePoolClient(ctx, s.pool.id, i.ClientId))
  .respond((ctx, _i, s) => ({ UserPoolClient: toUserPoolClientType(s.updated, ctx.config) }));

/** DescribeUserPoolClient (with ClientSecret, as Cognito shows it to administrators). */
export const describeUserPoolClient = defineOperation('DescribeUserPoolClient', clientOfPool, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('details', (ctx, i, s) => requirePoolClient(ctx, s.pool.id, i.ClientId))
  .respond((ctx, _i, s) => ({ UserPoolClient: toUserPoolClientType(s.details, ctx.config) }));

/** ListUserPoolClients: ids and names, oldest first. */
export const listUserPoolClients = defineOperation(
  'ListUserPoolClients',
  object({ UserPoolId: userPoolIdSchema, MaxResults: optional(integer(1, 60)), NextToken: optional(string({ min: 1, max: 256 })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('page', async (ctx, i, s) => {
    const limit = i.MaxResults ?? 60;
    const offset = pageOffset(i.NextToken);
    return { ...(await listPoolClients(ctx.db, s.pool.id, limit, offset)), next: offset + limit };
  })
  .respond((_ctx, _i, s) => ({
    UserPoolClients: s.page.clients.map((c) => ({ ClientId: c.id, UserPoolId: s.pool.id, ClientName: c.name })),
    ...(s.page.more ? { NextToken: pageToken(s.page.next) } : {}),
  }));

/** DeleteUserPoolClient: the client and every sign-in made through it. */
export const deleteUserPoolClient = defineOperation('DeleteUserPoolClient', clientOfPool, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .do('keep the default client', async (ctx, i) => {
    // /runtime-config.json hands this client to the web app: deleting it would lock everyone out.
    if ((await findDefaultPool(ctx.db))?.clientId === i.ClientId) {
      throw fail('InvalidParameterException', `User pool client ${i.ClientId} is the server's default client (the web app's); it cannot be deleted.`);
    }
  })
  .step('signedOut', (ctx, i, s) =>
    deletePoolClient(ctx.db, s.pool.id, i.ClientId, (tx, ended) =>
      ctx.audit.append(tx, operationEvent(ctx, 'admin.client.deleted', undefined, { record: { type: 'app_client', id: i.ClientId }, details: { signInsEnded: ended } })),
    ),
  )
  // In-process caches of verified access tokens drop the ended sign-ins at once.
  .do('announce the revocations', (_ctx, _i, s) => s.signedOut.forEach((sub) => processRevocations.publish({ sub })))
  .respond(() => ({}));
