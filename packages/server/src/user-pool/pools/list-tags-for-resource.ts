import { defineOperation } from '../operations/operation.js';
import { object } from '../wire/input-schema.js';
import { poolOfArn, resourceArnSchema, tagsOf } from './pool-tags.js';

/** ListTagsForResource: the tags of the pool the ARN names. */
export const listTagsForResource = defineOperation('ListTagsForResource', object({ ResourceArn: resourceArnSchema }), { access: 'admin' })
  .step('pool', (ctx, i) => poolOfArn(ctx.db, ctx.config.region, i.ResourceArn))
  .respond((_ctx, _i, s) => ({ Tags: tagsOf(s.pool) }));
