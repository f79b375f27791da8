// The workspace's appends and flag changes: a note, the dispute flag, a debtor's do-not-contact flags.
// Each runs in one transaction with its timeline entry, under the row lock of what it changes, so two
// collectors at one account both land (notes are inserts; flags are merged on the server).
import { deskEvent, deskTransaction } from '../desk-audit.js';
import type { AuditTrail } from '../../audit/audit-trail.js';
import { fieldChanges } from '../../audit/audit-event.js';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../time/clock.js';
import { appendActivity } from '../activity/account-activity.js';
import type { DeskAccountRow } from '../desk-accounts.js';
import { loadDeskAccount, optionalText, requiredText } from '../desk-accounts.js';
import type { DeskActor } from '../desk-error.js';
import { DeskError } from '../desk-error.js';
import { parseDoNotContactChannel, storeDoNotContact } from './do-not-contact.js';

/** What the services need (`audit`: where their changes are recorded, when on). */
export interface DeskDeps {
  readonly db: Database;
  readonly clock: Clock;
  readonly audit?: AuditTrail;
}

/** A timeline entry as the API returns it. */
export interface ActivityRow {
  id: string;
  kind: string;
  at: Date | string;
  actor: string | null;
  actorName: string | null;
  summary: string | null;
  details: string | null;
}

/** Appends a note to the account's timeline. */
export async function addAccountNote(deps: DeskDeps, actor: DeskActor, accountId: string, text: string): Promise<ActivityRow> {
  const note = requiredText(text, 'text', 4000);
  return deskTransaction(deps, async (tx, audit) => {
    const now = deps.clock.now();
    // No lock: a note is an insert and changes nothing of the account, so notes never wait for each other.
    const account = await loadDeskAccount(tx, accountId);
    const id = await appendActivity(tx, { accountId: account.id, clientNumber: account.clientNumber, kind: 'note', at: now, actor: actor.sub, actorName: actor.name, summary: note, details: { text: note } });
    audit.record(deskEvent(actor, 'desk.note_added', { type: 'AccountActivityMdl', id }, account.id, { text: { before: null, after: note } }));
    return { id, kind: 'note', at: now, actor: actor.sub, actorName: actor.name, summary: note, details: JSON.stringify({ text: note }) };
  });
}

/** Opens or resolves the account's dispute; while open, the contact rules refuse collection contacts (ACCOUNT_DISPUTED). */
export async function setAccountDispute(deps: DeskDeps, actor: DeskActor, accountId: string, disputed: boolean, reason: string): Promise<DeskAccountRow> {
  const why = requiredText(reason, 'reason');
  return deskTransaction(deps, async (tx, audit) => {
    const now = deps.clock.now();
    const account = await loadDeskAccount(tx, accountId, true);
    audit.record(deskEvent(actor, 'desk.dispute_set', { type: 'AccountMdl', id: account.id }, account.id, fieldChanges({ disputed: account.disputed }, { disputed }), { reason: why }));
    await tx.query(`UPDATE "AccountMdl" SET "disputed" = $2, "_version" = "_version" + 1, "updatedAt" = $3 WHERE "id" = $1`, [account.id, disputed, now]);
    await appendActivity(tx, {
      accountId: account.id,
      clientNumber: account.clientNumber,
      kind: 'dispute',
      at: now,
      actor: actor.sub,
      actorName: actor.name,
      summary: `${disputed ? 'Dispute opened' : 'Dispute resolved'}: ${why}`,
      details: { disputed, was: account.disputed, reason: why },
    });
    return loadDeskAccount(tx, account.id);
  });
}

/** Sets one do-not-contact flag of a debtor (merged with the stored ones); returns the debtor's id. */
export async function setDoNotContact(deps: DeskDeps, actor: DeskActor, debtorId: string, channelText: string, doNotContact: boolean, reason: string | null | undefined): Promise<string> {
  const channel = parseDoNotContactChannel(channelText.trim());
  const why = optionalText(reason, 'reason');
  return deskTransaction(deps, async (tx, audit) => {
    const now = deps.clock.now();
    const { accountId, clientNumber, before, after } = await storeDoNotContact(tx, debtorId, channel, doNotContact, now);
    audit.record(deskEvent(actor, 'desk.do_not_contact_set', { type: 'DebtorMdl', id: debtorId }, accountId, { doNotContact: { before: before ?? null, after } }, { channel, reason: why }));
    if (accountId === null) throw new DeskError('BAD_REQUEST', `Debtor ${debtorId} belongs to no account.`);
    await appendActivity(tx, {
      accountId,
      clientNumber,
      kind: 'do_not_contact',
      at: now,
      actor: actor.sub,
      actorName: actor.name,
      summary: `${doNotContact ? 'Do not contact' : 'Contact allowed again'} by ${channel === 'all' ? 'any channel' : channel}${why === null ? '' : `: ${why}`}`,
      details: { debtorId, channel, doNotContact, reason: why, flags: after },
    });
    return debtorId;
  });
}
