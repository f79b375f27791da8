import { describe, expect, it } from 'vitest';
import { maskMessage, serializeError } from './error-serializer.js';

describe('error log serializer', () => {
  it('withholds the message of a JSON parse error, which quotes the body', () => {
    // Threat: a malformed request body (with a password or code in it) copied into the log by the parser's message.
    let parseError: unknown;
    try {
      JSON.parse('{"Password": "Hunter2-Secret!" oops');
    } catch (error) {
      parseError = error;
    }
    const logged = JSON.stringify(serializeError(parseError));
    expect(logged).toContain('SyntaxError');
    expect(logged).not.toContain('Hunter2-Secret!');
  });

  it("drops fields that quote data: PGlite's query and params, PostgreSQL's detail, the HTTP parser's raw packet", () => {
    // Threat: a failed statement's parameters (a password hash, a sealed secret) or the raw request bytes in an error line.
    const dbError = Object.assign(new Error('duplicate key value violates unique constraint "users_pkey"'), {
      code: '23505',
      constraint: 'users_pkey',
      table: 'users',
      detail: 'Key (sub)=(secret-sub-value) already exists.',
      query: 'INSERT INTO users VALUES ($1, $2)',
      params: ['secret-param-value', 'another-secret'],
    });
    const parserError = Object.assign(new Error('Parse Error: Invalid header value char'), { code: 'HPE_INVALID_HEADER_TOKEN', rawPacket: Buffer.from('Authorization: Bearer raw-secret') });
    const logged = serializeError(dbError);
    expect(logged).toMatchObject({ type: 'Error', code: '23505', constraint: 'users_pkey', table: 'users', message: 'duplicate key value violates unique constraint "users_pkey"' });
    const text = JSON.stringify([logged, serializeError(parserError)]);
    for (const secret of ['secret-sub-value', 'secret-param-value', 'another-secret', 'INSERT INTO', 'raw-secret']) expect(text).not.toContain(secret);
  });

  it('keeps the stack frames without the first line, and follows causes a bounded number of links', () => {
    const inner = new Error('relation "users" does not exist');
    const outer = new Error('step failed', { cause: inner });
    const logged = serializeError(outer);
    expect(logged.stack).toMatch(/^\s*at /);
    expect(logged.stack).not.toContain('step failed');
    expect(logged.cause?.message).toBe('relation "users" does not exist');
    let deep: Error = new Error('level 0');
    for (let i = 1; i <= 10; i++) deep = new Error(`level ${i}`, { cause: deep });
    expect(JSON.stringify(serializeError(deep))).not.toContain('level 5');
  });

  it('masks JWT-shaped strings in messages and logs only the type of a thrown non-Error', () => {
    // Threat: a token quoted in an exception message (a library echoing what it could not verify).
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXBhcnQ';
    expect(maskMessage(`could not verify ${jwt} now`)).toBe('could not verify [jwt] now');
    expect(maskMessage('x'.repeat(2000)).length).toBeLessThan(510);
    expect(serializeError({ password: 'thrown-object-secret' })).toEqual({ type: 'object', message: '[a non-Error value was thrown]', stack: '' });
  });
});
