import { fieldChanges } from '../../audit/audit-event.js';
import { operationEvent } from '../../audit/operation-audit.js';
import { fail } from '../../errors/catalogue.js';
import { defineOperation } from '../operations/operation.js';
import { object, stringMap } from '../wire/input-schema.js';
import { MAX_TAGS } from './pool-settings.js';
import { poolOfArn, resourceArnSchema, saveTags, tagsOf } from './pool-tags.js';

/** TagResource: adds or replaces tags of the pool the ARN names; a pool has at most 50. */
export const tagResource = defineOperation('TagResource', object({ ResourceArn: resourceArnSchema, Tags: stringMap({ maxEntries: MAX_TAGS, maxKeyLength: 128, maxValueLength: 256 }) }), {
  access: 'admin',
})
  .do('tag the pool', (ctx, i) =>
    ctx.audit.transaction(async (tx, audit) => {
      for (const key of Object.keys(i.Tags)) if (key === '' || key.startsWith('aws:')) throw fail('InvalidParameterException', `Invalid tag key ${key}: 1 to 128 characters, not starting with aws:.`);
      const pool = await poolOfArn(tx, ctx.config.region, i.ResourceArn, true);
      const before = tagsOf(pool);
      const after = { ...before, ...i.Tags };
      if (Object.keys(after).length > MAX_TAGS) throw fail('InvalidParameterException', `A user pool has at most ${MAX_TAGS} tags.`);
      await saveTags(tx, pool.id, after, ctx.clock.now());
      audit.record(operationEvent(ctx, 'admin.pool.tags_changed', undefined, { record: { type: 'user_pool', id: pool.id }, changes: fieldChanges(before, after) }));
    }),
  )
  .respond(() => ({}));
