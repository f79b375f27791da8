// recordCall: a collector's call and its outcome, checked by the contact rules the campaign runner
// applies and written in one transaction: the contact_attempts row the rules count (so the runner and
// the planner see the call), the account's lastContactAt, the timeline entry, and the outcome's
// consequences (dispute, cease request). A call the rules forbid now is refused with the reasons and
// the next allowed instant, unless a supervisor overrides it with a reason, which is recorded.
import { deskEvent, deskTransaction } from '../desk-audit.js';
import type { AuditTrail } from '../../audit/audit-trail.js';
import { fieldChanges } from '../../audit/audit-event.js';
import { callOutcomeEffects, CALL_OUTCOMES, isCallOutcome } from '@steward/collections';
import type { Database, Queryable } from '../../db/database.js';
import { recordContactAttempt } from '../../campaigns/contact-attempts.js';
import { loadDebtor } from '../../campaigns/planner/plan-store.js';
import type { Clock } from '../../time/clock.js';
import { appendActivity } from '../activity/account-activity.js';
import type { DeskAccountRow } from '../desk-accounts.js';
import { loadDeskAccount, optionalText, requiredText } from '../desk-accounts.js';
import type { DeskActor } from '../desk-error.js';
import { DeskError } from '../desk-error.js';
import { storeDoNotContact } from '../workspace/do-not-contact.js';
import { judgeCall, loadCallInputs } from './call-rules.js';

/** recordCall's input (RecordCallInput). */
export interface RecordCallRequest {
  readonly accountId: string;
  readonly debtorId: string;
  readonly outcome: string;
  readonly note?: string | null;
  readonly overrideReason?: string | null;
  readonly clientReference: string;
}

/** What recordCall did. */
export interface RecordCallOutcome {
  readonly activityId: string;
  /** True when this clientReference was recorded before: nothing was written now. */
  readonly duplicate: boolean;
  readonly account: DeskAccountRow;
}

/** The call entry already recorded for this request, if any (after the account lock, so it cannot race). */
async function earlierCall(tx: Queryable, accountId: string, clientReference: string): Promise<string | null> {
  const rows = await tx.query<{ id: string }>(
    `SELECT "id" FROM "AccountActivityMdl" WHERE "clientReference" = $1 AND "accountmdlID" = $2 AND "kind" = 'call' ORDER BY "id" LIMIT 1`,
    [clientReference, accountId],
  );
  return rows[0]?.id ?? null;
}

/** Records a call; see the file comment. */
export async function recordCall(deps: { readonly db: Database; readonly clock: Clock; readonly audit?: AuditTrail }, actor: DeskActor, request: RecordCallRequest): Promise<RecordCallOutcome> {
  const outcome = request.outcome.trim();
  if (!isCallOutcome(outcome)) throw new DeskError('BAD_REQUEST', `outcome must be one of ${CALL_OUTCOMES.join(', ')}, not ${JSON.stringify(request.outcome)}.`);
  const clientReference = requiredText(request.clientReference, 'clientReference', 200);
  const note = optionalText(request.note, 'note');
  const overrideReason = optionalText(request.overrideReason, 'overrideReason');
  if (overrideReason !== null && !actor.supervisor) throw new DeskError('NOT_AUTHORIZED', 'Only a supervisor may override the contact rules.');
  return deskTransaction(deps, async (tx, audit) => {
    const now = deps.clock.now();
    const account = await loadDeskAccount(tx, request.accountId, true);
    const earlier = await earlierCall(tx, account.id, clientReference);
    if (earlier !== null) return { activityId: earlier, duplicate: true, account };
    const debtor = await loadDebtor(tx, request.debtorId);
    if (debtor === null || debtor.accountId !== account.id) throw new DeskError('NOT_FOUND', `Debtor ${request.debtorId} is not a debtor of account ${account.id}.`);
    const verdict = judgeCall(account, debtor, await loadCallInputs(tx, account.id, now), now, deps.clock);
    const base = { accountId: account.id, clientNumber: account.clientNumber, at: now, actor: actor.sub, actorName: actor.name };
    if (!verdict.allowed) {
      const reasons = verdict.reasons.map((r) => ({ code: r.code, message: r.message }));
      if (overrideReason === null) {
        throw new DeskError('CONTACT_NOT_ALLOWED', `The contact rules do not allow this call now: ${reasons.map((r) => r.message).join(' ')}`, {
          reasons,
          nextAllowedAt: verdict.nextAllowedAt?.toISOString() ?? null,
        });
      }
      await appendActivity(tx, { ...base, kind: 'override', summary: `Call made despite the contact rules: ${overrideReason}`, details: { debtorId: debtor.id, reason: overrideReason, reasons } });
    }
    const effects = callOutcomeEffects(outcome);
    await recordContactAttempt(tx, { accountId: account.id, channel: 'call', plannedAt: now, attemptedAt: now, outcome, conversation: effects.conversation }, now);
    await tx.query(
      `UPDATE "AccountMdl" SET "lastContactAt" = $2, "disputed" = CASE WHEN $3 THEN true ELSE "disputed" END, "_version" = "_version" + 1, "updatedAt" = $2 WHERE "id" = $1`,
      [account.id, now, effects.opensDispute],
    );
    const activityId = await appendActivity(tx, {
      ...base,
      kind: 'call',
      summary: `Call: ${outcome.replace(/_/g, ' ')}${note === null ? '' : ` — ${note}`}`,
      details: { debtorId: debtor.id, outcome, conversation: effects.conversation, note, ...(overrideReason === null || verdict.allowed ? {} : { overrideReason }) },
    });
    await tx.query(`UPDATE "AccountActivityMdl" SET "clientReference" = $2 WHERE "id" = $1`, [activityId, clientReference]);
    audit.record(
      deskEvent(
        actor,
        'desk.call_recorded',
        { type: 'AccountActivityMdl', id: activityId },
        account.id,
        fieldChanges(null, { debtormdlID: debtor.id, outcome, conversation: effects.conversation, note, clientReference }),
        verdict.allowed ? undefined : { overrideReason, blockedBy: verdict.reasons.map((r) => r.code) },
      ),
      effects.opensDispute && !account.disputed ? deskEvent(actor, 'desk.dispute_set', { type: 'AccountMdl', id: account.id }, account.id, { disputed: { before: false, after: true } }, { callActivityId: activityId }) : undefined,
    );
    if (effects.opensDispute && !account.disputed) {
      await appendActivity(tx, { ...base, kind: 'dispute', summary: 'Dispute opened on the call', details: { disputed: true, reason: note ?? 'dispute on a call', callActivityId: activityId } });
    }
    if (effects.ceasesContact) {
      const { before, after } = await storeDoNotContact(tx, debtor.id, 'all', true, now);
      audit.record(deskEvent(actor, 'desk.do_not_contact_set', { type: 'DebtorMdl', id: debtor.id }, account.id, { doNotContact: { before: before ?? null, after } }, { channel: 'all', callActivityId: activityId }));
      await appendActivity(tx, { ...base, kind: 'do_not_contact', summary: 'Cease request: do not contact on any channel', details: { debtorId: debtor.id, channel: 'all', doNotContact: true, flags: after, callActivityId: activityId } });
    }
    return { activityId, duplicate: false, account: await loadDeskAccount(tx, account.id) };
  });
}
