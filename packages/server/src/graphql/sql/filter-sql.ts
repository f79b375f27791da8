import type { ModelEntity, ModelField } from '../model/resolved-model.js';
import { badRequest } from '../errors/data-api-errors.js';
import { checkText, maxLengthOf, type InputLimits } from '../limits/input-values.js';
import { defaultQueryLimits, type QueryLimits } from '../limits/query-limits.js';
import { ident, type SqlParams } from './sql-text.js';

/** A model filter input as graphql-js coerces it: field conditions plus and/or/not. */
export type FilterInput = Readonly<Record<string, unknown>>;

/** The limits a filter is held to: its size and the length of its operands. */
export type FilterLimits = InputLimits & Pick<QueryLimits, 'maxFilterConditions'>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 with a time zone, as AWSDateTime requires.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** True when `value` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (m === null) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** True when `value` is an ISO 8601 date-time with a zone that parses to a real instant. */
export function isDateTime(value: string): boolean {
  return DATE_TIME.test(value) && isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

interface OperandContext {
  readonly entity: ModelEntity;
  readonly limits: InputLimits;
}

function checkOperand(field: ModelField, op: string, value: unknown, context: OperandContext): unknown {
  if (value === null || value === undefined) throw badRequest(`Filter ${field.name}.${op} needs a value.`);
  // An operand longer than the field may hold can match nothing, and a NUL would fail in the database.
  if (typeof value === 'string') checkText(value, maxLengthOf(context.entity, field, context.limits), `Filter ${field.name}.${op}`);
  if (typeof value === 'string' && (op !== 'contains' && op !== 'notContains' && op !== 'beginsWith')) {
    if (field.kind === 'AWSDate' && !isCalendarDate(value)) throw badRequest(`Filter ${field.name}.${op}: "${value}" is not a date (YYYY-MM-DD).`);
    if (field.kind === 'AWSDateTime' && !isDateTime(value)) throw badRequest(`Filter ${field.name}.${op}: "${value}" is not an ISO 8601 date-time.`);
  }
  return value;
}

const COMPARISONS: Readonly<Record<string, string>> = { le: '<=', lt: '<', ge: '>=', gt: '>' };

function fieldCondition(field: ModelField, condition: Readonly<Record<string, unknown>>, params: SqlParams, context: OperandContext): string[] {
  const col = ident(field.name);
  const asText = field.kind === 'String' || field.kind === 'ID' || field.kind === 'AWSJSON' ? col : `${col}::text`;
  const parts: string[] = [];
  for (const [op, value] of Object.entries(condition)) {
    if (value === undefined) continue;
    switch (op) {
      case 'eq':
        parts.push(value === null ? `${col} IS NULL` : `${col} = ${params.add(checkOperand(field, op, value, context))}`);
        break;
      case 'ne':
        // As in DynamoDB, a missing value is "not equal" to anything.
        parts.push(value === null ? `${col} IS NOT NULL` : `${col} IS DISTINCT FROM ${params.add(checkOperand(field, op, value, context))}`);
        break;
      case 'le':
      case 'lt':
      case 'ge':
      case 'gt':
        parts.push(`${col} ${COMPARISONS[op]} ${params.add(checkOperand(field, op, value, context))}`);
        break;
      case 'between': {
        if (!Array.isArray(value) || value.length !== 2) throw badRequest(`Filter ${field.name}.between needs exactly two values.`);
        const [low, high] = value as unknown[];
        parts.push(`${col} BETWEEN ${params.add(checkOperand(field, op, low, context))} AND ${params.add(checkOperand(field, op, high, context))}`);
        break;
      }
      case 'contains':
        parts.push(`strpos(${asText}, ${params.add(checkOperand(field, op, value, context))}::text) > 0`);
        break;
      case 'notContains':
        parts.push(`(${col} IS NULL OR strpos(${asText}, ${params.add(checkOperand(field, op, value, context))}::text) = 0)`);
        break;
      case 'beginsWith':
        parts.push(`starts_with(${asText}, ${params.add(checkOperand(field, op, value, context))}::text)`);
        break;
      case 'attributeExists':
        if (value === null) throw badRequest(`Filter ${field.name}.attributeExists needs true or false.`);
        parts.push(value === true ? `${col} IS NOT NULL` : `${col} IS NULL`);
        break;
      default:
        // The input types only declare the operators above; this guards hand-built filters.
        throw badRequest(`Unknown filter operator ${op} on ${field.name}.`);
    }
  }
  return parts;
}

interface Budget {
  nodes: number;
}

function compile(entity: ModelEntity, filter: FilterInput, params: SqlParams, budget: Budget, depth: number, limits: InputLimits): string {
  if (depth > 16) throw badRequest('The filter is nested too deeply (at most 16 levels of and/or/not).');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    budget.nodes -= 1;
    if (budget.nodes < 0) throw badRequest('The filter has too many conditions.');
    if (key === 'and' || key === 'or') {
      if (value === null) continue;
      if (!Array.isArray(value)) throw badRequest(`Filter ${key} must be a list.`);
      const members = (value as FilterInput[]).map((f) => compile(entity, f, params, budget, depth + 1, limits));
      if (members.length === 0) parts.push(key === 'and' ? 'TRUE' : 'FALSE');
      else parts.push(`(${members.join(key === 'and' ? ' AND ' : ' OR ')})`);
      continue;
    }
    if (key === 'not') {
      if (value === null) continue;
      parts.push(`NOT COALESCE(${compile(entity, value as FilterInput, params, budget, depth + 1, limits)}, FALSE)`);
      continue;
    }
    const field = entity.fieldByName.get(key);
    if (field === undefined) throw badRequest(`${key} is not a field of ${entity.name}.`);
    if (value === null) continue;
    parts.push(...fieldCondition(field, value as Readonly<Record<string, unknown>>, params, { entity, limits }));
  }
  return parts.length === 0 ? 'TRUE' : parts.length === 1 ? (parts[0] ?? 'TRUE') : `(${parts.join(' AND ')})`;
}

/**
 * Compiles a model filter input to a SQL boolean expression over `entity`'s columns, adding its
 * operands to `params`. Throws BadRequestException for operands that cannot apply (a malformed date,
 * `between` without two values, a string longer than its field may hold or holding a NUL, a filter
 * too large).
 */
export function compileFilter(entity: ModelEntity, filter: FilterInput | null | undefined, params: SqlParams, limits: FilterLimits = defaultQueryLimits): string {
  if (filter === null || filter === undefined) return 'TRUE';
  return compile(entity, filter, params, { nodes: limits.maxFilterConditions }, 0, limits);
}
