import { pageOffset, pageToken } from '../app-clients/page-tokens.js';
import { defineOperation } from '../operations/operation.js';
import { requirePool } from '../pools/pool-repository.js';
import { integer, object, optional, string, userPoolIdSchema } from '../wire/input-schema.js';
import { listTerms } from './terms-repository.js';
import { toTermsDescription } from './terms-shapes.js';

/** ListTerms: the pool's terms, oldest first, MaxResults (1–60) at a time. */
export const listTermsOperation = defineOperation(
  'ListTerms',
  object({ UserPoolId: userPoolIdSchema, MaxResults: optional(integer(1, 60)), NextToken: optional(string({ min: 1, max: 131072 })) }),
  { access: 'admin' },
)
  .step('pool', (ctx, i) => requirePool(ctx.db, i.UserPoolId))
  .step('page', async (ctx, i, s) => {
    const limit = i.MaxResults ?? 60;
    const offset = pageOffset(i.NextToken);
    return { ...(await listTerms(ctx.db, s.pool.id, limit, offset)), next: offset + limit };
  })
  .respond((_ctx, _i, s) => ({ Terms: s.page.terms.map(toTermsDescription), ...(s.page.more ? { NextToken: pageToken(s.page.next) } : {}) }));
