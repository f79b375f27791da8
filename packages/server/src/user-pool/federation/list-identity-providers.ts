import { epochSeconds } from '../../time/clock.js';
import { pageOffset, pageToken } from '../app-clients/page-tokens.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { integer, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { listProviders } from './identity-provider-repository.js';

/** ListIdentityProviders: names and types, by name, MaxResults (1–60) at a time. */
export const listIdentityProviders = defineOperation(
  'ListIdentityProviders',
  object({ UserPoolId: userPoolIdSchema, MaxResults: optional(integer(1, 60)), NextToken: optional(string({ min: 1, max: 131072 })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('page', async (ctx, i, s) => {
    const limit = i.MaxResults ?? 60;
    const offset = pageOffset(i.NextToken);
    return { ...(await listProviders(ctx.db, s.pool.id, limit, offset)), next: offset + limit };
  })
  .respond((_ctx, _i, s) => ({
    Providers: s.page.providers.map((p) => ({ ProviderName: p.name, ProviderType: p.type, LastModifiedDate: epochSeconds(p.updatedAt), CreationDate: epochSeconds(p.createdAt) })),
    ...(s.page.more ? { NextToken: pageToken(s.page.next) } : {}),
  }));
