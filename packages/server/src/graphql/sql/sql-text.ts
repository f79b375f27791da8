import type { ModelField } from '../model/resolved-model.js';

/** Quotes an identifier of the model (names are checked as plain identifiers when the model resolves). */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Collects positional parameters ($1, $2, …) while a statement is built. */
export class SqlParams {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The SELECT expression of a field, producing the wire value on both adapters: timestamps as ISO
 * strings with milliseconds and Z, dates as YYYY-MM-DD, int8/numeric as JS numbers.
 */
export function outputExpression(field: ModelField, table?: string): string {
  const col = table === undefined ? ident(field.name) : `${table}.${ident(field.name)}`;
  switch (field.kind) {
    case 'AWSDateTime':
      return `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${ident(field.name)}`;
    case 'AWSDate':
      return `${col}::text AS ${ident(field.name)}`;
    case 'AWSTimestamp':
      return `${col}::float8 AS ${ident(field.name)}`;
    case 'Float':
      return field.decimal ? `${col}::float8 AS ${ident(field.name)}` : col;
    default:
      return col;
  }
}

/** The SELECT list of the given fields. */
export function selectList(fields: readonly ModelField[], table?: string): string {
  return fields.map((f) => outputExpression(f, table)).join(', ');
}
