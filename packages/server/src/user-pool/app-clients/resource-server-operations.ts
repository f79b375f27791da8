// Resource-server administration (admin credential, CLI): CreateResourceServer,
// DescribeResourceServer, ListResourceServers, UpdateResourceServer, DeleteResourceServer. Their
// scopes (`<identifier>/<scope name>`) are what app clients may be allowed beyond the standard ones.
import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import type { OperationContext } from '../operations/operation-context.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { array, integer, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { pageOffset, pageToken } from './page-tokens.js';
import {
  clientsAllowedScopes,
  deleteResourceServer,
  insertResourceServer,
  listResourceServers,
  requireResourceServer,
  updateResourceServer,
  type ResourceServerRecord,
  type ResourceServerScope,
} from './resource-server-repository.js';

const identifierSchema = string({ min: 1, max: 256, pattern: /^[\x21\x23-\x5B\x5D-\x7E]+$/ });
const nameSchema = string({ min: 1, max: 256, pattern: /^[\w\s+=,.@-]+$/ });
const scopesSchema = optional(
  array(object({ ScopeName: string({ min: 1, max: 256, pattern: /^[\x21\x23-\x2E\x30-\x5B\x5D-\x7E]+$/ }), ScopeDescription: string({ min: 1, max: 256 }) }), { max: 100 }),
);
const serverOfPool = object({ UserPoolId: userPoolIdSchema, Identifier: identifierSchema });
const serverInput = object({ UserPoolId: userPoolIdSchema, Identifier: identifierSchema, Name: nameSchema, Scopes: scopesSchema });

/** Cognito's ResourceServerType. */
function toResourceServerType(s: ResourceServerRecord) {
  return { UserPoolId: s.poolId, Identifier: s.identifier, Name: s.name, Scopes: s.scopes.map((c) => ({ ScopeName: c.ScopeName, ScopeDescription: c.ScopeDescription })) };
}

/** The scopes as given; InvalidParameterException when a name repeats. */
function distinctScopes(scopes: readonly ResourceServerScope[] | undefined): ResourceServerScope[] {
  const list = [...(scopes ?? [])];
  const names = list.map((s) => s.ScopeName);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated !== undefined) throw fail('InvalidParameterException', `Scope ${repeated} is listed twice.`);
  return list.map((s) => ({ ScopeName: s.ScopeName, ScopeDescription: s.ScopeDescription }));
}

/** Refuses to take away scopes app clients are still allowed: a client must never hold a scope that does not exist. */
async function assertScopesUnused(ctx: OperationContext, poolId: string, identifier: string, removed: readonly ResourceServerScope[]): Promise<void> {
  const holders = await clientsAllowedScopes(ctx.db, poolId, removed.map((s) => `${identifier}/${s.ScopeName}`));
  const first = holders[0];
  if (first !== undefined) {
    throw fail('InvalidParameterException', `Scope ${first.scopes.join(', ')} is allowed by app client ${first.clientId}; remove it from the client's AllowedOAuthScopes first.`);
  }
}

/** CreateResourceServer. */
export const createResourceServer = defineOperation('CreateResourceServer', serverInput, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('server', (_ctx, i, s): ResourceServerRecord => ({ poolId: s.pool.id, identifier: i.Identifier, name: i.Name, scopes: distinctScopes(i.Scopes) }))
  .do('insert the resource server', (ctx, _i, s) =>
    ctx.audit.change(
      (tx) => insertResourceServer(tx, s.server, ctx.clock.now()),
      () => operationEvent(ctx, 'admin.resource_server.created', undefined, { record: { type: 'resource_server', id: s.server.identifier }, changes: fieldChanges(null, { name: s.server.name, scopes: s.server.scopes }) }),
    ),
  )
  .respond((_ctx, _i, s) => ({ ResourceServer: toResourceServerType(s.server) }));

/** DescribeResourceServer. */
export const describeResourceServer = defineOperation('DescribeResourceServer', serverOfPool, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('server', (ctx, i, s) => requireResourceServer(ctx.db, s.pool.id, i.Identifier))
  .respond((_ctx, _i, s) => ({ ResourceServer: toResourceServerType(s.server) }));

/** ListResourceServers, by identifier. */
export const listResourceServersOperation = defineOperation(
  'ListResourceServers',
  object({ UserPoolId: userPoolIdSchema, MaxResults: optional(integer(1, 50)), NextToken: optional(string({ min: 1, max: 256 })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('page', async (ctx, i, s) => {
    const limit = i.MaxResults ?? 50;
    const offset = pageOffset(i.NextToken);
    return { ...(await listResourceServers(ctx.db, s.pool.id, limit, offset)), next: offset + limit };
  })
  .respond((_ctx, _i, s) => ({ ResourceServers: s.page.servers.map(toResourceServerType), ...(s.page.more ? { NextToken: pageToken(s.page.next) } : {}) }));

/** UpdateResourceServer: replaces the name and the scopes (as Cognito's: leaving Scopes out removes them all). */
export const updateResourceServerOperation = defineOperation('UpdateResourceServer', serverInput, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('current', (ctx, i, s) => requireResourceServer(ctx.db, s.pool.id, i.Identifier))
  .step('server', (_ctx, i, s): ResourceServerRecord => ({ poolId: s.pool.id, identifier: i.Identifier, name: i.Name, scopes: distinctScopes(i.Scopes) }))
  .do('keep scopes clients are allowed', (ctx, i, s) =>
    assertScopesUnused(ctx, s.pool.id, i.Identifier, s.current.scopes.filter((old) => !s.server.scopes.some((kept) => kept.ScopeName === old.ScopeName))),
  )
  .do('save the resource server', async (ctx, i, s) => {
    const saved = await ctx.audit.change(
      (tx) => updateResourceServer(tx, s.server),
      (done) =>
        done
          ? operationEvent(ctx, 'admin.resource_server.updated', undefined, {
              record: { type: 'resource_server', id: s.server.identifier },
              changes: fieldChanges({ name: s.current.name, scopes: s.current.scopes }, { name: s.server.name, scopes: s.server.scopes }),
            })
          : undefined,
    );
    if (!saved) throw fail('ResourceNotFoundException', `Resource server ${i.Identifier} does not exist.`);
  })
  .respond((_ctx, _i, s) => ({ ResourceServer: toResourceServerType(s.server) }));

/** DeleteResourceServer (refused while an app client is allowed one of its scopes). */
export const deleteResourceServerOperation = defineOperation('DeleteResourceServer', serverOfPool, { access: 'admin' })
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('current', (ctx, i, s) => requireResourceServer(ctx.db, s.pool.id, i.Identifier))
  .do('keep scopes clients are allowed', (ctx, i, s) => assertScopesUnused(ctx, s.pool.id, i.Identifier, s.current.scopes))
  .do('delete the resource server', async (ctx, i, s) => {
    const deleted = await ctx.audit.change(
      (tx) => deleteResourceServer(tx, s.pool.id, i.Identifier),
      (done) => (done ? operationEvent(ctx, 'admin.resource_server.deleted', undefined, { record: { type: 'resource_server', id: i.Identifier }, changes: fieldChanges({ name: s.current.name, scopes: s.current.scopes }, null) }) : undefined),
    );
    if (!deleted) throw fail('ResourceNotFoundException', `Resource server ${i.Identifier} does not exist.`);
  })
  .respond(() => ({}));
