import { describe, expect, it } from 'vitest';
import { filterCondition, parseUserFilter } from './list-users.js';

/** The name of the error `fn` throws ('no error' when it returns). */
function thrownName(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).name;
  }
  return 'no error';
}

describe('ListUsers filter', () => {
  it('parses equality and prefix filters with escaped quotes', () => {
    expect(parseUserFilter('email = "a@b.c"')).toEqual({ attribute: 'email', operator: '=', value: 'a@b.c' });
    expect(parseUserFilter('family_name ^= "O\\"Br"')).toEqual({ attribute: 'family_name', operator: '^=', value: 'O"Br' });
    expect(parseUserFilter('')).toBeUndefined();
    expect(parseUserFilter(undefined)).toBeUndefined();
  });

  it('refuses unknown attributes and malformed filters with InvalidParameterException', () => {
    for (const bad of ['custom:clientNumber = "1"', 'email = a', 'email == "x"', '"email" = "x"']) {
      expect(thrownName(() => parseUserFilter(bad))).toBe('InvalidParameterException');
    }
  });

  it('escapes LIKE wildcards in prefixes and never puts the value into SQL text', () => {
    // Threat: SQL or LIKE injection through the filter value.
    const condition = filterCondition({ attribute: 'given_name', operator: '^=', value: "50%_off'; DROP TABLE users; --" }, 4, false);
    expect(condition.sql).toBe("attributes ->> 'given_name' LIKE $4");
    expect(condition.param).toBe("50\\%\\_off'; DROP TABLE users; --%");
  });
});
