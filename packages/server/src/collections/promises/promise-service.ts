// Promises to pay (issue 22): take one (a single payment, installments, or a repeating amount) with a
// schedule built by the pure rules in the debtor's local dates, preview a schedule, cancel one. Taking
// is idempotent by the client reference and schedules one promise.check job per installment deadline
// in the same transaction, so a promise never exists without its checks.
import { deskEvent, deskTransaction } from '../desk-audit.js';
import type { AuditTrail } from '../../audit/audit-trail.js';
import { fieldChanges } from '../../audit/audit-event.js';
import { randomUUID } from 'node:crypto';
import { addLocalDays, buildPromiseSchedule, evaluatePromise, formatCents, localDateOf, MAX_GRACE_DAYS, promiseCheckInstant, type Frequency, type PromiseScheduleRequest, type ScheduledInstallment } from '@steward/collections';
import type { Database, Queryable } from '../../db/database.js';
import { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../time/clock.js';
import { appendActivity } from '../activity/account-activity.js';
import { lockAccount } from '../payments/account-balances.js';
import { checkClientReference, isLocalDate, MAX_INT, MoneyOperationError } from '../payments/money-error.js';
import { DEFAULT_ORGANISATION_TIME_ZONE, promiseDebtor } from './debtor-time-zone.js';
import { reevaluateAccountPromises, storedInstallments, takenOnOf, type Actor } from './promise-evaluation.js';
import { readAccountPromises, readPromise, readPromiseByReference, type CollectionsPromise, type StoredInstallment } from './promise-records.js';

/** The job kind of the broken-promise check. */
export const PROMISE_CHECK_JOB = 'promise.check';

/** The payload of a promise.check job. */
export interface PromiseCheckPayload {
  readonly promiseId: string;
  readonly seq: number;
}

/** PromiseScheduleInput as the API receives it. */
export interface PromiseScheduleInput {
  readonly kind: string;
  readonly amountCents?: number | null;
  readonly dueDate?: string | null;
  readonly installments?: readonly { readonly dueDate: string; readonly amountCents: number }[] | null;
  readonly totalCents?: number | null;
  readonly count?: number | null;
  readonly firstDueDate?: string | null;
  readonly every?: string | null;
}

/** TakePromiseInput. */
export interface TakePromiseInput {
  readonly accountId: string;
  readonly debtorId?: string | null;
  readonly schedule: PromiseScheduleInput;
  readonly graceDays?: number | null;
  readonly note?: string | null;
  readonly clientReference: string;
}

/** Tuning of the promise service. */
export interface PromiseServiceOptions {
  /** Grace days when a promise does not say (3). */
  readonly defaultGraceDays?: number;
  /** The zone when neither the debtor nor the account says one (America/New_York). */
  readonly defaultTimeZone?: string;
}

const FREQUENCIES: readonly Frequency[] = ['weekly', 'biweekly', 'monthly'];

function required<T>(value: T | null | undefined, field: string, kind: string): T {
  if (value === null || value === undefined) throw new MoneyOperationError('INVALID_INPUT', `schedule.${field} is required for a ${kind} promise.`);
  return value;
}

function frequency(value: string | null | undefined, kind: string): Frequency {
  const every = required(value, 'every', kind);
  if (!(FREQUENCIES as readonly string[]).includes(every)) throw new MoneyOperationError('INVALID_INPUT', `schedule.every must be one of ${FREQUENCIES.join(', ')}; got ${JSON.stringify(every)}.`);
  return every as Frequency;
}

function date(value: string | null | undefined, field: string, kind: string): string {
  const text = required(value, field, kind);
  if (!isLocalDate(text)) throw new MoneyOperationError('INVALID_INPUT', `schedule.${field} must be a calendar date YYYY-MM-DD; got ${JSON.stringify(text)}.`);
  return text;
}

/** The API's schedule input as the rules' request; INVALID_INPUT naming the missing or bad field. */
export function scheduleRequestOf(input: PromiseScheduleInput): PromiseScheduleRequest {
  switch (input.kind) {
    case 'single':
      return { kind: 'single', amountCents: required(input.amountCents, 'amountCents', 'single'), dueDate: date(input.dueDate, 'dueDate', 'single') };
    case 'installments':
      if (input.installments !== null && input.installments !== undefined) {
        return { kind: 'installments', installments: input.installments.map((i) => ({ dueDate: i.dueDate, amountCents: i.amountCents })) };
      }
      return {
        kind: 'installments',
        totalCents: required(input.totalCents, 'totalCents', 'installments'),
        count: required(input.count, 'count', 'installments'),
        firstDueDate: date(input.firstDueDate, 'firstDueDate', 'installments'),
        every: frequency(input.every, 'installments'),
      };
    case 'recurring':
      return {
        kind: 'recurring',
        amountCents: required(input.amountCents, 'amountCents', 'recurring'),
        firstDueDate: date(input.firstDueDate, 'firstDueDate', 'recurring'),
        every: frequency(input.every, 'recurring'),
        count: required(input.count, 'count', 'recurring'),
      };
    default:
      throw new MoneyOperationError('INVALID_INPUT', `schedule.kind must be single, installments or recurring; got ${JSON.stringify(input.kind)}.`);
  }
}

/** The rules' schedule, their refusal turned into PROMISE_RULE with the rule's code. */
function buildSchedule(request: PromiseScheduleRequest, today: string): ScheduledInstallment[] {
  let schedule: ScheduledInstallment[];
  try {
    schedule = buildPromiseSchedule(request, today);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') throw error;
    throw new MoneyOperationError('PROMISE_RULE', error instanceof Error ? error.message : String(error), { rule: code });
  }
  const total = schedule.reduce((sum, i) => sum + i.amountCents, 0);
  if (total > MAX_INT) throw new MoneyOperationError('INVALID_AMOUNT', `The promise totals ${total} cents, beyond what the API carries (at most ${MAX_INT}).`);
  return schedule;
}

/** Takes, previews and cancels promises. */
export class PromiseService {
  readonly db: Database;
  private readonly clock: Clock;
  readonly audit: AuditTrail | undefined;
  private readonly jobs: JobQueue;
  private readonly defaultGraceDays: number;
  private readonly defaultTimeZone: string;

  constructor(deps: { readonly db: Database; readonly clock: Clock; readonly audit?: AuditTrail }, options: PromiseServiceOptions = {}) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.audit = deps.audit;
    this.jobs = new JobQueue(deps);
    this.defaultGraceDays = options.defaultGraceDays ?? 3;
    this.defaultTimeZone = options.defaultTimeZone ?? DEFAULT_ORGANISATION_TIME_ZONE;
  }

  private graceDays(value: number | null | undefined): number {
    const grace = value ?? this.defaultGraceDays;
    if (!Number.isInteger(grace) || grace < 0 || grace > MAX_GRACE_DAYS) throw new MoneyOperationError('INVALID_INPUT', `graceDays must be a whole number from 0 to ${MAX_GRACE_DAYS}; got ${String(grace)}.`);
    return grace;
  }

  /** The installments a schedule would make for the account's debtor today (nothing stored). */
  async preview(accountId: string, debtorId: string | null | undefined, schedule: PromiseScheduleInput, graceDays?: number | null): Promise<StoredInstallment[]> {
    const grace = this.graceDays(graceDays);
    const request = scheduleRequestOf(schedule);
    const accounts = await this.db.query<{ id: string; zipCode: string | null }>(`SELECT "id", "zipCode" FROM "AccountMdl" WHERE "id" = $1`, [accountId]);
    const account = accounts[0];
    if (account === undefined) throw new MoneyOperationError('UNKNOWN_ACCOUNT', `There is no account ${JSON.stringify(accountId)}.`);
    const debtor = await promiseDebtor(this.db, account, debtorId, this.defaultTimeZone);
    const built = buildSchedule(request, localDateOf(this.clock.now(), debtor.timeZone));
    return built.map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountCents: i.amountCents, paidCents: 0, state: 'pending', lastKeepDate: addLocalDays(i.dueDate, grace) }));
  }

  /** Takes a promise (a repeated clientReference returns the first one) and schedules its checks. */
  async take(actor: Actor, input: TakePromiseInput): Promise<{ promise: CollectionsPromise; duplicate: boolean }> {
    const reference = checkClientReference(input.clientReference);
    const grace = this.graceDays(input.graceDays);
    const request = scheduleRequestOf(input.schedule);
    const note = input.note === null || input.note === undefined || input.note.trim() === '' ? null : input.note.trim().slice(0, 2000);
    return deskTransaction(this, async (tx, audit) => {
      const now = this.clock.now();
      const account = await lockAccount(tx, input.accountId);
      const earlier = await readPromiseByReference(tx, account.id, reference);
      if (earlier !== undefined) return { promise: earlier, duplicate: true };
      const debtor = await promiseDebtor(tx, account, input.debtorId, this.defaultTimeZone);
      const today = localDateOf(now, debtor.timeZone);
      const schedule = buildSchedule(request, today);
      // A new promise replaces the account's active one: payments from now on go to the new one anyway.
      for (const old of await readAccountPromises(tx, account.id, { lock: true })) {
        if (old.status !== 'active') continue;
        await this.cancelStored(tx, old, 'superseded by a new promise', now);
        audit.record(deskEvent(actor, 'desk.promise_cancelled', { type: 'PromiseMdl', id: old.id }, account.id, { status: { before: old.status, after: 'cancelled' }, cancelReason: { before: null, after: 'superseded by a new promise' } }));
      }
      const id = randomUUID();
      const installments = schedule.map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountCents: i.amountCents, paidCents: 0, state: 'pending', lastKeepDate: addLocalDays(i.dueDate, grace) }));
      const total = schedule.reduce((sum, i) => sum + i.amountCents, 0);
      await tx.query(
        `INSERT INTO "PromiseMdl" ("id", "accountmdlID", "debtormdlID", "clientNumber", "fileNumber", "kind", "totalCents", "graceDays", "timeZone", "installments", "status",
                                   "nextDueDate", "takenBy", "takenAt", "clientReference", "createdAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'active', $11, $12, $13, $14, $13, $13)`,
        [id, account.id, debtor.id, account.clientNumber, account.fileNumber, request.kind, total, grace, debtor.timeZone, JSON.stringify(installments), installments[0]?.dueDate ?? null, actor.sub, now, reference],
      );
      // A new promise is the collector's answer to a broken one: the queue stops showing it broken.
      await tx.query(`UPDATE "AccountMdl" SET "brokenPromiseAt" = NULL, "updatedAt" = $2, "_version" = "_version" + 1 WHERE "id" = $1`, [account.id, now]);
      await reevaluateAccountPromises(tx, { ...account, brokenPromiseAt: null }, now, actor);
      await this.jobs.enqueueMany(
        schedule.map((i) => ({
          kind: PROMISE_CHECK_JOB,
          payload: { promiseId: id, seq: i.seq } satisfies PromiseCheckPayload,
          dedupeKey: `${id}:${i.seq}`,
          runAt: promiseCheckInstant(i.dueDate, grace, debtor.timeZone),
        })),
        tx,
      );
      await appendActivity(tx, {
        accountId: account.id,
        clientNumber: account.clientNumber,
        kind: 'promise',
        at: now,
        actor: actor.sub,
        actorName: actor.name,
        summary: `Promise to pay ${formatCents(total)} in ${schedule.length} installment${schedule.length === 1 ? '' : 's'}, first due ${schedule[0]?.dueDate ?? '?'}`,
        details: { promiseId: id, kind: request.kind, totalCents: total, installments: schedule, graceDays: grace, timeZone: debtor.timeZone, note, clientReference: reference },
      });
      const promise = await readPromise(tx, id);
      if (promise === undefined) throw new Error('the promise just taken is gone');
      audit.record(
        deskEvent(
          actor,
          'desk.promise_taken',
          { type: 'PromiseMdl', id },
          account.id,
          fieldChanges(null, { kind: request.kind, totalCents: total, installments: schedule.length, firstDueDate: schedule[0]?.dueDate ?? null, graceDays: grace, timeZone: debtor.timeZone, debtormdlID: debtor.id, clientReference: reference, note }),
        ),
      );
      return { promise, duplicate: false };
    });
  }

  /** Cancels an active (or broken) promise with a reason; its pending checks are cancelled. */
  async cancel(actor: Actor, promiseId: string, reason: string): Promise<CollectionsPromise> {
    const why = reason.trim();
    if (why === '' || why.length > 500) throw new MoneyOperationError('INVALID_INPUT', 'reason must be 1 to 500 characters.');
    const found = await readPromise(this.db, promiseId);
    if (found === undefined) throw new MoneyOperationError('UNKNOWN_PROMISE', `There is no promise ${JSON.stringify(promiseId)}.`);
    return deskTransaction(this, async (tx, audit) => {
      const now = this.clock.now();
      const account = await lockAccount(tx, found.accountId);
      const promise = (await readAccountPromises(tx, account.id, { lock: true })).find((p) => p.id === promiseId);
      if (promise === undefined) throw new MoneyOperationError('UNKNOWN_PROMISE', `There is no promise ${JSON.stringify(promiseId)}.`);
      if (promise.status !== 'active' && promise.status !== 'broken') throw new MoneyOperationError('PROMISE_NOT_ACTIVE', `The promise is ${promise.status}; only an active or broken promise can be cancelled.`, { status: promise.status });
      await this.cancelStored(tx, promise, why, now);
      await reevaluateAccountPromises(tx, account, now, actor);
      await appendActivity(tx, {
        accountId: account.id,
        clientNumber: account.clientNumber,
        kind: 'promise',
        at: now,
        actor: actor.sub,
        actorName: actor.name,
        summary: `Promise cancelled: ${why}`,
        details: { promiseId, status: 'cancelled', reason: why },
      });
      const cancelled = await readPromise(tx, promiseId);
      if (cancelled === undefined) throw new Error('the promise just cancelled is gone');
      audit.record(deskEvent(actor, 'desk.promise_cancelled', { type: 'PromiseMdl', id: promiseId }, account.id, { status: { before: promise.status, after: cancelled.status }, cancelReason: { before: null, after: why } }));
      return cancelled;
    });
  }

  /** Stores a promise as cancelled (unkept installments cancelled, as the rules say) and cancels its pending checks. */
  private async cancelStored(tx: Queryable, promise: CollectionsPromise, reason: string, now: Date): Promise<void> {
    const evaluation = evaluatePromise({
      installments: promise.installments.map((i) => ({ seq: i.seq, dueDate: i.dueDate, amountCents: i.amountCents })),
      graceDays: promise.graceDays,
      payments: [],
      takenOn: takenOnOf(promise),
      today: localDateOf(now, promise.timeZone),
      cancelled: true,
    });
    // Keep what was paid: the stored paid cents stay, only unkept states turn cancelled.
    const installments = storedInstallments(evaluation).map((i, index) => {
      const before = promise.installments[index];
      return before?.state === 'kept' ? before : { ...i, paidCents: before?.paidCents ?? 0, state: 'cancelled' };
    });
    await tx.query(
      `UPDATE "PromiseMdl" SET "status" = 'cancelled', "cancelledAt" = $2, "cancelReason" = $3, "nextDueDate" = NULL, "installments" = $4, "updatedAt" = $2, "_version" = "_version" + 1 WHERE "id" = $1`,
      [promise.id, now, reason, JSON.stringify(installments)],
    );
    await tx.query(`UPDATE jobs SET state = 'cancelled', finished_at = $1, updated_at = $1 WHERE kind = $2 AND dedupe_key LIKE $3 AND state = 'pending'`, [now, PROMISE_CHECK_JOB, `${promise.id}:%`]);
  }
}
