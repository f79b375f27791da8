import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from '../execution/graphql-js.js';
import { isCalendarDate, isDateTime } from '../sql/filter-sql.js';

function stringLiteral(name: string, ast: ValueNode): string {
  if (ast.kind !== Kind.STRING) throw new GraphQLError(`${name} must be given as a string.`, { nodes: ast });
  return ast.value;
}

function parseJsonText(value: unknown): string {
  // AppSync takes AWSJSON as a string holding JSON; an object from variables is accepted and serialized.
  if (typeof value !== 'string') {
    if (value === undefined) throw new GraphQLError('AWSJSON needs a value.');
    return JSON.stringify(value);
  }
  try {
    JSON.parse(value);
  } catch {
    throw new GraphQLError('AWSJSON must be a string holding valid JSON.');
  }
  return value;
}

/** AWSJSON: JSON carried as a string, validated on input, returned as the stored text. */
export const AWSJSON = new GraphQLScalarType<string, string>({
  name: 'AWSJSON',
  description: 'A JSON value, sent and returned as a string.',
  serialize: (value) => (typeof value === 'string' ? value : JSON.stringify(value)),
  parseValue: parseJsonText,
  parseLiteral: (ast) => parseJsonText(stringLiteral('AWSJSON', ast)),
});

function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !isCalendarDate(value)) throw new GraphQLError(`AWSDate must be a calendar date YYYY-MM-DD; got ${JSON.stringify(value)}.`);
  return value;
}

/** AWSDate: an ISO 8601 calendar date, YYYY-MM-DD. */
export const AWSDate = new GraphQLScalarType<string, string>({
  name: 'AWSDate',
  description: 'A calendar date, YYYY-MM-DD.',
  serialize: (value) => String(value),
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(stringLiteral('AWSDate', ast)),
});

function parseDateTime(value: unknown): string {
  if (typeof value !== 'string' || !isDateTime(value)) throw new GraphQLError(`AWSDateTime must be an ISO 8601 date-time with a zone; got ${JSON.stringify(value)}.`);
  return value;
}

/** AWSDateTime: an ISO 8601 instant with a zone; returned in UTC with milliseconds. */
export const AWSDateTime = new GraphQLScalarType<string, string>({
  name: 'AWSDateTime',
  description: 'An instant, ISO 8601 with a zone, e.g. 2024-05-01T12:00:00.000Z.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : String(value)),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(stringLiteral('AWSDateTime', ast)),
});

function parseTimestamp(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new GraphQLError(`AWSTimestamp must be a whole number of seconds; got ${JSON.stringify(value)}.`);
  return value;
}

/** AWSTimestamp: whole seconds since the epoch (beyond GraphQL Int's 2038 limit). */
export const AWSTimestamp = new GraphQLScalarType<number, number>({
  name: 'AWSTimestamp',
  description: 'Seconds since 1970-01-01T00:00:00Z.',
  serialize: (value) => (typeof value === 'number' ? value : Number(value)),
  parseValue: parseTimestamp,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT) throw new GraphQLError('AWSTimestamp must be an integer.', { nodes: ast });
    return parseTimestamp(Number(ast.value));
  },
});
