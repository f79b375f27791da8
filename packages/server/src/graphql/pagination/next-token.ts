import { createHmac, createSecretKey, hash, timingSafeEqual } from 'node:crypto';
import { DataApiError } from '../errors/data-api-errors.js';

/** What a page token is bound to: which list (and parent), which filter, and which caller. */
export interface PageBinding {
  /** The list operation or connection, e.g. `listAccountMdls` or `AccountMdl.Contacts:<parent id>`. */
  readonly scope: string;
  /** Digest of the filter (see filterDigest). */
  readonly filter: string;
  /** The caller's subject. */
  readonly caller: string;
}

/** Issues and opens the opaque, HMAC-signed keyset tokens of list operations. */
export interface NextTokenCodec {
  /** A token resuming after `lastId` for this binding. */
  issue(binding: PageBinding, lastId: string): string;
  /** The id to resume after; throws InvalidNextTokenException when forged, altered, expired or bound elsewhere. */
  open(token: string, binding: PageBinding): string;
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonical(v);
    }
    return out;
  }
  return value;
}

/** JSON of `value` with object keys sorted (and undefined entries dropped): equal for equal values. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value ?? null));
}

function digestOf(json: string): string {
  // One-shot hash: no Hash object per list request.
  return hash('sha256', json, 'base64url').slice(0, 22);
}

/** The digest of "no filter", by far the most common. */
const NO_FILTER = digestOf('null');

/** A short digest of a filter that is the same for equal filters whatever their key order. */
export function filterDigest(filter: unknown): string {
  return filter === null || filter === undefined ? NO_FILTER : digestOf(canonicalJson(filter));
}

interface TokenPayload {
  readonly v: 1;
  readonly s: string;
  readonly f: string;
  readonly c: string;
  readonly k: string;
  readonly t: number;
}

function invalid(): DataApiError {
  return new DataApiError('InvalidNextTokenException');
}

/**
 * Creates the codec. `secret` keys the HMAC (derive it from a server secret; tokens signed with
 * another secret are refused); tokens older than `ttlSeconds` are refused so a leaked one does not
 * stay usable.
 */
export function createNextTokenCodec(secret: Uint8Array | string, now: () => Date, ttlSeconds = 24 * 3600): NextTokenCodec {
  // A KeyObject: each HMAC then skips importing the raw key.
  const key = createSecretKey(createHmac('sha256', secret).update('steward/graphql/next-token/v1').digest());
  const mac = (payload: string): Buffer => createHmac('sha256', key).update(payload).digest();
  return {
    issue(binding: PageBinding, lastId: string): string {
      const payload: TokenPayload = { v: 1, s: binding.scope, f: binding.filter, c: binding.caller, k: lastId, t: Math.floor(now().getTime() / 1000) };
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    open(token: string, binding: PageBinding): string {
      if (token.length > 4096) throw invalid();
      const dot = token.indexOf('.');
      if (dot <= 0 || dot !== token.lastIndexOf('.')) throw invalid();
      const body = token.slice(0, dot);
      // The MAC's text is compared, not its decoded bytes: base64url's last character carries unused
      // bits, so two spellings decode alike and a tampered token would otherwise pass.
      const given = Buffer.from(token.slice(dot + 1), 'utf8');
      const expected = Buffer.from(mac(body).toString('base64url'), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
      let payload: TokenPayload;
      try {
        payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
      } catch {
        throw invalid();
      }
      if (payload.v !== 1 || typeof payload.k !== 'string' || typeof payload.t !== 'number') throw invalid();
      // Bound to the list, the filter and the caller: a token cannot be replayed on another query or by another user.
      if (payload.s !== binding.scope || payload.f !== binding.filter || payload.c !== binding.caller) throw invalid();
      const age = Math.floor(now().getTime() / 1000) - payload.t;
      if (age > ttlSeconds || age < -300) throw new DataApiError('InvalidNextTokenException', 'The nextToken has expired; list again from the start.');
      return payload.k;
    },
  };
}
