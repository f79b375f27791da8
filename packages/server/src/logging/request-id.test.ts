import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { acceptedRequestId, MAX_REQUEST_ID_LENGTH, requestIdOf } from './request-id.js';

const withHeader = (value: string | string[] | undefined): IncomingMessage => ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as unknown as IncomingMessage;

describe('request ids', () => {
  it("keeps a proxy's well-formed id: a UUID, nginx's hex, an AWS trace id", () => {
    for (const id of ['3f1c2b9e-8f0a-4c51-9d55-0e3a7e9f1b2c', '0123456789abcdef0123456789abcdef', '1-5759e988-bd862e3fe1be46a994272793', 'req.42:a_b']) {
      expect(acceptedRequestId(id)).toBe(id);
      expect(requestIdOf(withHeader(id))).toBe(id);
    }
  });

  it('replaces a missing, repeated, over-long or ill-formed id with a new UUID', () => {
    // Threat: a client writing what it likes into every log line of its request (forged fields, line breaks, megabytes).
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const bad of [undefined, '', 'a'.repeat(MAX_REQUEST_ID_LENGTH + 1), 'id\nfake line', '{"level":60}', 'id with spaces', '-leading-dash', ['a', 'b']]) {
      expect(acceptedRequestId(bad)).toBeUndefined();
      expect(requestIdOf(withHeader(bad))).toMatch(uuid);
    }
    expect(acceptedRequestId('a'.repeat(MAX_REQUEST_ID_LENGTH))).toHaveLength(MAX_REQUEST_ID_LENGTH);
  });

  it('generates a different id for each request without one', () => {
    expect(requestIdOf(withHeader(undefined))).not.toBe(requestIdOf(withHeader(undefined)));
  });
});
