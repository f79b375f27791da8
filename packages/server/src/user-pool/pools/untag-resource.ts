import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { defineOperation } from '../operations/operation.js';
import { array, object, string } from '../wire/input-schema.js';
import { MAX_TAGS } from './pool-settings.js';
import { poolOfArn, resourceArnSchema, saveTags, tagsOf } from './pool-tags.js';

/** UntagResource: removes the named tags (names it does not have are ignored). */
export const untagResource = defineOperation('UntagResource', object({ ResourceArn: resourceArnSchema, TagKeys: array(string({ min: 1, max: 128 }), { max: MAX_TAGS }) }), { access: 'admin' })
  .do('untag the pool', (ctx, i) =>
    ctx.audit.transaction(async (tx, audit) => {
      const pool = await poolOfArn(tx, ctx.config.region, i.ResourceArn, true);
      const before = tagsOf(pool);
      const after = Object.fromEntries(Object.entries(before).filter(([key]) => !i.TagKeys.includes(key)));
      await saveTags(tx, pool.id, after, ctx.clock.now());
      audit.record(operationEvent(ctx, 'admin.pool.tags_changed', undefined, { record: { type: 'user_pool', id: pool.id }, changes: fieldChanges(before, after) }));
    }),
  )
  .respond(() => ({}));
