import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { integer, object, optional, string } from '../wire/input-schema.js';
import { toPool, type PoolRow } from './pool-repository.js';
import { toUserPoolDescription } from './user-pool-shapes.js';

/** The pool id a NextToken continues after (base64url of the last id listed). */
function afterId(token: string | undefined): string {
  if (token === undefined) return '';
  const id = Buffer.from(token, 'base64url').toString('utf8');
  if (!/^[\w-]+_[0-9a-zA-Z]+$/.test(id)) throw fail('InvalidParameterException', 'Invalid pagination token.');
  return id;
}

/** ListUserPools: the pools by id, MaxResults (1–60, required) at a time, paged by NextToken. */
export const listUserPools = defineOperation('ListUserPools', object({ MaxResults: integer(1, 60), NextToken: optional(string({ min: 1, max: 131072, pattern: /^[\S]+$/ })) }), {
  access: 'admin',
})
  .step('page', async (ctx, i) => {
    const rows = await ctx.db.query<PoolRow & { updated_at: Date }>('SELECT * FROM user_pools WHERE id > $1 ORDER BY id LIMIT $2', [afterId(i.NextToken), i.MaxResults + 1]);
    return { rows: rows.slice(0, i.MaxResults), more: rows.length > i.MaxResults };
  })
  .respond((_ctx, _i, s) => {
    const last = s.page.rows[s.page.rows.length - 1];
    return {
      UserPools: s.page.rows.map((row) => toUserPoolDescription(toPool(row), new Date(row.updated_at))),
      ...(s.page.more && last !== undefined ? { NextToken: Buffer.from(last.id).toString('base64url') } : {}),
    };
  });
