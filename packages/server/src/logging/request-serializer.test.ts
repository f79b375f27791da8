import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './request-serializer.js';

describe('request log serializer', () => {
  it('replaces the values of secret query parameters and keeps the rest of the URL', () => {
    // Threat: a confirmation code or token in a link ending up in the server log.
    expect(redactUrl('/confirmUser?client_id=abc&user_name=erin&confirmation_code=123456')).toBe('/confirmUser?client_id=abc&user_name=erin&confirmation_code=[redacted]');
    expect(redactUrl('/x?Code=1&token=t&%63ode=2&other=3')).toBe('/x?Code=[redacted]&token=[redacted]&%63ode=[redacted]&other=3');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactUrl('/bad?%E0%A4%A=1&code=9')).toBe('/bad?%E0%A4%A=1&code=[redacted]');
  });

  it("replaces the token of an opt-out link's path", () => {
    // Threat: whoever reads the log opting a consumer out (or in) with the link's signed token.
    expect(redactUrl('/opt-out/eyJkIjoxfQ.c2ln')).toBe('/opt-out/[redacted]');
    expect(redactUrl('/opt-out/eyJkIjoxfQ.c2ln?x=1')).toBe('/opt-out/[redacted]?x=1');
    expect(redactUrl('/opt-out/')).toBe('/opt-out/');
  });

  it('never lets a confirmation code through, whatever else the query holds', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.stringMatching(/^[a-z_]{1,12}$/), fc.string())), fc.stringMatching(/^\d{6}$/), (pairs, code) => {
        const query = [...pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`), `confirmation_code=${code}`].join('&');
        const logged = serializeRequest({ method: 'GET', url: `/confirmUser?${query}` }).url ?? '';
        expect(logged).toContain('confirmation_code=[redacted]');
        expect(logged.split('&').some((pair) => pair === `confirmation_code=${code}`)).toBe(false);
      }),
    );
  });
});
