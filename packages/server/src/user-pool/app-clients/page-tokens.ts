// NextToken of ListUserPoolClients and ListResourceServers: the offset of the next page. Lists are
// short and admin-only, so an offset (not a signed cursor) is enough.
import { fail } from '../../errors/catalogue.js';

/** The offset a NextToken stands for (0 without one); InvalidParameterException for a malformed token. */
export function pageOffset(token: string | undefined): number {
  if (token === undefined) return 0;
  const offset = Number(Buffer.from(token, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(offset) || offset < 0) throw fail('InvalidParameterException', 'Invalid pagination token.');
  return offset;
}

/** The NextToken of the page starting at `offset`. */
export function pageToken(offset: number): string {
  return Buffer.from(String(offset)).toString('base64url');
}
