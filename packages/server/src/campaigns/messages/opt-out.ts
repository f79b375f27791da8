// Opting out of a channel: the signed link an email carries, and what an opt-out does to the debtor
// (adds the channel to doNotContact, which the runner checks when each contact comes due). A link is
// an HMAC of the debtor and the channel under a key derived from SIGNING_KEY_SECRET: unguessable, needs
// no login and no stored state, and names nothing but an opaque id.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ContactChannel, DoNotContact } from '@steward/collections';
import type { Queryable } from '../../db/database.js';
import type { Clock } from '../../time/clock.js';
import { readDoNotContact } from '../planner/plan-store.js';

/** The channels a consumer can opt out of from a message. */
export type OptOutChannel = Extract<ContactChannel, 'email' | 'sms'>;

/** What the runner needs to put an opt-out link in an email. */
export interface CampaignMessageSettings {
  /** The server's public URL, which the link starts with. */
  readonly publicUrl: string;
  /** The key opt-out links are signed with. */
  readonly optOutKey: Buffer;
}

/** The settings of campaign messages from the server's configuration. */
export function campaignMessageSettings(config: { readonly publicUrl: string; readonly signingKeySecret: string }): CampaignMessageSettings {
  // A key of its own, so a link's MAC can never serve as any other signature of the server.
  const optOutKey = createHmac('sha256', config.signingKeySecret).update('steward campaign opt-out links v1').digest();
  return { publicUrl: config.publicUrl.replace(/\/+$/, ''), optOutKey };
}

const mac = (key: Buffer, debtorId: string, channel: OptOutChannel): Buffer => createHmac('sha256', key).update(`${debtorId}\n${channel}`).digest();

/** The token of a debtor's opt-out link for a channel. */
export function optOutToken(key: Buffer, debtorId: string, channel: OptOutChannel): string {
  return `${Buffer.from(debtorId, 'utf8').toString('base64url')}.${channel}.${mac(key, debtorId, channel).toString('base64url')}`;
}

/** The full opt-out link of a debtor for a channel. */
export function optOutUrl(settings: CampaignMessageSettings, debtorId: string, channel: OptOutChannel): string {
  return `${settings.publicUrl}/opt-out/${optOutToken(settings.optOutKey, debtorId, channel)}`;
}

/** The debtor and channel of a genuine token, or null for anything else (forged, altered, malformed). */
export function readOptOutToken(key: Buffer, token: string): { debtorId: string; channel: OptOutChannel } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, channel, signature] = parts as [string, string, string];
  if ((channel !== 'email' && channel !== 'sms') || !/^[A-Za-z0-9_-]+$/.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  const debtorId = Buffer.from(id, 'base64url').toString('utf8');
  const expected = mac(key, debtorId, channel);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { debtorId, channel } : null;
}

/** How often an opt-out re-reads a debtor whose doNotContact changed between its read and its write. */
const OPT_OUT_ATTEMPTS = 5;

/**
 * Adds `channel` to the doNotContact of each debtor (idempotent); returns how many debtors there were.
 * The write only lands on the value it was computed from (and bumps `_version`), so an email opt-out
 * and a STOP arriving together, or a staff edit, never erase each other: the loser reads again.
 */
export async function optOutDebtors(db: Queryable, clock: Clock, debtorIds: readonly string[], channel: OptOutChannel): Promise<number> {
  let count = 0;
  for (const id of debtorIds) {
    for (let attempt = 1; ; attempt += 1) {
      const rows = await db.query<{ doNotContact: string | null }>(`SELECT "doNotContact" FROM "DebtorMdl" WHERE "id" = $1`, [id]);
      const row = rows[0];
      if (row === undefined) break;
      if (attempt === 1) count += 1;
      const current: DoNotContact = readDoNotContact(row.doNotContact) ?? {};
      if (current.all === true || current.channels?.includes(channel) === true) break;
      const next = { all: false, channels: [...(current.channels ?? []), channel] };
      const written = await db.query<{ id: string }>(
        `UPDATE "DebtorMdl" SET "doNotContact" = $2, "updatedAt" = $3, "_version" = "_version" + 1 WHERE "id" = $1 AND "doNotContact" IS NOT DISTINCT FROM $4 RETURNING "id"`,
        [id, JSON.stringify(next), clock.now(), row.doNotContact],
      );
      if (written.length > 0) break;
      if (attempt >= OPT_OUT_ATTEMPTS) throw new Error(`doNotContact of debtor ${id} kept changing; the opt-out was not recorded`);
    }
  }
  return count;
}

/** The debtors whose phone is this number (compared on its last ten digits, however either is written). */
export async function debtorsWithPhone(db: Queryable, phone: string): Promise<string[]> {
  const digits = phone.replace(/\D/g, '').slice(-10);
  if (digits.length < 10) return [];
  const rows = await db.query<{ id: string }>(`SELECT "id" FROM "DebtorMdl" WHERE right(regexp_replace(COALESCE("phone", ''), '[^0-9]', '', 'g'), 10) = $1`, [digits]);
  return rows.map((r) => r.id);
}

/** The words that opt a consumer out of texts (the carriers' standard opt-out keywords), case and punctuation aside. */
export const SMS_STOP_WORDS: readonly string[] = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];

/** True when an inbound text asks to stop texts. */
export function isStopRequest(text: string): boolean {
  const word = text.trim().toUpperCase().replace(/[^A-Z]/g, '');
  return SMS_STOP_WORDS.includes(word);
}
