// Tags of a pool (TagResource, UntagResource, ListTagsForResource, CreateUserPool's UserPoolTags):
// kept in user_pools.settings under `userPoolTags`; the resource is named by the pool's ARN.
import type { Queryable } from '../../db/database.js';
import { fail } from '../../errors/catalogue.js';
import { string } from '../wire/input-schema.js';
import { requirePool, type PoolRecord } from './pool-repository.js';
import { storedSetting } from './pool-settings.js';
import { poolArn } from './user-pool-shapes.js';

/** ResourceArn on the wire (Cognito's ARN pattern). */
export const resourceArnSchema = string({ min: 20, max: 2048, pattern: /^arn:[\w+=/,.@-]+:[\w+=/,.@-]+:([\w+=/,.@-]*)?:[0-9]+:[\w+=/,.@-]+(:[\w+=/,.@-]+)?(:[\w+=/,.@-]+)?$/ });

/** The pool an ARN names, locked for update when `forUpdate`; ResourceNotFoundException for any other ARN. */
export async function poolOfArn(q: Queryable, region: string, arn: string, forUpdate = false): Promise<PoolRecord> {
  const match = /^arn:aws:cognito-idp:[\w-]+:\d{12}:userpool\/([\w-]+_[0-9a-zA-Z]+)$/.exec(arn);
  const poolId = match?.[1];
  // Only the exact ARN DescribeUserPool shows names the pool (region and account included).
  if (poolId === undefined || poolArn(region, poolId) !== arn) throw fail('ResourceNotFoundException', `Resource ${arn} does not exist.`);
  if (forUpdate) await q.query('SELECT id FROM user_pools WHERE id = $1 FOR UPDATE', [poolId]);
  try {
    return await requirePool(q, poolId);
  } catch {
    throw fail('ResourceNotFoundException', `Resource ${arn} does not exist.`);
  }
}

/** The pool's tags. */
export function tagsOf(pool: PoolRecord): Record<string, string> {
  return { ...storedSetting(pool, 'userPoolTags') };
}

/** Stores the pool's tags. */
export async function saveTags(q: Queryable, poolId: string, tags: Readonly<Record<string, string>>, now: Date): Promise<void> {
  await q.query(`UPDATE user_pools SET settings = jsonb_set(settings, '{userPoolTags}', $2::jsonb), updated_at = $3 WHERE id = $1`, [poolId, JSON.stringify(tags), now]);
}
