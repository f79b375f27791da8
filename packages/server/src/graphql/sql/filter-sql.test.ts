import { describe, expect, it } from 'vitest';
import { dataModel } from '../model/data-model.js';
import { resolveModel } from '../model/resolved-model.js';
import { compileFilter, isCalendarDate, isDateTime } from './filter-sql.js';
import { SqlParams } from './sql-text.js';

const account = resolveModel(dataModel).entity('AccountMdl');

describe('compileFilter', () => {
  it('puts every operand in a parameter, never in the SQL text', () => {
    const params = new SqlParams();
    const sql = compileFilter(account, { clientNumber: { eq: "x'; DROP TABLE x; --" }, or: [{ fileNumber: { beginsWith: 'F' } }] }, params);
    expect(sql).toBe('("clientNumber" = $1 AND (starts_with("fileNumber", $2::text)))');
    expect(params.values).toEqual(["x'; DROP TABLE x; --", 'F']);
  });

  it('treats a missing value as not equal and not containing, as DynamoDB does', () => {
    const params = new SqlParams();
    expect(compileFilter(account, { operator: { ne: 'a', notContains: 'b' } }, params)).toBe('("operator" IS DISTINCT FROM $1 AND ("operator" IS NULL OR strpos("operator", $2::text) = 0))');
    expect(compileFilter(account, { not: { operator: { eq: 'a' } } }, new SqlParams())).toBe('NOT COALESCE("operator" = $1, FALSE)');
  });

  it('is TRUE for no filter and refuses too many conditions', () => {
    expect(compileFilter(account, null, new SqlParams())).toBe('TRUE');
    expect(compileFilter(account, {}, new SqlParams())).toBe('TRUE');
    const many = { or: Array.from({ length: 101 }, () => ({ tuScore: { eq: 1 } })) };
    expect(() => compileFilter(account, many, new SqlParams())).toThrow('too many conditions');
  });
});

describe('date checks', () => {
  it('accepts real calendar dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-2-1')).toBe(false);
  });
  it('accepts ISO date-times with a zone only', () => {
    expect(isDateTime('2024-05-01T12:00:00.000Z')).toBe(true);
    expect(isDateTime('2024-05-01T12:00:00+02:00')).toBe(true);
    expect(isDateTime('2024-05-01T12:00:00')).toBe(false);
  });
});
