// Checks of input values before they reach the database: a value too long for its column's index,
// or one PostgreSQL cannot store as sent, must be a clear BadRequestException on its field, never
// a database error turned InternalFailure (or text stored altered).
import { badRequest } from '../errors/data-api-errors.js';
import type { ModelEntity, ModelField } from '../model/resolved-model.js';
import type { QueryLimits } from './query-limits.js';

/** The input-size limits (defaults in defaultQueryLimits). */
export type InputLimits = Pick<QueryLimits, 'maxKeyLength' | 'maxTextLength' | 'maxJsonLength'>;

/** Largest magnitude numeric(18,2) holds: 16 digits before the point. */
const MAX_DECIMAL = 1e16;

// A lone surrogate has no UTF-8 form (drivers would store U+FFFD instead). With the u flag, a
// proper surrogate pair is one code point and never matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const keyFieldsOf = new WeakMap<ModelEntity, ReadonlySet<string>>();

/** Names of the fields held in an index: id and ID references, indexed, unique, composite-index, sorted-index and single-active fields. */
function keyFields(entity: ModelEntity): ReadonlySet<string> {
  let names = keyFieldsOf.get(entity);
  if (names === undefined) {
    const set = new Set(entity.fields.filter((f) => f.kind === 'ID' || f.indexed).map((f) => f.name));
    for (const name of entity.uniqueFields) set.add(name);
    for (const index of entity.compositeIndexes) for (const name of index) set.add(name);
    for (const index of entity.sortedIndexes) for (const name of [index.partitionKey, index.sortKey]) if (name !== undefined) set.add(name);
    if (entity.singleActive !== undefined) set.add(entity.singleActive.scope);
    names = set;
    keyFieldsOf.set(entity, names);
  }
  return names;
}

/** The most UTF-16 code units a string value of `field` may have. */
export function maxLengthOf(entity: ModelEntity, field: ModelField, limits: InputLimits): number {
  if (keyFields(entity).has(field.name)) return limits.maxKeyLength;
  return field.kind === 'AWSJSON' ? limits.maxJsonLength : limits.maxTextLength;
}

/** Refuses a string that is longer than `max` or that PostgreSQL cannot store as sent; `what` names it. */
export function checkText(value: string, max: number, what: string): void {
  if (value.length > max) throw badRequest(`${what} may hold at most ${max} characters; got ${value.length}.`);
  // PostgreSQL text cannot hold U+0000: refused here rather than failing in the database.
  if (value.includes('\u0000')) throw badRequest(`${what} contains a NUL character (\\u0000), which cannot be stored.`);
  if (LONE_SURROGATE.test(value)) throw badRequest(`${what} is not valid Unicode: it contains a lone surrogate.`);
}

/** Refuses a record id (argument or input) that no record can have. */
export function checkId(value: unknown, limits: InputLimits, what = 'id'): void {
  if (typeof value === 'string') checkText(value, limits.maxKeyLength, what);
}

/**
 * Refuses a value of `field` (an input value or a filter operand) that its column cannot hold: a
 * string over the field's length limit or unstorable, a decimal beyond numeric(18,2).
 */
export function checkFieldValue(entity: ModelEntity, field: ModelField, value: unknown, limits: InputLimits, what = `${entity.name}.${field.name}`): void {
  if (typeof value === 'string') checkText(value, maxLengthOf(entity, field, limits), what);
  else if (typeof value === 'number' && field.decimal && !(Math.abs(value) < MAX_DECIMAL)) {
    throw badRequest(`${what} must be less than ${MAX_DECIMAL} in magnitude (numeric(18,2)); got ${value}.`);
  }
}
