// A debtor's do-not-contact flags, merged on the server: the debtor's row is locked, the stored flags
// read and the one channel changed, so two collectors setting different channels both land.
import type { ContactChannel, DoNotContact } from '@steward/collections';
import { CONTACT_CHANNELS } from '@steward/collections';
import type { Queryable } from '../../db/database.js';
import { readDoNotContact } from '../../campaigns/planner/plan-store.js';
import { DeskError } from '../desk-error.js';

/** The channels setDoNotContact takes: one channel or all of them. */
export type DoNotContactChannel = ContactChannel | 'all';

/** The channel argument checked, or DeskError BAD_REQUEST. */
export function parseDoNotContactChannel(value: string): DoNotContactChannel {
  if (value === 'all' || CONTACT_CHANNELS.some((c) => c === value)) return value as DoNotContactChannel;
  throw new DeskError('BAD_REQUEST', `channel must be call, sms, email, letter or all, not ${JSON.stringify(value)}.`);
}

/** The flags after setting one channel (pure). Clearing `all` clears every flag: it is how a consumer takes back a cease request. */
export function mergeDoNotContact(current: DoNotContact | undefined, channel: DoNotContactChannel, doNotContact: boolean): { all: boolean; channels: ContactChannel[] } {
  const channels = new Set(current?.channels ?? []);
  if (channel === 'all') return doNotContact ? { all: true, channels: CONTACT_CHANNELS.filter((c) => channels.has(c)) } : { all: false, channels: [] };
  if (doNotContact) channels.add(channel);
  else channels.delete(channel);
  return { all: current?.all === true, channels: CONTACT_CHANNELS.filter((c) => channels.has(c)) };
}

/** Sets one channel's flag of a debtor under its row lock; returns the debtor's account and the flags before and after. */
export async function storeDoNotContact(tx: Queryable, debtorId: string, channel: DoNotContactChannel, doNotContact: boolean, now: Date): Promise<{ accountId: string | null; clientNumber: string | null; before: DoNotContact | undefined; after: { all: boolean; channels: ContactChannel[] } }> {
  const rows = await tx.query<{ accountmdlID: string | null; clientNumber: string | null; doNotContact: string | null }>(
    `SELECT "accountmdlID", "clientNumber", "doNotContact" FROM "DebtorMdl" WHERE "id" = $1 FOR UPDATE`,
    [debtorId],
  );
  const row = rows[0];
  if (row === undefined) throw new DeskError('NOT_FOUND', `Debtor ${debtorId} does not exist.`);
  const before = readDoNotContact(row.doNotContact);
  const after = mergeDoNotContact(before, channel, doNotContact);
  await tx.query(`UPDATE "DebtorMdl" SET "doNotContact" = $2, "_version" = "_version" + 1, "updatedAt" = $3 WHERE "id" = $1`, [debtorId, JSON.stringify(after), now]);
  return { accountId: row.accountmdlID, clientNumber: row.clientNumber, before, after };
}
